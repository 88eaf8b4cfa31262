import request from 'supertest';
import { createTestApp, TestApp } from '../support/app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ migrate: false });
});
afterAll(() => app.close());

it('reports not ready with the reason while migrations are pending', async () => {
  const res = await request(app.hosts.main).get('/readyz').expect(503);
  expect(res.headers['retry-after']).toBe('5');
  expect(res.body.status).toBe('not_ready');
  expect(res.body.checks).toContainEqual({ name: 'database', ok: true });
  expect(res.body.checks).toContainEqual({
    name: 'migrations',
    ok: false,
    detail: expect.stringMatching(/\d+ migration\(s\) pending/),
  });
});

it.each(['tariff', 'site'] as const)('answers 503 on the %s host too', async (host) => {
  await request(app.hosts[host]).get('/readyz').expect(503);
});
