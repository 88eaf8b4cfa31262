import request from 'supertest';
import { createTestApp, TestApp } from '../support/app';
import { signUp } from '../support/accounts';
import { loadConfig } from '../../src/config/config';

// Real data: the HTS release and duty rules imported from the data directory, as on first start.
const hasData = loadConfig().dataDir !== null;
const withData = hasData ? describe : describe.skip;

let app: TestApp;
beforeAll(async () => {
  if (hasData) app = await createTestApp({ config: { trustProxy: true }, withTariffData: true });
}, 120_000);
afterAll(() => app?.close());

const steersFromChina = { hts_code: '0102.29.40.24', country_code: 'CN', entry_date: '2026-10-09', declared_value: 10000, quantity: { value: 1000, unit: 'kg' } };
let ipCounter = 0;
const freshIp = () => `198.18.0.${++ipCounter}`;

withData('POST /api/tariff/public/calculate with the real schedule and rules', () => {
  it('answers form A on the tariff host: the stack, its sources, and the caller\'s remaining calls', async () => {
    const res = await request(app.hosts.tariff).post('/api/tariff/public/calculate').set('X-Forwarded-For', freshIp()).send(steersFromChina).expect(200);
    const { result, remaining } = res.body;
    expect(remaining).toBe(4);
    expect(res.headers['x-ratelimit-remaining']).toBe('4');
    expect(result).toMatchObject({ hts_code: '0102.29.40.24', country: { code: 'CN', name: 'China' }, declared_value: 10000, source: 'usitc_hts', entry_date: '2026-10-09' });
    // 1¢/kg × 1000 kg = $10 base; 12.5% forced-labor 301 + 7.5% List 4A on $10,000 (tariff-rules.md §3.5).
    expect(result.rates.base_duty).toMatchObject({ rate_type: 'specific', amount: 10 });
    expect(result.rates.section_301).toEqual({ applies: true, rate: 20, amount: 2000 });
    expect(result.total_duty_amount).toBe(2010);
    const applying = result.components.filter((c: { status: string }) => c.status === 'applies');
    expect(applying.reduce((sum: number, c: { amount: number }) => sum + c.amount, 0)).toBeCloseTo(result.total_duty_amount, 2);
    for (const component of applying) expect(component.citations.length).toBeGreaterThan(0);
    expect(result.hts_release.id).toMatch(/^htsr_2026_rev_/);
  });

  it('answers form B on the main host, flat', async () => {
    const res = await request(app.hosts.main).post('/api/tariff/public/calculate').set('X-Forwarded-For', freshIp()).send(steersFromChina).expect(200);
    expect(res.body).toMatchObject({ hts_code: '0102.29.40.24', country: 'China', base_duty_rate: '1¢/kg', total_duty: 2010 });
    expect(res.body.tariff_breakdown).toEqual(expect.arrayContaining([{ type: 'MFN', rate: expect.any(Number) }, { type: 'Section 301', rate: 20 }]));
    expect(res.body).not.toHaveProperty('remaining');
  });

  it('never reports 0 for a specific rate without a quantity: the total is null and the reason is given', async () => {
    const { quantity: _omitted, ...withoutQuantity } = steersFromChina;
    const res = await request(app.hosts.tariff).post('/api/tariff/public/calculate').set('X-Forwarded-For', freshIp()).send(withoutQuantity).expect(200);
    expect(res.body.result.total_duty_amount).toBeNull();
    expect(res.body.result.rates.base_duty.amount).toBeNull();
    expect(res.body.result.unresolved).toEqual(expect.arrayContaining([expect.objectContaining({ component: 'mfn' })]));
  });

  it('names the field of an unknown code or country (400), and does not count the call', async () => {
    const ip = freshIp();
    const code = await request(app.hosts.main).post('/api/tariff/public/calculate').set('X-Forwarded-For', ip).send({ hts_code: '9999.99.9999', country_code: 'CN' }).expect(400);
    expect(code.body.errors).toEqual([expect.objectContaining({ pointer: '/body/hts_code' })]);
    const country = await request(app.hosts.tariff).post('/api/tariff/public/calculate').set('X-Forwarded-For', ip).send({ hts_code: '6109.10.0012', country_code: 'ZZ' }).expect(400);
    expect(country.body.errors).toEqual([expect.objectContaining({ pointer: '/body/country_code' })]);
    const ok = await request(app.hosts.tariff).post('/api/tariff/public/calculate').set('X-Forwarded-For', ip).send({ hts_code: '6109.10.0012', country_code: 'CN' }).expect(200);
    expect(ok.body.remaining).toBe(4);
  });

  it('answers 422 with the reason for a code not in force on the entry date', async () => {
    // 9903.03.01 (Section 122) first appears in Revision 4, in force from 2026-02-24.
    const res = await request(app.hosts.tariff).post('/api/tariff/public/calculate').set('X-Forwarded-For', freshIp()).send({ hts_code: '9903.03.01', country_code: 'CN', entry_date: '2026-02-20' }).expect(422);
    expect(res.body.type).toBe('https://docs.tradelane.dev/problems/unprocessable');
    expect(res.body.detail).toContain('2026');
  });

  it('counts calculate on both hosts in one bucket, keyed or keyless: the sixth call is 429', async () => {
    const { key } = await signUp(app);
    const keyed = { 'X-API-Key': key };
    const statuses: number[] = [];
    for (const [host, headers] of [['main', keyed], ['tariff', keyed], ['main', keyed], ['tariff', keyed], ['main', keyed], ['tariff', keyed]] as const) {
      statuses.push((await request(app.hosts[host]).post('/api/tariff/public/calculate').set(headers).send(steersFromChina)).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const ip = freshIp();
    for (let i = 0; i < 5; i++) await request(app.hosts[i % 2 ? 'main' : 'tariff']).post('/api/tariff/public/calculate').set('X-Forwarded-For', ip).send(steersFromChina).expect(200);
    const refused = await request(app.hosts.main).post('/api/tariff/public/calculate').set('X-Forwarded-For', ip).send(steersFromChina).expect(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it('does not limit Tariff Pro: remaining is reported as unlimited', async () => {
    const { key, email } = await signUp(app);
    await app.deps.access.accounts.changePlan(email, 'tariff_pro', 'test', null);
    for (let i = 0; i < 6; i++) {
      const res = await request(app.hosts.tariff).post('/api/tariff/public/calculate').set('X-API-Key', key).send(steersFromChina).expect(200);
      expect(res.body.remaining).toBe(2_147_483_647);
      expect(res.headers['ratelimit']).toBeUndefined();
    }
  });

  it('replays an idempotent calculation without charging, and refuses the key with another body (422)', async () => {
    const ip = freshIp();
    const first = await request(app.hosts.tariff).post('/api/tariff/public/calculate').set('X-Forwarded-For', ip).set('Idempotency-Key', 'calc-1').send(steersFromChina).expect(200);
    const replay = await request(app.hosts.tariff).post('/api/tariff/public/calculate').set('X-Forwarded-For', ip).set('Idempotency-Key', 'calc-1').send(steersFromChina).expect(200);
    expect(replay.headers['idempotency-replayed']).toBe('true');
    expect(replay.body).toEqual(first.body);
    // The same key with another request is 422 for an account (keyless records are keyed by address and request).
    const { key } = await signUp(app);
    await request(app.hosts.main).post('/api/tariff/public/calculate').set('X-API-Key', key).set('Idempotency-Key', 'calc-2').send(steersFromChina).expect(200);
    await request(app.hosts.main).post('/api/tariff/public/calculate').set('X-API-Key', key).set('Idempotency-Key', 'calc-2').send({ ...steersFromChina, declared_value: 5 }).expect(422);
    const next = await request(app.hosts.tariff).post('/api/tariff/public/calculate').set('X-Forwarded-For', ip).send(steersFromChina).expect(200);
    expect(next.body.remaining).toBe(3); // calc-2 was the account's call, not this address's
  });
});

describe('before the reference data is loaded', () => {
  it.each(['main', 'tariff'] as const)('the %s host answers 503 not-ready and counts nothing', async (host) => {
    const empty = await createTestApp({ config: { trustProxy: true } });
    try {
      const res = await request(empty.hosts[host]).post('/api/tariff/public/calculate').set('X-Forwarded-For', '198.18.1.1').send(steersFromChina).expect(503);
      expect(res.body.type).toBe('https://docs.tradelane.dev/problems/not-ready');
      expect(res.headers['retry-after']).toBe('5');
      expect(res.headers['x-ratelimit-remaining']).toBe('5');
    } finally {
      await empty.close();
    }
  });
});
