import request from 'supertest';
import { signedInBrowser } from '../support/web-browser';
import { startWebApp, type WebApp } from '../support/web-site';

let app: WebApp;
const password = 'correct horse battery';

beforeAll(async () => {
  app = await startWebApp();
});
afterAll(async () => {
  await app.close();
});

it('tracks a sample container in test mode without a credit and shows it on its map with the AIS track, ports, events and both ETAs', async () => {
  const { browser } = await signedInBrowser(
    app.hosts.site,
    app.sink,
    `track.${Date.now()}@example.com`,
    undefined,
    password,
  );
  const list = await browser.get('/tracking');
  expect(list.status).toBe(200);
  expect(list.text).toContain('No containers tracked in test mode yet.');

  const tracked = await browser.post('/tracking', { reference: 'MSKU0001039' });
  expect(tracked.status).toBe(303);
  expect(tracked.headers.location).toBe('/tracking/containers/MSKU0001039');
  const page = await browser.get(tracked.headers.location);
  expect(page.status).toBe(200);
  expect(page.text).toMatch(/<h2 id="t-facts">in transit<\/h2>/);
  // The map, drawn on the server: land, the track, the vessel and the ports.
  expect(page.text).toMatch(/<svg\s+class="route-map"/);
  expect(page.text).toMatch(/<path class="map-land" d="M[\d.,-]+/);
  expect(page.text).toMatch(/<path class="map-track" d="M[\d.,-]+/);
  expect(page.text).toContain('class="map-vessel"');
  expect(page.text).toContain('class="map-port origin"');
  expect(page.text).toContain('class="map-port destination"');
  expect(page.text).toMatch(/AIS track \(\d+ positions\)/);
  expect(page.text).toMatch(/Carrier ETA<\/th>\s*<td>\d{4}-\d\d-\d\d \d\d:\d\d UTC/);
  expect(page.text).toMatch(/Our predicted ETA<\/th>\s*<td>\s*\d{4}-\d\d-\d\d \d\d:\d\d UTC/);
  expect(page.text).toContain('Vessel departure');
  expect(page.text).not.toContain('style=');

  // Listed with its status and ETA; a second try opens the same one (no second subscription).
  const again = await browser.post('/tracking', { reference: 'msku 000103-9' });
  expect(again.headers.location).toBe('/tracking/containers/MSKU0001039');
  const listed = await browser.get('/tracking');
  expect(listed.text).toMatch(/<a href="\/tracking\/containers\/MSKU0001039"\s*>MSKU0001039<\/a\s*>/);
  expect(listed.text).toContain('in transit');
  const count = async (table: string) => Number((await app.db.knex(table).count({ n: '*' }).first())!.n);
  expect(await count('tracking_subscriptions')).toBe(1);
  expect(await count('credit_ledger_entries')).toBe(0);
});

it('refuses a wrong check digit on the field, a container without a credit with 402, and another mode’s container with 404', async () => {
  const { browser } = await signedInBrowser(
    app.hosts.site,
    app.sink,
    `refuse.${Date.now()}@example.com`,
    undefined,
    password,
  );
  await browser.get('/tracking');
  const typo = await browser.post('/tracking', { reference: 'MSKU0001038' });
  expect(typo.status).toBe(422);
  expect(typo.text).toMatch(/id="t-reference"[^>]*aria-invalid="true"/);

  const unpaid = await browser.post('/tracking', { reference: 'MSKU1234565' });
  expect(unpaid.status).toBe(402);
  expect(unpaid.text).toContain('tracking credit');

  await browser.post('/tracking', { reference: 'MSKU0001018' });
  await browser.post('/dashboard/mode', { mode: 'live', back: '/tracking' });
  const other = await browser.get('/tracking/containers/MSKU0001018');
  expect(other.status).toBe(404);
  expect(other.text).toContain('No tracked container MSKU0001018.');
});

it('sends a visitor who is not signed in to the sign-in page', async () => {
  const res = await request(app.hosts.site).get('/tracking');
  expect(res.status).toBe(303);
  expect(res.headers.location).toBe('/login');
});
