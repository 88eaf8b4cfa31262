import request from 'supertest';
import { createTestApp, TestApp } from '../support/app';
import { rev3AndRev4 } from '../support/hts-fixtures';
import { signUp } from '../support/accounts';

// Real data: the HTS releases and duty rules imported from real files, as on first start and backfill
// (2026 Rev 3 and Rev 4, and 2025 Rev 18, in force from 2025-08-07 to 2025-08-12).
const rev18of2025 = 'hts_2025_revision_18_json.json.gz';

// Real data: HTS 2026 Rev 4 and the duty rules imported from a data folder holding them, as on first start.
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ config: { trustProxy: true }, withTariffData: [...rev3AndRev4, rev18of2025] });
}, 180_000);
afterAll(() => app?.close());

const steersFromChina = {
  hts_code: '0102.29.40.24',
  country_code: 'CN',
  entry_date: '2026-10-09',
  declared_value: 10000,
  quantity: { value: 1000, unit: 'kg' },
};
let ipCounter = 0;
const freshIp = () => `198.18.0.${++ipCounter}`;

describe('POST /api/tariff/public/calculate with the real schedule and rules', () => {
  it("answers form A on the tariff host: the stack, its sources, and the caller's remaining calls", async () => {
    const res = await request(app.hosts.tariff)
      .post('/api/tariff/public/calculate')
      .set('X-Forwarded-For', freshIp())
      .send(steersFromChina)
      .expect(200);
    const { result, remaining } = res.body;
    expect(remaining).toBe(4);
    expect(res.headers['x-ratelimit-remaining']).toBe('4');
    expect(result).toMatchObject({
      hts_code: '0102.29.40.24',
      country: { code: 'CN', name: 'China' },
      declared_value: 10000,
      source: 'usitc_hts',
      entry_date: '2026-10-09',
    });
    // 1¢/kg × 1000 kg = $10 base; 12.5% forced-labor 301 + 7.5% List 4A on $10,000 (U.S. notes 52 and 20(s)).
    expect(result.rates.base_duty).toMatchObject({ rate_type: 'specific', amount: 10 });
    expect(result.rates.section_301).toEqual({ applies: true, rate: 20, amount: 2000 });
    expect(result.total_duty_amount).toBe(2010);
    const applying = result.components.filter((c: { status: string }) => c.status === 'applies');
    expect(applying.reduce((sum: number, c: { amount: number }) => sum + c.amount, 0)).toBeCloseTo(
      result.total_duty_amount,
      2,
    );
    for (const component of applying) expect(component.citations.length).toBeGreaterThan(0);
    expect(result.hts_release.id).toMatch(/^htsr_2026_rev_/);
  });

  it('answers form B on the main host, flat', async () => {
    const res = await request(app.hosts.main)
      .post('/api/tariff/public/calculate')
      .set('X-Forwarded-For', freshIp())
      .send(steersFromChina)
      .expect(200);
    expect(res.body).toMatchObject({
      hts_code: '0102.29.40.24',
      country: 'China',
      base_duty_rate: '1¢/kg',
      total_duty: 2010,
    });
    expect(res.body.tariff_breakdown).toEqual(
      expect.arrayContaining([
        { type: 'MFN', rate: expect.any(Number) },
        { type: 'Section 301', rate: 20 },
      ]),
    );
    expect(res.body).not.toHaveProperty('remaining');
  });

  it('never reports 0 for a specific rate without a quantity: the total is null and the reason is given', async () => {
    const { quantity: _omitted, ...withoutQuantity } = steersFromChina;
    const res = await request(app.hosts.tariff)
      .post('/api/tariff/public/calculate')
      .set('X-Forwarded-For', freshIp())
      .send(withoutQuantity)
      .expect(200);
    expect(res.body.result.total_duty_amount).toBeNull();
    expect(res.body.result.rates.base_duty.amount).toBeNull();
    expect(res.body.result.unresolved).toEqual(expect.arrayContaining([expect.objectContaining({ component: 'mfn' })]));
  });

  it('names the field of an unknown code or country (400), and does not count the call', async () => {
    const ip = freshIp();
    const code = await request(app.hosts.main)
      .post('/api/tariff/public/calculate')
      .set('X-Forwarded-For', ip)
      .send({ hts_code: '9999.99.9999', country_code: 'CN' })
      .expect(400);
    expect(code.body.errors).toEqual([expect.objectContaining({ pointer: '/body/hts_code' })]);
    const country = await request(app.hosts.tariff)
      .post('/api/tariff/public/calculate')
      .set('X-Forwarded-For', ip)
      .send({ hts_code: '6109.10.0012', country_code: 'ZZ' })
      .expect(400);
    expect(country.body.errors).toEqual([expect.objectContaining({ pointer: '/body/country_code' })]);
    const ok = await request(app.hosts.tariff)
      .post('/api/tariff/public/calculate')
      .set('X-Forwarded-For', ip)
      .send({ hts_code: '6109.10.0012', country_code: 'CN' })
      .expect(200);
    expect(ok.body.remaining).toBe(4);
  });

  it('answers 422 with the reason for a code not in force on the entry date', async () => {
    // 8541.90.00.00 is in 2025 Rev 18; 2026 Rev 2 split it into .10 and .80, so 2026 Rev 3 lacks it.
    const res = await request(app.hosts.tariff)
      .post('/api/tariff/public/calculate')
      .set('X-Forwarded-For', freshIp())
      .send({ hts_code: '8541.90.00.00', country_code: 'CN', entry_date: '2026-03-01' })
      .expect(422);
    expect(res.body.type).toBe('https://docs.tradelane.dev/problems/unprocessable');
    expect(res.body.detail).toContain('2025 Revision 18');
    expect(res.body.errors).toEqual([expect.objectContaining({ pointer: '/body/hts_code' })]);
  });

  it('reads a quantity whose unit is written as its trade-data code (KG) as the schedule unit', async () => {
    const res = await request(app.hosts.tariff)
      .post('/api/tariff/public/calculate')
      .set('X-Forwarded-For', freshIp())
      .send({ ...steersFromChina, quantity: { value: 1000, unit: 'KG' } })
      .expect(200);
    expect(res.body.result.rates.base_duty).toMatchObject({ rate_type: 'specific', amount: 10 });
  });

  it('refuses a Chapter 99 number as the product (400): it is the heading of a program', async () => {
    const res = await request(app.hosts.main)
      .post('/api/tariff/public/calculate')
      .set('X-Forwarded-For', freshIp())
      .send({ hts_code: '9903.01.24', country_code: 'CN', entry_date: '2026-03-02' })
      .expect(400);
    expect(res.body.detail).toContain('9903.01.24 is a Chapter 99 number');
    expect(res.body.errors).toEqual([expect.objectContaining({ pointer: '/body/hts_code' })]);
  });

  it('answers 422 at /body/entry_date for a date before the oldest release held', async () => {
    // The oldest release this app holds is 2025 Rev 18, in force from 2025-08-07.
    for (const host of [app.hosts.tariff, app.hosts.main]) {
      const res = await request(host)
        .post('/api/tariff/public/calculate')
        .set('X-Forwarded-For', freshIp())
        .send({ hts_code: '6109.10.00.12', country_code: 'VN', entry_date: '2025-03-01' })
        .expect(422);
      expect(res.body.detail).toContain('before the oldest HTS release we hold (2025 Revision 18');
      expect(res.body.errors).toEqual([expect.objectContaining({ pointer: '/body/entry_date' })]);
    }
  });

  it('prices a date more than 60 days after the newest release held, with a warning naming it', async () => {
    const warned = (warnings: string[]) => warnings.filter((w) => w.includes('the newest HTS release we hold'));
    // The newest release held is 2026 Rev 4, in force from 2026-02-24: 2026-10-09 is 227 days later.
    const late = await request(app.hosts.tariff)
      .post('/api/tariff/public/calculate')
      .set('X-Forwarded-For', freshIp())
      .send(steersFromChina)
      .expect(200);
    expect(late.body.result.total_duty_amount).toBe(2010);
    expect(warned(late.body.result.warnings)).toEqual([
      expect.stringContaining('more than 60 days after 2026 Revision 4 (in force from 2026-02-24)'),
    ]);
    const lateB = await request(app.hosts.main)
      .post('/api/tariff/public/calculate')
      .set('X-Forwarded-For', freshIp())
      .send(steersFromChina)
      .expect(200);
    expect(warned(lateB.body.warnings)).toHaveLength(1);
    // 2026-04-25 is the 60th day after: no warning.
    const recent = await request(app.hosts.tariff)
      .post('/api/tariff/public/calculate')
      .set('X-Forwarded-For', freshIp())
      .send({ ...steersFromChina, entry_date: '2026-04-25' })
      .expect(200);
    expect(warned(recent.body.result.warnings)).toEqual([]);
  });

  it('carries caveats on components whose amount rests on data we do not hold, in both forms', async () => {
    // The forced-labor Section 301 action (U.S. note 52) starts after 2026 Rev 4, the newest release held.
    const late = await request(app.hosts.tariff)
      .post('/api/tariff/public/calculate')
      .set('X-Forwarded-For', freshIp())
      .send(steersFromChina)
      .expect(200);
    const laterProgram = late.body.result.components.filter((c: { caveats?: string[] }) =>
      c.caveats?.some((text) => text.includes('after the newest HTS release we hold (2026 Revision 4')),
    );
    expect(laterProgram.length).toBeGreaterThan(0);
    expect(laterProgram.every((c: { family: string }) => c.family === 'section_301')).toBe(true);
    // The base duty rests on the release itself: no caveat.
    expect(late.body.result.components.find((c: { id: string }) => c.id === 'mfn')).not.toHaveProperty('caveats');
    // An AD/CVD deposit from a seed rate (A-570-053, FR doc 2026-10525) says it may not be current.
    const foil = {
      hts_code: '7607.11.90.30',
      country_code: 'CN',
      entry_date: '2026-06-01',
      claims: [{ code: 'adcvd_exporter', text: 'Jiangsu Dingsheng New Materials Joint-Stock' }],
    };
    const [formA, formB] = await Promise.all(
      [app.hosts.tariff, app.hosts.main].map((host) =>
        request(host).post('/api/tariff/public/calculate').set('X-Forwarded-For', freshIp()).send(foil).expect(200),
      ),
    );
    for (const components of [formA.body.result.components, formB.body.components]) {
      const order = components.find((c: { id: string }) => c.id === 'A-570-053');
      expect(order).toMatchObject({ family: 'ad_cvd', rate_percent: 26.6, status: 'applies' });
      expect(order.caveats).toEqual([expect.stringContaining("not from CBP's current AD/CVD instructions")]);
    }
  });

  it('calculates a 2025 entry on both hosts from the 2025 release in force and the measures of that date', async () => {
    // EO 14326 Annex I: Vietnam 20% (9903.02.69) from 2025-08-07; MFN 16.5% from HTS 2025 Rev 18.
    const tshirt = { hts_code: '6109.10.00.12', country_code: 'VN', entry_date: '2025-08-10', declared_value: 10000 };
    const tariff = await request(app.hosts.tariff)
      .post('/api/tariff/public/calculate')
      .set('X-Forwarded-For', freshIp())
      .send(tshirt)
      .expect(200);
    expect(tariff.body.result.hts_release).toEqual({ id: 'htsr_2025_rev_18', name: '2025 Revision 18' });
    expect(
      tariff.body.result.components
        .filter((c: { status: string }) => c.status === 'applies')
        .map((c: { id: string; amount: number }) => [c.id, c.amount]),
    ).toEqual([
      ['mfn', 1650],
      ['ieepa-reciprocal-vn', 2000],
    ]);
    expect(tariff.body.result.total_duty_amount).toBe(3650);
    const main = await request(app.hosts.main)
      .post('/api/tariff/public/calculate')
      .set('X-Forwarded-For', freshIp())
      .send(tshirt)
      .expect(200);
    expect(main.body.total_duty).toBe(3650);
    // Before the oldest imported release, no schedule is in force: 422 with the reason.
    const early = await request(app.hosts.tariff)
      .post('/api/tariff/public/calculate')
      .set('X-Forwarded-For', freshIp())
      .send({ ...tshirt, entry_date: '2025-08-06' })
      .expect(422);
    expect(early.body.detail).toContain('2025-08-06');
  });

  it('reports a Section 201 safeguard under its own key (form A) and type (form B)', async () => {
    // Solar modules (8541.43.00.10) from Korea entered 2025-08-10: heading 9903.45.25 at 14%, U.S. note 18(h).
    const modules = { hts_code: '8541.43.00.10', country_code: 'KR', entry_date: '2025-08-10', declared_value: 10000 };
    const tariff = await request(app.hosts.tariff)
      .post('/api/tariff/public/calculate')
      .set('X-Forwarded-For', freshIp())
      .send(modules)
      .expect(200);
    expect(tariff.body.result.rates.section_201).toEqual({ applies: true, rate: 14, amount: 1400 });
    expect(tariff.body.result.components).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: 's201-solar-modules-2025',
          family: 'section_201',
          heading: '9903.45.25',
          amount: 1400,
        }),
      ]),
    );
    const main = await request(app.hosts.main)
      .post('/api/tariff/public/calculate')
      .set('X-Forwarded-For', freshIp())
      .send(modules)
      .expect(200);
    expect(main.body.tariff_breakdown).toEqual(expect.arrayContaining([{ type: 'Section 201', rate: 14 }]));
    // A line the safeguard does not cover has no section_201 key at all.
    const steers = await request(app.hosts.tariff)
      .post('/api/tariff/public/calculate')
      .set('X-Forwarded-For', freshIp())
      .send(steersFromChina)
      .expect(200);
    expect(steers.body.result.rates).not.toHaveProperty('section_201');
  });

  it('counts calculate on both hosts in one bucket, keyed or keyless: the sixth call is 429', async () => {
    const { key } = await signUp(app);
    const keyed = { 'X-API-Key': key };
    const statuses: number[] = [];
    for (const [host, headers] of [
      ['main', keyed],
      ['tariff', keyed],
      ['main', keyed],
      ['tariff', keyed],
      ['main', keyed],
      ['tariff', keyed],
    ] as const) {
      statuses.push(
        (await request(app.hosts[host]).post('/api/tariff/public/calculate').set(headers).send(steersFromChina)).status,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const ip = freshIp();
    for (let i = 0; i < 5; i++)
      await request(app.hosts[i % 2 ? 'main' : 'tariff'])
        .post('/api/tariff/public/calculate')
        .set('X-Forwarded-For', ip)
        .send(steersFromChina)
        .expect(200);
    const refused = await request(app.hosts.main)
      .post('/api/tariff/public/calculate')
      .set('X-Forwarded-For', ip)
      .send(steersFromChina)
      .expect(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it('does not limit Tariff Pro: remaining is reported as unlimited', async () => {
    const { key, email } = await signUp(app);
    await app.deps.access.accounts.changePlan(email, 'tariff_pro', 'test', null);
    for (let i = 0; i < 6; i++) {
      const res = await request(app.hosts.tariff)
        .post('/api/tariff/public/calculate')
        .set('X-API-Key', key)
        .send(steersFromChina)
        .expect(200);
      expect(res.body.remaining).toBe(2_147_483_647);
      expect(res.headers['ratelimit']).toBeUndefined();
    }
  });

  it('replays an idempotent calculation without charging, and refuses the key with another body (422)', async () => {
    const ip = freshIp();
    const first = await request(app.hosts.tariff)
      .post('/api/tariff/public/calculate')
      .set('X-Forwarded-For', ip)
      .set('Idempotency-Key', 'calc-1')
      .send(steersFromChina)
      .expect(200);
    const replay = await request(app.hosts.tariff)
      .post('/api/tariff/public/calculate')
      .set('X-Forwarded-For', ip)
      .set('Idempotency-Key', 'calc-1')
      .send(steersFromChina)
      .expect(200);
    expect(replay.headers['idempotency-replayed']).toBe('true');
    expect(replay.body).toEqual(first.body);
    // The same key with another request is 422 for an account (keyless records are keyed by address and request).
    const { key } = await signUp(app);
    await request(app.hosts.main)
      .post('/api/tariff/public/calculate')
      .set('X-API-Key', key)
      .set('Idempotency-Key', 'calc-2')
      .send(steersFromChina)
      .expect(200);
    await request(app.hosts.main)
      .post('/api/tariff/public/calculate')
      .set('X-API-Key', key)
      .set('Idempotency-Key', 'calc-2')
      .send({ ...steersFromChina, declared_value: 5 })
      .expect(422);
    const next = await request(app.hosts.tariff)
      .post('/api/tariff/public/calculate')
      .set('X-Forwarded-For', ip)
      .send(steersFromChina)
      .expect(200);
    expect(next.body.remaining).toBe(3); // calc-2 was the account's call, not this address's
  });
});

describe('claims, possible exemptions and response details (issue 16)', () => {
  const calculate = (host: 'main' | 'tariff', body: object) =>
    request(app.hosts[host]).post('/api/tariff/public/calculate').set('X-Forwarded-For', freshIp()).send(body);

  it('takes claims[] from the catalogue; the deprecated claims object still works and gives the same answer', async () => {
    const usmcaHorse = { hts_code: '0101.21.00.10', country_code: 'CA', entry_date: '2026-10-09' };
    const listed = await calculate('tariff', {
      ...usmcaHorse,
      claims: [{ code: 'special_program', text: 'S' }],
    }).expect(200);
    const legacy = await calculate('tariff', { ...usmcaHorse, claims: { special_program: 'S' } }).expect(200);
    expect(listed.body.result.total_duty_amount).toBe(0);
    expect(legacy.body.result.components).toEqual(listed.body.result.components);
  });

  it('refuses an unknown claim and a claim without what it carries (400, naming the field)', async () => {
    const unknown = await calculate('main', {
      hts_code: '6109.10.0012',
      country_code: 'CN',
      claims: [{ code: 'made_in_usa' }],
    }).expect(400);
    expect(unknown.body.errors[0].pointer).toMatch(/^\/body\/claims/);
    const bare = await calculate('main', {
      hts_code: '6109.10.0012',
      country_code: 'CN',
      claims: [{ code: 'steel_content_value' }],
    }).expect(400);
    expect(bare.body.errors).toEqual([expect.objectContaining({ pointer: '/body/claims/0/value' })]);
    const both = await calculate('main', {
      hts_code: '8541.42.0010',
      country_code: 'KR',
      claims: [{ code: 'within_quota' }, { code: 'over_quota' }],
    }).expect(400);
    expect(both.body.errors).toEqual([{ pointer: '/body/claims', message: expect.stringContaining('not both') }]);
  });

  it('warns about a claim no measure on the line uses, and does not apply it', async () => {
    const res = await calculate('main', {
      hts_code: '6109.10.0012',
      country_code: 'VN',
      entry_date: '2026-10-09',
      claims: [{ code: 'steel_content_value', value: 500 }],
    }).expect(200);
    expect(res.body.total_duty).toBe(2900);
    expect(res.body.warnings).toEqual(
      expect.arrayContaining([expect.stringContaining('steel_content_value does not fit this line')]),
    );
  });

  it('lists a possible exemption with its claim, heading and the total it would give (U.S. note 20(www), 9903.88.70)', async () => {
    const machine = { hts_code: '8486.10.0000', country_code: 'CN', entry_date: '2026-10-09' };
    const res = await calculate('tariff', machine).expect(200);
    // List 2 +25%; the forced-labor duty is out by note 52(b) (9903.05.86).
    expect(res.body.result.total_duty_amount).toBe(2500);
    expect(res.body.result.possible_exemptions).toEqual([
      expect.objectContaining({
        claim: expect.objectContaining({ code: 's301_china_exclusion_9903_88_70' }),
        heading: '9903.88.70',
        component: 's301-cn-list-2',
        total_duty: 0,
      }),
    ]);
    const claimed = await calculate('tariff', {
      ...machine,
      claims: [{ code: 's301_china_exclusion_9903_88_70', text: 'U.S. note 20(www)(1)' }],
    }).expect(200);
    expect(claimed.body.result.total_duty_amount).toBe(0);
    expect(claimed.body.result.components.find((c: { id: string }) => c.id === 's301-cn-list-2')).toMatchObject({
      status: 'suppressed',
    });
  });

  it("offers the particular article of an economy's list as a claim under the origin's heading, on both forms, and applies it (U.S. note 52(j)(4)(ii), 9903.06.01)", async () => {
    const husks = { hts_code: '1211.90.8920', country_code: 'MY', entry_date: '2026-10-09', declared_value: 10000 };
    const expected = [
      {
        claim: { code: 's301_fl_economy_particular_article', text: 'claimed 9903.06.01' },
        heading: '9903.06.01',
        description: expect.stringContaining('psyllium seed husks'),
        component: 's301-fl-my',
        total_duty: 0,
      },
    ];
    const formA = await calculate('tariff', husks).expect(200);
    expect(formA.body.result.total_duty_amount).toBe(1000);
    expect(formA.body.result.possible_exemptions).toEqual(expected);
    expect(formA.body.result.exemptions_to_confirm).toEqual([]);
    const formB = await calculate('main', husks).expect(200);
    expect(formB.body.total_duty).toBe(1000);
    expect(formB.body.possible_exemptions).toEqual(expected);
    const claims = [{ code: 's301_fl_economy_particular_article', text: 'Psyllium seed husks' }];
    const claimed = await calculate('main', { ...husks, claims }).expect(200);
    expect(claimed.body.total_duty).toBe(0);
    expect(claimed.body.warnings).not.toContainEqual(expect.stringContaining('does not fit'));
    const ecuador = await calculate('main', { ...husks, country_code: 'EC', claims }).expect(200);
    expect(ecuador.body.total_duty).toBe(1000);
    expect(ecuador.body.warnings).toContainEqual(
      expect.stringContaining('s301_fl_economy_particular_article does not fit'),
    );
  });

  it('takes the civil aircraft use as a claim (U.S. note 52(d), 9903.05.88) and warns when the line is not on the annex', async () => {
    const part = { hts_code: '8807.30.0060', country_code: 'SG', entry_date: '2026-10-09', declared_value: 10000 };
    const unclaimed = await calculate('main', part).expect(200);
    expect(unclaimed.body.total_duty).toBe(1250);
    expect(unclaimed.body.exemptions_to_confirm).toEqual([]);
    const claims = [{ code: 's301_fl_civil_aircraft_use' }];
    const claimed = await calculate('main', { ...part, claims }).expect(200);
    expect(claimed.body.total_duty).toBe(0);
    const shirt = await calculate('main', { ...part, hts_code: '6109.10.0012', claims }).expect(200);
    expect(shirt.body.warnings).toContainEqual(expect.stringContaining('s301_fl_civil_aircraft_use does not fit'));
  });

  it('form B lists MFN with a null rate while the base is unresolved; prohibited is null while a ban is unresolved', async () => {
    const { quantity: _omitted, ...withoutQuantity } = steersFromChina;
    const steers = await calculate('main', withoutQuantity).expect(200);
    expect(steers.body.tariff_breakdown).toEqual(expect.arrayContaining([{ type: 'MFN', rate: null }]));
    const wine = {
      hts_code: '2204.21.5005',
      country_code: 'CA',
      entry_date: '2026-10-01',
      quantity: { value: 1000, unit: 'liter' },
    };
    const banned = await calculate('tariff', wine).expect(200);
    expect(banned.body.result.prohibited).toBeNull();
    expect(banned.body.result.total_duty_amount).toBeNull();
  });
});

describe('before the reference data is loaded', () => {
  it.each(['main', 'tariff'] as const)('the %s host answers 503 not-ready and counts nothing', async (host) => {
    const empty = await createTestApp({ config: { trustProxy: true } });
    try {
      const res = await request(empty.hosts[host])
        .post('/api/tariff/public/calculate')
        .set('X-Forwarded-For', '198.18.1.1')
        .send(steersFromChina)
        .expect(503);
      expect(res.body.type).toBe('https://docs.tradelane.dev/problems/not-ready');
      expect(res.headers['retry-after']).toBe('5');
      expect(res.headers['x-ratelimit-remaining']).toBe('5');
    } finally {
      await empty.close();
    }
  });
});

// The contract validates once: the spec's schema refuses what it can say, the engine only what it
// cannot, and the two agree at each bound (a value the spec takes is never refused by the engine).
describe('the spec and the engine agree on the edges of a calculation request', () => {
  const tshirt = { hts_code: '6109.10.00.12', country_code: 'CN', entry_date: '2026-10-09' };
  const calculate = (body: object) =>
    request(app.hosts.tariff).post('/api/tariff/public/calculate').set('X-Forwarded-For', freshIp()).send(body);

  it.each([
    ['a declared value of 1e-7 (above the exclusive minimum of 0)', { declared_value: 1e-7 }],
    ['the largest declared value', { declared_value: 1_000_000_000_000 }],
    ['a quantity of 0 (the minimum)', { quantity: { value: 0, unit: 'kg' } }],
    ['a quantity of 1e-7', { quantity: { value: 1e-7, unit: 'doz.' } }],
    ['a content share of 100 percent (the limit)', { claims: [{ code: 'us_content_share', value: 100 }] }],
    [
      'a content value equal to the declared value',
      { declared_value: 5000, claims: [{ code: 'steel_content_value', value: 5000 }] },
    ],
    ['a dotted ten-digit code', { hts_code: '6109.10.0012' }],
    ['a plain ten-digit code', { hts_code: '6109100012' }],
    ['an eight-digit code', { hts_code: '6109.10.00' }],
    ['a lower-case country code', { country_code: 'cn' }],
    ['the last day of February in a leap year', { entry_date: '2028-02-29' }],
  ])('takes %s', async (_case, overrides) => {
    const res = await calculate({ ...tshirt, ...overrides });
    expect(res.status).toBe(200);
  });

  it.each([
    ['a declared value of 0', { declared_value: 0 }, '/body/declared_value'],
    ['a declared value just over the largest', { declared_value: 1_000_000_000_000.01 }, '/body/declared_value'],
    ['a negative quantity', { quantity: { value: -1e-7, unit: 'kg' } }, '/body/quantity/value'],
    ['a negative claimed value', { claims: [{ code: 'steel_content_value', value: -0.01 }] }, '/body/claims/0/value'],
    [
      'a content share over 100 percent',
      { claims: [{ code: 'us_content_share', value: 100.01 }] },
      '/body/claims/0/value',
    ],
    [
      'a content value over the declared value',
      { declared_value: 5000, claims: [{ code: 'steel_content_value', value: 5000.01 }] },
      '/body/claims/0/value',
    ],
    ['a code of nine digits', { hts_code: '6109.10.001' }, '/body/hts_code'],
    ['a code with dashes', { hts_code: '6109-10-0012' }, '/body/hts_code'],
    ['a three-letter country code', { country_code: 'CHN' }, '/body/country_code'],
    ['the 29th of February in a common year', { entry_date: '2026-02-29' }, '/body/entry_date'],
    ['a thirteenth month', { entry_date: '2026-13-01' }, '/body/entry_date'],
    ['an arrival date that is not a day', { arrival_date: '2026-04-31' }, '/body/arrival_date'],
    ['an unknown transport mode', { mode: 'pipeline' }, '/body/mode'],
  ])('refuses %s (400 naming the field)', async (_case, overrides, pointer) => {
    const res = await calculate({ ...tshirt, ...overrides }).expect(400);
    expect(res.body.errors.map((e: { pointer: string }) => e.pointer)).toContain(pointer);
  });
});
