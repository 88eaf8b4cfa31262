import request from 'supertest';
import YAML from 'yaml';
import { hostNames } from '../../src/http/host-names';
import { createTestApp, TestApp } from '../support/app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe.each(hostNames)('%s host service operations', (host) => {
  it('answers /healthz', async () => {
    const res = await request(app.hosts[host]).get('/healthz').expect(200);
    expect(res.body).toEqual({ status: 'ok' });
    expect(res.headers['x-request-id']).toMatch(/^req_[0-9a-f]{32}$/);
  });

  it('answers /readyz when the database is reachable and migrated', async () => {
    const res = await request(app.hosts[host]).get('/readyz').expect(200);
    expect(res.body).toEqual({
      status: 'ready',
      checks: [
        { name: 'database', ok: true },
        { name: 'migrations', ok: true },
        { name: 'storage', ok: true },
      ],
    });
  });

  it('publishes only its own operations at /openapi.yaml', async () => {
    const res = await request(app.hosts[host])
      .get('/openapi.yaml')
      .expect(200)
      .expect('content-type', /application\/yaml/);
    const doc = YAML.parse(res.text);
    expect(doc.servers).toHaveLength(1);
    expect(doc.servers[0]['x-host']).toBe(host);
    for (const item of Object.values(doc.paths) as Array<Record<string, { 'x-hosts': string[] }>>) {
      for (const operation of Object.values(item)) expect(operation['x-hosts']).toContain(host);
    }
  });

  it('serves its API reference at /docs, readable offline', async () => {
    const res = await request(app.hosts[host])
      .get('/docs')
      .expect(200)
      .expect('content-type', /text\/html/);
    expect(res.text).toContain(`Tradelane API (${host} host)`);
    expect(res.text).not.toMatch(/<script[^>]+src="https?:\/\//);
  });

  it.each(['/healthz', '/readyz', '/openapi.yaml', '/docs'])(
    'rejects unknown query parameters on %s with 400',
    async (route) => {
      const res = await request(app.hosts[host])
        .get(`${route}?verbose=1`)
        .expect(400)
        .expect('content-type', /application\/problem\+json/);
      expect(res.body.type).toBe('https://docs.tradelane.dev/problems/validation-failed');
      expect(res.body.errors).toEqual([
        { pointer: '/query/verbose', message: expect.stringContaining('Unknown query parameter') },
      ]);
    },
  );
});

describe('request ids', () => {
  it('echoes a client request id into the header and the problem', async () => {
    const res = await request(app.hosts.main).get('/nowhere').set('X-Request-Id', 'client-abc-123').expect(404);
    expect(res.headers['x-request-id']).toBe('client-abc-123');
    expect(res.body.request_id).toBe('client-abc-123');
  });

  it('replaces a request id that is unsafe to echo', async () => {
    const res = await request(app.hosts.main).get('/healthz').set('X-Request-Id', 'a'.repeat(200)).expect(200);
    expect(res.headers['x-request-id']).toMatch(/^req_/);
  });
});

describe('errors are problem+json', () => {
  it('unknown route: 404 not-found', async () => {
    const res = await request(app.hosts.tariff)
      .get('/api/nothing/here')
      .expect(404)
      .expect('content-type', /application\/problem\+json/);
    expect(res.body).toMatchObject({
      type: 'https://docs.tradelane.dev/problems/not-found',
      title: 'Not found',
      status: 404,
      instance: '/api/nothing/here',
      request_id: res.headers['x-request-id'],
    });
  });

  it('wrong method: 405 method-not-allowed', async () => {
    const res = await request(app.hosts.main)
      .get('/api/tariff/public/calculate')
      .expect(405)
      .expect('content-type', /application\/problem\+json/);
    expect(res.body.type).toBe('https://docs.tradelane.dev/problems/method-not-allowed');
  });

  it('an operation of another host is not routed here', async () => {
    await request(app.hosts.main).post('/api/tariff/public/ai-search').send({ query: 'shoes' }).expect(404);
    await request(app.hosts.site)
      .post('/api/tariff/public/calculate')
      .send({ hts_code: '6109.10.0012', country_code: 'CN' })
      .expect(404);
  });
});
