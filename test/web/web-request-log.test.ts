import request from 'supertest';
import { accessTokenFor, containerNumber } from '../support/account-api';
import { testKeyFor } from '../support/accounts';
import { signedInBrowser, type WebBrowser } from '../support/web-browser';
import { startWebApp, type WebApp } from '../support/web-site';

let app: WebApp;

beforeAll(async () => {
  // The timer never writes within a test here (test/db/request-recorder.test.ts has it): each test flushes.
  app = await startWebApp({
    config: { trustProxy: true, requestLog: { flushIntervalMs: 60_000, batchSize: 500, maxBuffered: 10_000 } },
  });
});
afterAll(() => app.close());

let people = 0;
const signIn = () =>
  signedInBrowser(app.hosts.site, app.sink, `requests${++people}.${Date.now()}@example.com`, `198.51.100.${people}`);

/** The request ids the Requests page lists, in its order. */
const listed = (page: string): string[] =>
  [...page.matchAll(/<div class="muted"><code>([^<]+)<\/code><\/div>/g)].map((match) => match[1]);

const flush = () => app.deps.requestLog.recorder.flush();

/** Moves the session to a mode with the page's toggle. */
async function toggle(browser: WebBrowser, mode: 'test' | 'live'): Promise<void> {
  await browser.get('/developers/requests');
  expect((await browser.post('/dashboard/mode', { mode, back: '/developers/requests' })).status).toBe(303);
}

it('records API requests of every host and both headers in batches off the request path, and lists them newest first with method, path, status, latency, key and time', async () => {
  const { browser, firstKey } = await signIn();
  const keyId = (await app.deps.access.accounts.authenticateKey(firstKey)) as { credential: { keyId: string } };
  await toggle(browser, 'live');

  const tracked = await request(app.hosts.main)
    .get(`/api/tracking/containers/${containerNumber('MSCU', '765432')}`)
    .set('X-API-Key', firstKey)
    .set('X-Request-Id', 'trace/main-1')
    .expect(404);
  // A body the spec refuses is answered before the key is read: the request is the key's account's all the same.
  const calculated = await request(app.hosts.tariff)
    .post('/api/tariff/public/calculate')
    .set('X-API-Key', firstKey)
    .send({ hts_code: '6109.10.0012', country_of_origin: 'CN', declared_value: 1000 })
    .expect(400);
  const keys = await request(app.hosts.site)
    .get('/api/webhook-endpoints?limit=5')
    .set('Authorization', `Bearer ${firstKey}`);
  // Neither a sign-up (no account yet) nor a key refused (no account known) nor the pages are an account's request.
  await request(app.hosts.main)
    .get('/api/keys')
    .set('Authorization', 'Bearer tl_live_00000000000000000000000000000000');

  // Nothing is written on the request path: the records wait for the batch.
  const before = await browser.get('/developers/requests');
  expect(before.status).toBe(200);
  expect(before.text).toContain('No requests in the last 30 days.');
  expect(before.text).toMatch(/<a href="\/developers\/requests"\s+aria-current="page"/);

  await flush();
  const page = await browser.get('/developers/requests');
  expect(listed(page.text)).toEqual([keys.headers['x-request-id'], calculated.headers['x-request-id'], 'trace/main-1']);
  expect(tracked.headers['x-request-id']).toBe('trace/main-1');
  expect(page.text).toContain('<code>GET /api/webhook-endpoints</code>');
  expect(page.text).not.toContain('limit=5');
  expect(page.text).toContain(`<code>POST /api/tariff/public/calculate</code>`);
  expect(page.text).toContain('<span class="badge unresolved">404</span>');
  expect(page.text).toContain(
    `<span class="badge ${calculated.status < 400 ? 'live' : calculated.status < 500 ? 'unresolved' : 'revoked'}">${calculated.status}</span>`,
  );
  expect(page.text).toMatch(/<td data-label="Latency">\d+ ms<\/td>/);
  expect(page.text).toMatch(/<td data-label="Time">\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC<\/td>/);
  // The key as the integrations page names it, never its secret.
  expect(page.text).toContain(`${firstKey.slice(0, 8)}…${firstKey.slice(-4)}`);
  expect(page.text).not.toContain(firstKey);
  const rows = await app.db.knex('request_logs').where({ key_id: keyId.credential.keyId }).orderBy('id');
  expect(rows.map((row) => [row.host, row.method, row.path, row.status])).toEqual([
    ['main', 'GET', `/api/tracking/containers/${containerNumber('MSCU', '765432')}`, 404],
    ['tariff', 'POST', '/api/tariff/public/calculate', calculated.status],
    ['site', 'GET', '/api/webhook-endpoints', keys.status],
  ]);

  // A request id links to its entry (escaped in the link, whatever it holds).
  expect(page.text).toContain('href="/developers/requests/trace%2Fmain-1"');
  const entry = await browser.get('/developers/requests/trace%2Fmain-1');
  expect(entry.status).toBe(200);
  expect(entry.text).toContain('<h1 class="wrap">GET /api/tracking/containers/');
  expect(entry.text).toContain('<td>main</td>');
  expect(entry.headers['content-security-policy']).toContain("script-src 'self'");
  expect((await browser.get('/developers/requests/req_nothing')).status).toBe(404);
});

it('records an OAuth access token’s requests under its client, in its mode', async () => {
  const { browser, firstKey } = await signIn();
  await toggle(browser, 'live');
  const { clientId, token } = await accessTokenFor(app, firstKey, ['shipments:read']);
  await request(app.hosts.site).get('/api/shipments').set('Authorization', `Bearer ${token}`);
  await flush();
  const page = await browser.get('/developers/requests');
  expect(page.text).toContain('<code>GET /api/shipments</code>');
  expect(page.text).toContain(`<td data-label="Key"><code>${clientId}</code></td>`);
});

it('keeps accounts and modes apart: another account’s request, or the other mode’s, is not listed and is 404', async () => {
  const a = await signIn();
  const b = await signIn();
  const testKey = await testKeyFor(app, a.firstKey);
  const live = await request(app.hosts.site).get('/api/keys').set('Authorization', `Bearer ${a.firstKey}`).expect(200);
  const test = await request(app.hosts.site).get('/api/keys').set('X-API-Key', testKey).expect(200);
  await flush();
  const liveId = live.headers['x-request-id'] as string;
  const testId = test.headers['x-request-id'] as string;

  // Each mode lists only its own.
  await toggle(a.browser, 'live');
  const livePage = await a.browser.get('/developers/requests');
  expect(listed(livePage.text)).toContain(liveId);
  expect(listed(livePage.text)).not.toContain(testId);
  expect((await a.browser.get(`/developers/requests/${testId}`)).status).toBe(404);
  await toggle(a.browser, 'test');
  const testPage = await a.browser.get('/developers/requests');
  expect(testPage.text).toContain('<span class="badge test">test</span>');
  expect(listed(testPage.text)).toEqual(expect.arrayContaining([testId]));
  expect(listed(testPage.text)).not.toContain(liveId);
  expect((await a.browser.get(`/developers/requests/${testId}`)).status).toBe(200);

  for (const mode of ['live', 'test'] as const) {
    await toggle(b.browser, mode);
    const other = await b.browser.get('/developers/requests');
    expect(listed(other.text)).not.toEqual(expect.arrayContaining([liveId]));
    expect(listed(other.text)).not.toContain(testId);
    const refused = await b.browser.get(`/developers/requests/${mode === 'live' ? liveId : testId}`);
    expect(refused.status).toBe(404);
    expect(refused.text).toContain('in the last 30 days');
  }
});

it('filters by status class or exact status and by path prefix, 50 a page with the filters kept on the older page, and refuses a status it cannot read', async () => {
  const { browser, firstKey } = await signIn();
  await toggle(browser, 'live');
  const owner = await app.deps.access.accounts.authenticateKey(firstKey);
  if (owner.kind !== 'account' || owner.credential.type !== 'api_key') throw new Error('not an account key');
  const ownerOfKey = { accountId: owner.accountId, livemode: true, keyId: owner.credential.keyId };
  const record = (outcome: { path: string; status: number; requestId: string; createdAt: number; method?: string }) =>
    app.deps.requestLog.recorder.record(ownerOfKey, { host: 'site', method: 'GET', latencyMs: 4, ...outcome });
  const now = app.clock.now().getTime();
  // 60 shipments reads (55 of them 200, 5 404), 3 invoice posts (422): oldest first.
  for (let i = 0; i < 60; i++)
    record({
      path: `/api/shipments/shp_${i}`,
      status: i % 12 === 0 ? 404 : 200,
      requestId: `req_ship_${i}`,
      createdAt: now - 60_000 + i,
    });
  for (let i = 0; i < 3; i++)
    record({
      method: 'POST',
      path: '/api/invoices',
      status: 422,
      requestId: `req_inv_${i}`,
      createdAt: now - 1000 + i,
    });
  // Past the 30 days kept: never shown, even before the retention job prunes it.
  record({
    path: '/api/invoices',
    status: 422,
    requestId: 'req_old',
    createdAt: now - 31 * 86_400_000,
  });
  await flush();

  const all = await browser.get('/developers/requests');
  expect(listed(all.text)).toHaveLength(50);
  expect(listed(all.text)[0]).toBe('req_inv_2');
  const older = /<a href="([^"]+)">Older requests →<\/a>/.exec(all.text)![1].replaceAll('&amp;', '&');
  const second = await browser.get(older);
  expect(listed(second.text)).toEqual([
    'req_ship_12',
    'req_ship_11',
    'req_ship_10',
    'req_ship_9',
    'req_ship_8',
    'req_ship_7',
    'req_ship_6',
    'req_ship_5',
    'req_ship_4',
    'req_ship_3',
    'req_ship_2',
    'req_ship_1',
    'req_ship_0',
  ]);
  expect(second.text).not.toContain('Older requests');

  const clientErrors = await browser.get('/developers/requests?status=4xx');
  expect(listed(clientErrors.text)).toEqual([
    'req_inv_2',
    'req_inv_1',
    'req_inv_0',
    'req_ship_48',
    'req_ship_36',
    'req_ship_24',
    'req_ship_12',
    'req_ship_0',
  ]);
  expect(clientErrors.text).toContain('value="4xx"');
  const notFound = await browser.get('/developers/requests?status=404&path=%2Fapi%2Fshipments');
  expect(listed(notFound.text)).toEqual(['req_ship_48', 'req_ship_36', 'req_ship_24', 'req_ship_12', 'req_ship_0']);
  const invoices = await browser.get('/developers/requests?path=/api/inv');
  expect(listed(invoices.text)).toEqual(['req_inv_2', 'req_inv_1', 'req_inv_0']);
  const okShipments = await browser.get('/developers/requests?status=2xx&path=/api/shipments/shp_5');
  expect(listed(okShipments.text)).toEqual([
    'req_ship_59',
    'req_ship_58',
    'req_ship_57',
    'req_ship_56',
    'req_ship_55',
    'req_ship_54',
    'req_ship_53',
    'req_ship_52',
    'req_ship_51',
    'req_ship_50',
    'req_ship_5',
  ]);
  // The older page keeps the filters.
  const filteredAll = await browser.get('/developers/requests?status=2xx');
  expect(filteredAll.text).toMatch(/href="\/developers\/requests\?status=2xx&amp;cursor=[A-Za-z0-9_-]+"/);
  const none = await browser.get('/developers/requests?status=5xx');
  expect(none.text).toContain('No requests match these filters in the last 30 days.');
  // A cursor edited by hand is the first page.
  expect(listed((await browser.get('/developers/requests?cursor=nonsense')).text)).toHaveLength(50);

  const refused = await browser.get('/developers/requests?status=abc');
  expect(refused.status).toBe(422);
  expect(refused.text).toContain('The status filter must be a status class such as 4xx, or a status such as 404.');
  expect(refused.text).toContain('aria-invalid="true" aria-describedby="r-status-error"');
  expect(refused.text).toContain('value="abc"');
});

it('is for signed-in people only', async () => {
  const res = await request(app.hosts.site).get('/developers/requests');
  expect(res.status).toBe(303);
  expect(res.headers.location).toBe('/login');
});
