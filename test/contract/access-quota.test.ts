import request from 'supertest';
import { requestFingerprint } from '../../src/http/access';
import { createTestApp, TestApp } from '../support/app';

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

  it('does not count a request rejected by validation', async () => {
    app.clock.set('2026-11-25T10:00:00.000Z');
    const ip = '192.0.2.4';
    for (let i = 0; i < 3; i++) await request(app.hosts.main).post('/api/signup').set('X-Forwarded-For', ip).send({ email: 'nope' }).expect(400);
    const ok = await signUpFrom(ip).expect(201);
    expect(ok.headers['x-ratelimit-remaining']).toBe('4');
  });

  it('counts 50 concurrent calls exactly: 5 succeed', async () => {
    app.clock.set('2026-11-26T10:00:00.000Z');
    const results = await Promise.all(Array.from({ length: 50 }, () => signUpFrom('192.0.2.5').then((res) => res.status)));
    expect(results.filter((status) => status === 201)).toHaveLength(5);
    expect(results.filter((status) => status === 429)).toHaveLength(45);
  });
});

describe('Idempotency-Key', () => {
  it('replays the first response without running or charging again', async () => {
    app.clock.set('2026-11-27T10:00:00.000Z');
    const ip = '192.0.2.6';
    const first = await signUpFrom(ip, { 'Idempotency-Key': 'abc-1' }, 'idem@example.com').expect(201);
    const again = await signUpFrom(ip, { 'Idempotency-Key': 'abc-1' }, 'idem@example.com').expect(201);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    const next = await signUpFrom(ip).expect(201);
    expect(next.headers['x-ratelimit-remaining']).toBe('3');
  });

  it('refuses the same key with a different request (422)', async () => {
    const ip = '192.0.2.7';
    await signUpFrom(ip, { 'Idempotency-Key': 'k-2' }, 'one@example.com').expect(201);
    const res = await signUpFrom(ip, { 'Idempotency-Key': 'k-2' }, 'other@example.com').expect(422);
    expect(res.body.type).toBe('https://docs.tradelane.dev/problems/idempotency-mismatch');
  });

  it('answers 409 while the first request with the key is still running', async () => {
    const ip = '192.0.2.8';
    const body = { email: 'slow@example.com' };
    // The first request is mid-flight: its record exists and has no response yet.
    const started = await app.deps.access.idempotency.begin(`ip:${ip}`, 'k-3', '', app.clock.now().getTime(), app.clock.now().getTime() + 60_000);
    expect(started.outcome).toBe('started');
    await app.db.knex('idempotency_records').where({ owner: `ip:${ip}`, idempotency_key: 'k-3' }).update({ request_hash: requestFingerprint('signUp', '/api/signup', body) });
    const res = await request(app.hosts.main).post('/api/signup').set('X-Forwarded-For', ip).set('Idempotency-Key', 'k-3').send(body).expect(409);
    expect(res.body.type).toBe('https://docs.tradelane.dev/problems/conflict');
  });

  it('forgets a key after 24 hours', async () => {
    const ip = '192.0.2.9';
    await signUpFrom(ip, { 'Idempotency-Key': 'k-4' }, 'day1@example.com').expect(201);
    app.clock.advance(24 * 3600 * 1000 + 1);
    const res = await signUpFrom(ip, { 'Idempotency-Key': 'k-4' }, 'day2@example.com').expect(201);
    expect(res.headers['idempotency-replayed']).toBeUndefined();
  });
});

