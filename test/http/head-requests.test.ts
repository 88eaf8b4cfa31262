import request from 'supertest';
import { hostNames } from '../../src/http/host-names';
import { businessAccount } from '../support/account-api';
import { createTestApp, TestApp } from '../support/app';
import { operationRoutes } from '../support/status-log';

let app: TestApp;
let key: string;
beforeAll(async () => {
  app = await createTestApp();
  key = (await businessAccount(app)).test;
});
afterAll(() => app.close());

/** Headers that differ between any two answers (the clock, the request, the quota left). */
const varying = /^(date|x-request-id|ratelimit|x-ratelimit-remaining|x-ratelimit-reset|content-length|etag)$/;
const stable = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !varying.test(name)));

describe.each(hostNames)('HEAD on the %s host', (host) => {
  const gets = operationRoutes(host).filter((route) => route.method === 'GET');

  it.each(gets.map((route) => [route.path, route]))(
    'answers HEAD %s as its GET, without a body',
    async (_path, route) => {
      const path = route.path.replace(/\{[^}]+\}/g, 'x1');
      const credential = (req: request.Test) =>
        host === 'site' ? req.set('Authorization', `Bearer ${key}`) : req.set('X-API-Key', key);
      app.clock.advance(1000); // under the per-second limit of the account API
      const get = await credential(request(app.hosts[host]).get(path));
      app.clock.advance(1000);
      const head = await credential(request(app.hosts[host]).head(path));
      expect({ status: head.status, headers: stable(head.headers) }).toEqual({
        status: get.status,
        headers: stable(get.headers),
      });
      expect(head.text ?? '').toBe('');
      expect(head.body).toEqual(expect.not.objectContaining({ type: expect.anything() }));
    },
  );

  it('gives the same Content-Length as GET for a document', async () => {
    const get = await request(app.hosts[host]).get('/openapi.yaml').expect(200);
    const head = await request(app.hosts[host]).head('/openapi.yaml').expect(200);
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    expect(Number(head.headers['content-length'])).toBeGreaterThan(1000);
  });

  it('still answers 405 to a method the route does not take', async () => {
    await request(app.hosts[host]).delete('/healthz').expect(405);
  });
});
