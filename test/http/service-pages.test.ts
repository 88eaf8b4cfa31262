import request from 'supertest';
import YAML from 'yaml';
import { hostNames } from '../../src/http/host-names';
import { apiVersions, currentApiVersion } from '../../src/http/api-version';
import { codesOf, problemKinds, type ProblemKind } from '../../src/http/problem';
import { createTestApp, TestApp } from '../support/app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ config: { ports: { main: 3000, tariff: 3001, site: 3002 } } });
});
afterAll(() => app.close());

const browser = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

describe.each(hostNames)('%s host landing page and problem types', (host) => {
  it('answers GET / with JSON linking the reference, the spec and the quickstart, at the address it was reached at', async () => {
    const res = await request(app.hosts[host])
      .get('/')
      .set('Host', 'localhost:3000')
      .expect(200)
      .expect('content-type', /application\/json/);
    // The request reached this host as localhost:3000 (supertest's port is not the configured one): that is its own address.
    expect(res.body).toMatchObject({
      object: 'landing_page',
      host,
      url: 'http://localhost:3000',
      api_version: currentApiVersion,
    });
    expect(res.body.links).toEqual({
      reference: 'http://localhost:3000/docs',
      spec: 'http://localhost:3000/openapi.yaml',
      quickstart: 'http://localhost:3000/docs#section/quickstart',
      problems: 'http://localhost:3000/docs#section/errors',
    });
    expect(res.body.hosts.map((entry: { host: string }) => entry.host)).toEqual(['main', 'tariff', 'site']);
    const others = (res.body.hosts as Array<{ host: string; url: string }>).filter((entry) => entry.host !== host);
    for (const entry of others)
      expect(entry.url).toBe(`http://localhost:${3000 + hostNames.indexOf(entry.host as never)}`);
  });

  it('answers GET / with an HTML page to a browser', async () => {
    const res = await request(app.hosts[host])
      .get('/')
      .set('Accept', browser)
      .expect(200)
      .expect('content-type', /text\/html/);
    expect(res.text).toContain('<h1>Tradelane API</h1>');
    expect(res.text).toMatch(/href="http:\/\/127\.0\.0\.1:\d+\/docs"/);
    expect(res.text).not.toContain('<script');
  });

  it.each(['/', '/problems/not-found'])('rejects unknown query parameters on %s with 400', async (route) => {
    const res = await request(app.hosts[host])
      .get(`${route}?verbose=1`)
      .expect(400)
      .expect('content-type', /application\/problem\+json/);
    expect(res.body.errors).toEqual([
      { pointer: '/query/verbose', message: expect.stringContaining('Unknown query parameter') },
    ]);
  });

  it('describes every problem type at /problems/{type}, in JSON and HTML', async () => {
    for (const [slug, kind] of Object.entries(problemKinds)) {
      const res = await request(app.hosts[host]).get(`/problems/${slug}`).expect(200);
      expect(res.body).toEqual({
        object: 'problem_type',
        type: `https://docs.tradelane.dev/problems/${slug}`,
        slug,
        status: kind.status,
        title: kind.title,
        description: kind.description,
        codes: codesOf(slug as ProblemKind),
      });
    }
    const conflict = await request(app.hosts[host]).get('/problems/conflict').expect(200);
    expect(conflict.body.codes.map((c: { code: string }) => c.code)).toEqual([
      'invalid_state',
      'concurrent_update',
      'already_exists',
      'idempotency_in_progress',
    ]);
    const html = await request(app.hosts[host])
      .get('/problems/quota-exceeded')
      .set('Accept', browser)
      .expect(200)
      .expect('content-type', /text\/html/);
    expect(html.text).toContain('<h1>Daily quota exceeded</h1>');
    expect(html.text).toContain('<code>Retry-After</code>');
    expect(html.text).toContain('<td><code>quota_exceeded</code></td>');
  });

  it('answers 404 for a problem type that does not exist', async () => {
    const res = await request(app.hosts[host])
      .get('/problems/no-such-thing')
      .expect(404)
      .expect('content-type', /application\/problem\+json/);
    expect(res.body.detail).toBe('There is no problem type "no-such-thing".');
  });

  it('shows the address it is reached at in its spec and reference, not a placeholder', async () => {
    const spec = await request(app.hosts[host]).get('/openapi.yaml').set('Host', 'localhost:3000').expect(200);
    const document = YAML.parse(spec.text);
    expect(document.servers[0].url).toBe('http://localhost:3000');
    expect(spec.text).not.toMatch(/\{(base|tariff|site)_url\}/);
    const docs = await request(app.hosts[host]).get('/docs').set('Host', 'localhost:3000').expect(200);
    expect(docs.text).toContain('http://localhost:3000');
    expect(docs.text).not.toMatch(/\{(base|tariff|site)_url\}/);
  });
});

describe('an operation called on a host that does not serve it', () => {
  it('is a 404 naming the host and address that serve it (plain addresses: the configured ports)', async () => {
    const res = await request(app.hosts.main)
      .post('/api/tariff/public/ai-search')
      .set('Host', 'localhost:3000')
      .send({ query: 'cotton t-shirt' })
      .expect(404);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(res.body.type).toBe('https://docs.tradelane.dev/problems/not-found');
    expect(res.body.served_by).toEqual([{ host: 'tariff', url: 'http://localhost:3001/api/tariff/public/ai-search' }]);
    expect(res.body.detail).toBe(
      'POST /api/tariff/public/ai-search is not served by this (main) host; it is served by the tariff host (http://localhost:3001/api/tariff/public/ai-search).',
    );
  });

  it('names the other host by its configured name when the client came by name', async () => {
    const res = await request(app.hosts.tariff).get('/api/shipments').set('Host', 'tariff.tradelane.dev').expect(404);
    expect(res.body.served_by).toEqual([{ host: 'site', url: 'http://app.tradelane.dev/api/shipments' }]);
  });

  it('stays a plain 404 for a route no host serves', async () => {
    const res = await request(app.hosts.site).get('/api/nowhere').expect(404);
    expect(res.body.detail).toBe('No such route.');
    expect(res.body.served_by).toBeUndefined();
  });
});

describe('API versions', () => {
  it('says the version on every response, successful or not', async () => {
    expect((await request(app.hosts.main).get('/healthz').expect(200)).headers['tradelane-version']).toBe(
      currentApiVersion,
    );
    expect((await request(app.hosts.site).get('/api/nowhere').expect(404)).headers['tradelane-version']).toBe(
      currentApiVersion,
    );
  });

  it('serves a pinned version and says so', async () => {
    const res = await request(app.hosts.tariff).get('/healthz').set('Tradelane-Version', apiVersions[0]).expect(200);
    expect(res.headers['tradelane-version']).toBe(apiVersions[0]);
  });

  it('refuses a version that does not exist with 400', async () => {
    const res = await request(app.hosts.main)
      .get('/healthz')
      .set('Tradelane-Version', '2020-01-01')
      .expect(400)
      .expect('content-type', /application\/problem\+json/);
    expect(res.body.type).toBe('https://docs.tradelane.dev/problems/validation-failed');
    expect(res.body.errors).toEqual([
      { pointer: '/headers/tradelane-version', message: `must be one of ${apiVersions.join(', ')}` },
    ]);
    expect(res.headers['tradelane-version']).toBe(currentApiVersion);
  });
});
