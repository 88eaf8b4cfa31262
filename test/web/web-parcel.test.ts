import { repoDataDir } from '../support/reference-data';
import { WebBrowser } from '../support/web-browser';
import { startWebApp, type WebApp } from '../support/web-site';

let app: WebApp;
const password = 'correct horse battery';

beforeAll(async () => {
  app = await startWebApp({ withParcelData: repoDataDir });
});
afterAll(async () => {
  await app.close();
});

const box = { origin: '85004', destination: '75201', length: '6', width: '6', height: '6', weight: '2' };

it('compares the carriers side by side, cheapest and fastest marked, on the plan’s daily parcel quotes (a refused one uses none)', async () => {
  const email = `parcel.${Date.now()}@example.com`;
  const browser = new WebBrowser(app.hosts.site);
  await browser.get('/signup');
  expect((await browser.post('/signup', { email, password })).status).toBe(201);
  const link = new URL(await app.sink.linkFor(email, '/verify-email'));
  await browser.get(link.pathname + link.search);
  await browser.get('/login');
  await browser.post('/login', { email, password });

  await browser.get('/tools/parcel');
  const quoted = await browser.post('/tools/parcel', box);
  expect(quoted.status).toBe(200);
  const carriers = [...quoted.text.matchAll(/<h3 id="c-([a-z]+)">/g)].map((m) => m[1]);
  expect(carriers.sort()).toEqual(['fedex', 'ups', 'usps']);
  expect(quoted.text.match(/>Cheapest</g)).toHaveLength(1);
  expect(quoted.text.match(/>Fastest</g)?.length).toBeGreaterThanOrEqual(1);
  expect(quoted.text).toMatch(/\$\d+\.\d{2}/);

  const refused = await browser.post('/tools/parcel', { ...box, destination: '00000' });
  expect(refused.status).toBe(422);
  expect(refused.text).toMatch(/id="p-destination"[^>]*aria-invalid="true"/);

  const overview = await browser.get('/dashboard');
  expect(overview.text).toMatch(/Parcel quotes<\/th>\s*<td>1 of 5<\/td>/);
  const statuses: number[] = [];
  for (let i = 0; i < 5; i++) statuses.push((await browser.post('/tools/parcel', box)).status);
  expect(statuses).toEqual([200, 200, 200, 200, 429]);
  expect(browser.lastPage).toContain('Your plan includes 5 parcel quotes a day, all used');
});
