import request from 'supertest';
import { createTestApp, TestApp } from '../support/app';
import { signUp, signUpOnPlan } from '../support/accounts';
import { rev3AndRev4 } from '../support/hts-fixtures';

// Real data: HTS 2026 Rev 3 and Rev 4 (Rev 4 stays in force for later dates) and the duty rules.
let app: TestApp;
let pro: string;
let free: string;
beforeAll(async () => {
  app = await createTestApp({ withTariffData: rev3AndRev4 });
  pro = (await signUpOnPlan(app, 'tariff_pro')).key;
  free = (await signUp(app)).key;
}, 180_000);
afterAll(() => app?.close());

const simulate = (key: string | null, body: object) => {
  const call = request(app.hosts.tariff).post('/api/tariff/simulations');
  return key === null ? call.send(body) : call.set('X-API-Key', key).send(body);
};
// The mode decides the harbor maintenance fee: without it the landed duty is unresolved.
const tshirt = { hts_code: '6109.10.0012', declared_value: 10000, mode: 'ocean' };
const day = '2026-10-09';
type Family = { family: string; amount: number | null };

describe('POST /api/tariff/simulations', () => {
  it('prices each scenario as calculate does, compares it with the first and ranks by landed duty', async () => {
    const scenarios = [
      { label: 'China', country_code: 'CN', entry_date: day },
      { label: 'Vietnam', country_code: 'vn', entry_date: day },
      { label: 'Mexico, USMCA', country_code: 'MX', entry_date: day, claims: [{ code: 'special_program', text: 'S' }] },
    ];
    const res = await simulate(pro, { ...tshirt, scenarios }).expect(200);
    const { body } = res;
    expect(body.scenarios.map((s: { label: string }) => s.label)).toEqual(['China', 'Vietnam', 'Mexico, USMCA']);
    for (const [index, scenario] of scenarios.entries()) {
      const calculated = await request(app.hosts.tariff)
        .post('/api/tariff/public/calculate')
        .set('X-API-Key', pro)
        .send({
          ...tshirt,
          country_code: scenario.country_code,
          entry_date: scenario.entry_date,
          claims: scenario.claims,
        })
        .expect(200);
      expect(body.scenarios[index].result).toEqual(calculated.body.result);
      const { total_duty_amount: duty, fees } = calculated.body.result;
      expect(body.scenarios[index].landed_duty).toBeCloseTo(duty + fees.total, 2);
    }
    const [cn, vn, mx] = body.scenarios;
    expect(cn.difference).toEqual({ programs: expect.any(Array), total_duty: 0, landed_duty: 0 });
    expect(vn.difference.total_duty).toBeCloseTo(vn.result.total_duty_amount - cn.result.total_duty_amount, 2);
    const s301 = (d: { programs: Family[] }) => d.programs.find((p) => p.family === 'section_301')?.amount;
    const s301Amount = (s: { result: { rates: { section_301: { amount?: number } } } }) =>
      s.result.rates.section_301.amount ?? 0;
    expect(s301(vn.difference)).toBeCloseTo(s301Amount(vn) - s301Amount(cn), 2);
    const landed = body.scenarios.map((s: { landed_duty: number }) => s.landed_duty);
    const expected = [0, 1, 2].sort((a, b) => landed[a] - landed[b] || a - b);
    expect(body.ranking.map((r: { index: number }) => r.index)).toEqual(expected);
    expect(body.ranking.map((r: { rank: number }) => r.rank)).toEqual([1, 2, 3]);
    expect(body.ranking.every((r: { reason: string | null }) => r.reason === null)).toBe(true);
    expect(mx.rank).toBe(body.ranking.find((r: { index: number }) => r.index === 2).rank);
    expect(body.rules_version).toBe(cn.result.rules_version);
  });

  it('applies a measure dated in the future on a future entry date', async () => {
    // Upholstered wooden furniture (U.S. note 37): Section 232 +25% until 2026-12-31, +30% from 2027-01-01.
    const furniture = { hts_code: '9401.61.4011', declared_value: 10000 };
    const res = await simulate(pro, {
      ...furniture,
      scenarios: [
        { country_code: 'VN', entry_date: '2026-12-15' },
        { country_code: 'VN', entry_date: '2027-01-15' },
      ],
    }).expect(200);
    const [now, later] = res.body.scenarios;
    const wood = (s: {
      result: { components: Array<{ family: string; heading: string; status: string; rate_percent: number }> };
    }) => s.result.components.filter((c) => c.family === 'section_232' && c.status === 'applies');
    expect(wood(now).map((c) => [c.heading, c.rate_percent])).toEqual([['9903.76.02', 25]]);
    expect(wood(later).map((c) => c.rate_percent)).toEqual([30]);
    expect(later.difference.programs.find((p: Family) => p.family === 'section_232').amount).toBe(500);
    expect(later.difference.total_duty).toBe(500);
    expect(res.body.ranking.map((r: { index: number }) => r.index)).toEqual([0, 1]);
  });

  it('ranks a scenario whose landed duty is unresolved after the resolved ones, with the reason, never as 0', async () => {
    // Live steers: 1¢/kg from China needs the weight; duty-free under USMCA from Mexico.
    const steers = { hts_code: '0102.29.40.24', declared_value: 10000, mode: 'ocean' };
    const res = await simulate(pro, {
      ...steers,
      scenarios: [
        { country_code: 'CN', entry_date: day },
        { country_code: 'MX', entry_date: day, claims: [{ code: 'special_program', text: 'S' }] },
      ],
    }).expect(200);
    const [cn, mx] = res.body.scenarios;
    expect(cn).toMatchObject({ landed_duty: null, rank: 2 });
    expect(cn.result.total_duty_amount).toBeNull();
    expect(mx.landed_duty).toEqual(expect.any(Number));
    expect(mx.difference).toMatchObject({ total_duty: null, landed_duty: null });
    expect(mx.difference.programs.find((p: Family) => p.family === 'base').amount).toBeNull();
    expect(res.body.ranking[0]).toMatchObject({ rank: 1, index: 1, reason: null });
    expect(res.body.ranking[1]).toMatchObject({ rank: 2, index: 0, landed_duty: null });
    expect(res.body.ranking[1].reason).toContain('mfn');
    const modeless = await simulate(pro, {
      hts_code: tshirt.hts_code,
      declared_value: 10000,
      scenarios: [{ country_code: 'VN', entry_date: day }],
    }).expect(200);
    expect(modeless.body.ranking[0]).toMatchObject({ landed_duty: null, reason: expect.stringContaining('fees.hmf') });
  });

  it('names the bad scenario and field (400), and an entry date no release covers (422)', async () => {
    const claim = await simulate(pro, {
      ...tshirt,
      scenarios: [
        { country_code: 'CN', entry_date: day },
        { country_code: 'VN', entry_date: day, claims: [{ code: 'no_such_claim' }] },
      ],
    }).expect(400);
    expect(claim.body.errors).toEqual([expect.objectContaining({ pointer: '/body/scenarios/1/claims/0/code' })]);
    const country = await simulate(pro, { ...tshirt, scenarios: [{ country_code: 'ZZ', entry_date: day }] }).expect(
      400,
    );
    expect(country.body.errors).toEqual([expect.objectContaining({ pointer: '/body/scenarios/0/country_code' })]);
    const many = Array.from({ length: 21 }, () => ({ country_code: 'CN', entry_date: day }));
    await simulate(pro, { ...tshirt, scenarios: many }).expect(400);
    await simulate(pro, { ...tshirt, scenarios: [] }).expect(400);
    const early = await simulate(pro, {
      ...tshirt,
      scenarios: [
        { country_code: 'CN', entry_date: day },
        { country_code: 'CN', entry_date: '2020-01-01' },
      ],
    }).expect(422);
    expect(early.body.type).toBe('https://docs.tradelane.dev/problems/unprocessable');
    expect(early.body.errors).toEqual([expect.objectContaining({ pointer: '/body/scenarios/1/entry_date' })]);
  });

  it('is for Tariff Pro and business: 401 without a key, 403 on Free', async () => {
    const body = { ...tshirt, scenarios: [{ country_code: 'CN', entry_date: day }] };
    await simulate(null, body).expect(401);
    const forbidden = await simulate(free, body).expect(403);
    expect(forbidden.body.type).toBe('https://docs.tradelane.dev/problems/forbidden-plan');
  });

  it('answers 503 until the duty rules are loaded', async () => {
    const empty = await createTestApp();
    try {
      const account = await signUpOnPlan(empty, 'business');
      await request(empty.hosts.tariff)
        .post('/api/tariff/simulations')
        .set('X-API-Key', account.key)
        .send({ ...tshirt, scenarios: [{ country_code: 'CN', entry_date: day }] })
        .expect(503);
    } finally {
      await empty.close();
    }
  });
});
