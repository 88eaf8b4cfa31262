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

/** Two item rows and a CSV line, as a person fills the form in. */
const form = {
  length_unit: 'cm',
  weight_unit: 'kg',
  container: '20GP',
  item_id: ['carton', 'crate', ''],
  item_length: ['60', '120', ''],
  item_width: ['40', '100', ''],
  item_height: ['40', '100', ''],
  item_weight: ['12.5', '400', ''],
  item_quantity: ['40', '2', ''],
  item_handling: ['any', 'this_side_up', 'any'],
  items_csv:
    'id,length,width,height,weight,quantity,handling\nglass,80,60,50,35,4,this_side_up_fragile\nmast,700,20,20,50,1,any\n',
  action: 'plan',
};

it('plans from the form and the CSV on the API’s planner, draws the view, advises FCL or LCL with the excluded cargo, on the daily load plans', async () => {
  const { browser } = await signedInBrowser(
    app.hosts.site,
    app.sink,
    `plan.${Date.now()}@example.com`,
    undefined,
    password,
  );
  const empty = await browser.get('/tools/load-planner');
  expect(empty.status).toBe(200);
  // three is loaded on a page with a plan only.
  expect(empty.text).not.toContain('modulepreload');

  const planned = await browser.post('/tools/load-planner', form);
  expect(planned.status).toBe(200);
  const data = JSON.parse(
    /data-plan="([^"]+)"/
      .exec(planned.text)![1]
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&'),
  );
  expect(data.items).toEqual(['carton', 'crate', 'glass', 'mast']);
  expect(data.containers[0].inside).toEqual([5898, 2352, 2393]);
  expect(data.containers[0].pieces.length).toBe(46);
  // The 7 m mast fits no 20' box: excluded from the advice, and said so.
  expect(planned.text).toContain('Excluded cargo');
  expect(planned.text).toMatch(/<strong>mast<\/strong> × 1/);
  expect(planned.text).toMatch(/FCL or LCL: <span class="badge live">Ship LCL<\/span>/);
  expect(planned.text).toMatch(/46 of 47 pieces placed in 1\s+container/);
  // three, OrbitControls and the view: fingerprinted, preloaded with their integrity.
  for (const name of ['three.core', 'three.module', 'orbit-controls'])
    expect(planned.text).toMatch(
      new RegExp(`<link rel="modulepreload" href="/assets/${name}\\.[0-9a-f]{12}\\.js" integrity="sha384-`),
    );
  const view =
    /<script type="module" src="(\/assets\/load-plan-view\.[0-9a-f]{12}\.js)" integrity="(sha384-[^"]+)"/.exec(
      planned.text,
    )!;
  const script = await browser.get(view[1]);
  expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  const orbit = /href="(\/assets\/orbit-controls\.[0-9a-f]{12}\.js)"/.exec(planned.text)![1];
  expect(script.text).toContain(`from '${orbit}'`);
  expect(script.text).not.toMatch(/from 'three/);

  const overview = await browser.get('/dashboard');
  expect(overview.text).toMatch(/Load plans<\/th>\s*<td>1 of 5<\/td>/);
});

it('puts the planner’s refusal on the field at fault, a CSV line on the CSV box, and uses none of the day’s plans for it', async () => {
  const { browser } = await signedInBrowser(
    app.hosts.site,
    app.sink,
    `refused.${Date.now()}@example.com`,
    undefined,
    password,
  );
  await browser.get('/tools/load-planner');
  const refused = await browser.post('/tools/load-planner', {
    ...form,
    item_length: ['60', '', ''],
    items_csv: 'id,length,width,height,weight,quantity\nglass,80,60,50,35,0\n',
  });
  expect(refused.status).toBe(422);
  expect(refused.text).toMatch(/id="lp-length-1"[^>]*aria-invalid="true"/);
  expect(refused.text).toContain('Length (cm) must be a positive number.');
  expect(refused.text).toContain('line 2: quantity must be a whole number of at least 1');
  // What was typed comes back.
  expect(refused.text).toMatch(/id="lp-id-1"[^>]*value="crate"/);

  const noHeader = await browser.post('/tools/load-planner', { ...form, items_csv: 'glass,80,60,50,35,1\n' });
  expect(noHeader.status).toBe(422);
  expect(noHeader.text).toContain('needs a header line with id, length, width, height, weight, quantity');

  const more = await browser.post('/tools/load-planner', { ...form, action: 'add_row' });
  expect(more.status).toBe(200);
  expect(more.text).toContain('id="lp-id-3"');

  expect((await browser.get('/dashboard')).text).toMatch(/Load plans<\/th>\s*<td>0 of 5<\/td>/);
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++) statuses.push((await browser.post('/tools/load-planner', form)).status);
  expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  expect(browser.lastPage).toContain('Your plan includes 5 load plans a day, all used');
});

it('sends a visitor who is not signed in to the sign-in page', async () => {
  const res = await (await import('supertest')).default(app.hosts.site).get('/tools/load-planner');
  expect(res.status).toBe(303);
  expect(res.headers.location).toBe('/login');
});
