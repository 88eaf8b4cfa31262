import crypto from 'node:crypto';
import request from 'supertest';
import { hostNames } from '../../src/http/host-names';
import { createTestApp, TestApp } from '../support/app';
import { operationRoutes } from '../support/status-log';

// Operator operations check their token first: the body checks below need to get past it.
const adminToken = 'admin-token-for-body-limits';
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({
    config: { bodyLimitBytes: 4096, adminTokenSha256: crypto.createHash('sha256').update(adminToken).digest('hex') },
  });
});
afterAll(() => app.close());

const bodyOperations = hostNames.flatMap((host) =>
  operationRoutes(host)
    .filter((route) => route.method === 'POST' && route.statuses.includes('413'))
    // An operation may take larger bodies than the app's limit (x-body-limit-bytes: bulk lines).
    .map(
      (route) =>
        [
          host,
          route.operationId,
          route.path.replace(/\{[^}]+\}/g, 'x'),
          (route.definition['x-body-limit-bytes'] as number | undefined) ?? 4096,
        ] as const,
    ),
);

describe.each(bodyOperations)('%s %s', (host, _operationId, path, limit) => {
  it('answers 413 payload-too-large over the body limit, naming the limit', async () => {
    const res = await request(app.hosts[host])
      .post(path)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ padding: 'x'.repeat(limit + 1000) }))
      .expect(413)
      .expect('content-type', /application\/problem\+json/);
    expect(res.body).toMatchObject({ type: 'https://docs.tradelane.dev/problems/payload-too-large', status: 413 });
    expect(res.body.detail).toContain(`${limit} bytes`);
  });

  it('answers 415 unsupported-media-type for a body that is not JSON', async () => {
    const res = await request(app.hosts[host])
      .post(path)
      .set('X-Admin-Token', adminToken)
      .set('Content-Type', 'text/plain')
      .send('hello')
      .expect(415);
    expect(res.body).toMatchObject({ type: 'https://docs.tradelane.dev/problems/unsupported-media-type', status: 415 });
  });

  it.each(['gzip', 'deflate', 'br'])(
    'answers 400 for a body that says Content-Encoding %s but is not compressed',
    async (encoding) => {
      const res = await request(app.hosts[host])
        .post(path)
        .set('Content-Type', 'application/json')
        .set('Content-Encoding', encoding)
        .send('{"a": 1}')
        .expect(400);
      expect(res.body).toMatchObject({
        type: 'https://docs.tradelane.dev/problems/validation-failed',
        errors: [{ pointer: '/headers/content-encoding', message: 'does not match the body' }],
      });
    },
  );

  it('answers 400 malformed-json for a body that does not parse', async () => {
    const res = await request(app.hosts[host])
      .post(path)
      .set('Content-Type', 'application/json')
      .send('{"a": ')
      .expect(400);
    expect(res.body).toMatchObject({ type: 'https://docs.tradelane.dev/problems/malformed-json', status: 400 });
  });
});
