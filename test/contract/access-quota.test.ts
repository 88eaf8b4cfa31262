import request from 'supertest';
import { QuotaService } from '../../src/domain/access';
import { testModeSamples } from '../../src/domain/access/test-mode-samples';
import { QuotaCounterRepository } from '../../src/db/repositories/quota-counter.repository';
import { createTestApp, TestApp } from '../support/app';
import { signUp, testKeyFor } from '../support/accounts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ config: { trustProxy: true } });
});
afterAll(() => app.close());

let n = 0;
const signUpFrom = (ip: string, headers: Record<string, string> = {}, email = `q${++n}@example.com`) =>
  request(app.hosts.main).post('/api/signup').set('X-Forwarded-For', ip).set(headers).send({ email });

describe('daily quotas (sign-up: 5 a day per client IP)', () => {
  it('allows 5, answers the sixth with 429, Retry-After and rate-limit headers, and resets at 00:00 UTC', async () => {
    app.clock.set('2026-11-22T23:59:58.000Z');
    const ip = '192.0.2.1';
    for (let i = 1; i <= 5; i++) {
      const res = await signUpFrom(ip).expect(201);
      expect(res.headers['x-ratelimit-remaining']).toBe(String(5 - i));
      expect(res.headers['ratelimit']).toBe(`"signup";r=${5 - i};t=2`);
    }
    const refused = await signUpFrom(ip).expect(429);
    expect(refused.body).toMatchObject({ type: 'https://docs.tradelane.dev/problems/quota-exceeded', status: 429 });
    expect(refused.headers['retry-after']).toBe('2');
    expect(refused.headers['ratelimit-policy']).toBe('"signup";q=5;w=86400');
    expect(refused.headers['x-ratelimit-limit']).toBe('5');
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');
    expect(refused.headers['x-ratelimit-reset']).toBe(String(Date.parse('2026-11-23T00:00:00Z') / 1000));
    // Another IP has its own bucket.
    await signUpFrom('192.0.2.2').expect(201);
    app.clock.set('2026-11-23T00:00:00.000Z');
    await signUpFrom(ip).expect(201);
  });

  it('gives the use back when the call is rejected after it was counted', async () => {
    app.clock.set('2026-11-24T10:00:00.000Z');
    const ip = '192.0.2.3';
    await signUpFrom(ip, {}, 'dup@example.com').expect(201);
    const dup = await signUpFrom(ip, {}, 'dup@example.com').expect(409);
    expect(dup.headers['x-ratelimit-remaining']).toBe('4');
    for (let i = 0; i < 4; i++) await signUpFrom(ip).expect(201);
    await signUpFrom(ip).expect(429);
  });

  it('has the use back before the rejection is answered, so the next call in any process counts from it', async () => {
    app.clock.set('2026-11-24T11:00:00.000Z');
    const ip = '192.0.2.6';
    // The database is slow to take the use back: the answer must still come after it.
    const counters = new QuotaCounterRepository(app.db);
    const giveBack = counters.giveBack.bind(counters);
    counters.giveBack = async (...args) => {
      await new Promise((resolve) => setTimeout(resolve, 150));
      await giveBack(...args);
    };
    const shipped = app.deps.access.quotas;
    app.deps.access.quotas = new QuotaService(counters);
    try {
      await signUpFrom(ip, {}, 'dup-slow@example.com').expect(201);
      const dup = await signUpFrom(ip, {}, 'dup-slow@example.com').expect(409);
      expect(dup.headers['x-ratelimit-remaining']).toBe('4');
      // Read straight from the database, as another process would count.
      const row = await app.db
        .knex('quota_counters')
        .where({ subject: `ip:${ip}`, bucket: 'signup' })
        .first();
      expect(Number(row.used)).toBe(1);
    } finally {
      app.deps.access.quotas = shipped;
    }
  });

  it('answers a rejection even when the database never takes the use back', async () => {
    app.clock.set('2026-11-24T12:00:00.000Z');
    const counters = new QuotaCounterRepository(app.db);
    counters.giveBack = () => new Promise<void>(() => undefined);
    const shipped = app.deps.access.quotas;
    app.deps.access.quotas = new QuotaService(counters);
    try {
      await signUpFrom('192.0.2.7', {}, 'dup-stuck@example.com').expect(201);
      const dup = await signUpFrom('192.0.2.7', {}, 'dup-stuck@example.com').expect(409);
      expect(dup.body.type).toBe('https://docs.tradelane.dev/problems/conflict');
    } finally {
      app.deps.access.quotas = shipped;
    }
  });

  it('does not count a request rejected by validation', async () => {
    app.clock.set('2026-11-25T10:00:00.000Z');
    const ip = '192.0.2.4';
    for (let i = 0; i < 3; i++)
      await request(app.hosts.main).post('/api/signup').set('X-Forwarded-For', ip).send({ email: 'nope' }).expect(400);
    const ok = await signUpFrom(ip).expect(201);
    expect(ok.headers['x-ratelimit-remaining']).toBe('4');
  });

  it('counts 50 concurrent calls exactly: 5 succeed', async () => {
    app.clock.set('2026-11-26T10:00:00.000Z');
    const results = await Promise.all(
      Array.from({ length: 50 }, () => signUpFrom('192.0.2.5').then((res) => res.status)),
    );
    expect(results.filter((status) => status === 201)).toHaveLength(5);
    expect(results.filter((status) => status === 429)).toHaveLength(45);
  });
});

describe("test keys: the account's own quota, and free sample inputs", () => {
  const [sampleHts] = testModeSamples.calculateTariff.htsCodes;
  const [sampleCountry] = testModeSamples.calculateTariff.countries;
  const [[sampleFrom, sampleTo]] = testModeSamples.quoteParcels.zipPairs;
  const calculate = (key: string, hts: string, country: string) =>
    request(app.hosts.tariff)
      .post('/api/tariff/public/calculate')
      .set('X-API-Key', key)
      .send({ hts_code: hts, country_code: country });
  const parcel = (key: string, from: string, to: string) =>
    request(app.hosts.main)
      .post('/api/parcel/quotes')
      .set('X-API-Key', key)
      .send({
        origin: { postal_code: from },
        destination: { postal_code: to },
        parcels: [{ length: 10, width: 8, height: 6, length_unit: 'in', weight: 2, weight_unit: 'lb' }],
      });

  it("counts a Free account's test-key calls with its live ones (never 5 more), but not the sample inputs", async () => {
    app.clock.set('2026-11-28T10:00:00.000Z');
    const { key, accountId } = await signUp(app);
    const testKey = await testKeyFor(app, key);
    const now = app.clock.now();
    for (const operationId of ['calculateTariff', 'quoteParcels']) {
      const entitlement = app.deps.access.entitlements.of(operationId, 'free')!;
      for (let i = 0; i < 5; i++)
        expect((await app.deps.access.quotas.take(`${accountId}:live`, entitlement, now))?.granted).toBe(true);
    }
    await calculate(key, '0101.21.00', 'CN').expect(429);
    const other = await calculate(testKey, '0101.21.00', 'CN').expect(429);
    expect(other.body.type).toBe('https://docs.tradelane.dev/problems/quota-exceeded');
    await parcel(testKey, '85201', '75201').expect(429);
    // The samples answer (here: not ready, the reference data is not loaded in this suite) and are never counted.
    for (let i = 0; i < 3; i++) {
      const sample = await calculate(testKey, sampleHts, sampleCountry.toLowerCase());
      expect(sample.status).not.toBe(429);
      expect(sample.headers['x-ratelimit-remaining']).toBeUndefined();
      expect((await parcel(testKey, sampleFrom, sampleTo)).status).not.toBe(429);
    }
    // A live key gets nothing free from the samples.
    await calculate(key, sampleHts, sampleCountry).expect(429);
  });
});
