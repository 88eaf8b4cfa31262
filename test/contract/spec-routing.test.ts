import request from 'supertest';
import { hostNames } from '../../src/http/host-names';
import { createTestApp, TestApp } from '../support/app';
import { operationRoutes } from '../support/status-log';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

// Every operation the spec gives a host is routed by that host: a request reaches the operation
// (whatever it answers) instead of the "no such route" and "method not allowed" problems.
const routes = hostNames.flatMap((host) =>
  operationRoutes(host).map((route) => [host, route.method, route.path] as const),
);

it.each(routes)('%s routes %s %s', async (host, method, path) => {
  const res = await request(app.hosts[host])[method.toLowerCase() as 'get'](path.replace(/\{[^}]+\}/g, 'x'));
  expect(res.status).not.toBe(405);
  // The router's own 404 (an operation may answer 404 of its own, with another detail).
  expect(res.body?.detail).not.toBe('No such route.');
});
