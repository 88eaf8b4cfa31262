import request from 'supertest';
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
