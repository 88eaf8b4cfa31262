import type { Agenda } from 'agenda';
import request from 'supertest';
import { binaryBody } from '../support/account-api';
import { setPlan, testKeyFor } from '../support/accounts';
import { startBulkWorker } from '../support/bulk-worker';
import { rev3AndRev4 } from '../support/hts-fixtures';
import { signedInBrowser, WebBrowser } from '../support/web-browser';
import { startWebApp, type WebApp } from '../support/web-site';

// The Tariff Pro pages over the real schedule and rules (2026 Rev 3 and 4), beside the tariff host's API.

jest.setTimeout(120_000);

let app: WebApp;
let agenda: Agenda | undefined;
let counter = 0;

beforeAll(async () => {
  app = await startWebApp({ withTariffData: rev3AndRev4, config: { trustProxy: true } });
}, 180_000);
afterAll(async () => {
  await agenda?.stop();
  await app.close();
});

/** A person signed in (test mode, as a session starts) on the plan, with a test key for the tariff host's API. */
async function person(plan: 'free' | 'tariff_pro'): Promise<{ browser: WebBrowser; testKey: string }> {
  const n = ++counter;
  const email = `pro${n}.${Date.now()}@example.com`;
  const { browser, firstKey } = await signedInBrowser(app.hosts.site, app.sink, email, `198.51.100.${n}`);
  if (plan !== 'free') await setPlan(app, email, plan);
  return { browser, testKey: await testKeyFor(app, firstKey) };
}

const tariffApi = (key: string) => ({
  get: (path: string) => request(app.hosts.tariff).get(path).set('X-API-Key', key),
  post: (path: string, body: object) => request(app.hosts.tariff).post(path).set('X-API-Key', key).send(body),
});

const proPages = [
  '/tools/pro/simulator',
  '/tools/pro/bulk',
  '/tools/pro/calculations',
  '/tools/pro/alerts',
  '/tools/pro/history?hts_code=6109.10.0012',
];

describe('the plan gate', () => {
  it('is for people signed in', async () => {
    for (const path of proPages) {
      const res = await request(app.hosts.site).get(path).expect(303);
      expect(res.headers.location).toBe('/login');
    }
  });

  it('shows a Free-plan person what Tariff Pro includes and how to get it, on every page and form', async () => {
    const { browser } = await person('free');
    for (const path of proPages) {
      const res = await browser.get(path);
      expect(res.status).toBe(403);
      expect(res.text).toContain('What Tariff Pro includes');
      expect(res.text).toContain('Your account is on Free.');
      expect(res.text).toMatch(/Payments are not configured on this server|Upgrade to Tariff Pro/);
    }
    const refused = await browser.post('/tools/pro/alerts', { hts_prefixes: '6109' });
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('What Tariff Pro includes');
  });
});

describe('Simulator', () => {
  const scenarios = {
    hts_code: '6109.10.0012',
    declared_value: '10000',
    mode: 'ocean',
    s0_label: 'China',
    s0_country_code: 'CN',
    s0_entry_date: '2026-10-09',
    s1_label: 'Vietnam',
    s1_country_code: 'vn',
    s1_entry_date: '2026-10-09',
    s2_label: 'Mexico, USMCA',
    s2_country_code: 'MX',
    s2_entry_date: '2026-10-09',
    s2_claims: 'special_program=S',
  };

  it('prices the scenarios side by side and ranks them as POST /api/tariff/simulations does', async () => {
    const { browser, testKey } = await person('tariff_pro');
    const form = await browser.get('/tools/pro/simulator');
    expect(form.status).toBe(200);
    expect(form.text).toContain('name="s2_claims"');
    expect(form.text).toMatch(/href="\/tools\/pro\/simulator"\s*aria-current="page"\s*>Tariff Pro/);

    const res = await browser.post('/tools/pro/simulator', scenarios);
    expect(res.status).toBe(200);
    const api = await tariffApi(testKey)
      .post('/api/tariff/simulations', {
        hts_code: '6109.10.0012',
        declared_value: 10000,
        mode: 'ocean',
        scenarios: [
          { label: 'China', country_code: 'CN', entry_date: '2026-10-09' },
          { label: 'Vietnam', country_code: 'VN', entry_date: '2026-10-09' },
          {
            label: 'Mexico, USMCA',
            country_code: 'MX',
            entry_date: '2026-10-09',
            claims: [{ code: 'special_program', text: 'S' }],
          },
        ],
      })
      .expect(200);
    const ranked = api.body.ranking.map((r: { label: string }) => r.label) as string[];
    const ranking = /<ol class="ranking">([\s\S]*?)<\/ol>/.exec(res.text)![1];
    const shown = [...ranking.matchAll(/<strong>([^<]+)<\/strong>/g)].map((m) => m[1]);
    expect(shown).toEqual(ranked);
    // Each column carries the calculator's landed duty for its scenario, best first.
    const best = api.body.scenarios.find((s: { rank: number }) => s.rank === 1);
    const usd = `$${best.landed_duty.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    expect(res.text).toContain(`<strong>${usd}</strong>`);
    // A fourth row is offered for the next scenario.
    expect(res.text).toContain('name="s3_country_code"');
  });

  it('marks the field the calculator refuses, by the form row', async () => {
    const { browser } = await person('tariff_pro');
    await browser.get('/tools/pro/simulator');
    const res = await browser.post('/tools/pro/simulator', { ...scenarios, s1_country_code: 'QQ' });
    expect(res.status).toBe(422);
    expect(res.text).toMatch(/id="sim-s1_country_code"[^>]*aria-invalid="true"/);
    expect(res.text).toContain('QQ is not an ISO 3166-1 alpha-2 country code');
    const missing = await browser.post('/tools/pro/simulator', { hts_code: '6109.10.0012', declared_value: 'ten' });
    expect(missing.status).toBe(422);
    expect(missing.text).toMatch(/id="sim-declared_value"[^>]*aria-invalid="true"/);
  });

  it('refuses a form without its CSRF token', async () => {
    const { browser } = await person('tariff_pro');
    await browser.get('/tools/pro/simulator');
    const res = await browser.post('/tools/pro/simulator', { ...scenarios, _csrf: '' });
    expect(res.status).toBe(403);
    expect(res.text).toContain('Form refused');
  });
});

const csvOf = (rows: string[][]): Buffer => Buffer.from(rows.map((row) => row.join(',')).join('\r\n') + '\r\n');
const bulkCsv = csvOf([
  ['reference', 'hts_code', 'country_code', 'value', 'entry_date', 'mode'],
  ['PO-1/1', '6109.10.0012', 'CN', '10000', '2026-10-09', 'ocean'],
  ['PO-1/2', '6109.10.0012', 'VN', '10000', '2026-10-09', 'ocean'],
]);
const csvFile = (content: Buffer) => ({ field: 'file', name: 'lines.csv', content, type: 'text/csv' });

describe('Bulk upload', () => {
  it('starts a job from a CSV, shows its progress (htmx polling until it finishes) and its downloads', async () => {
    const { browser, testKey } = await person('tariff_pro');
    const list = await browser.get('/tools/pro/bulk');
    expect(list.status).toBe(200);
    expect(list.text).toContain('enctype="multipart/form-data"');
    const template = await browser.get('/tools/pro/bulk/template.csv?kind=calculation');
    expect(template.headers['content-disposition']).toContain('bulk-calculation-template.csv');
    expect(template.text).toContain('reference,hts_code,country_code');

    const created = await browser.upload('/tools/pro/bulk', { kind: 'calculation' }, csvFile(bulkCsv));
    expect(created.status).toBe(303);
    const jobPath = created.headers.location as string;
    const id = /^\/tools\/pro\/bulk\/(bjob_\w+)$/.exec(jobPath)![1];
    const queued = await browser.get(jobPath);
    expect(queued.text).toContain(`hx-get="/tools/pro/bulk/${id}/progress" hx-trigger="every 1s"`);
    expect(queued.text).toMatch(/<progress max="2" value="0"/);
    // The job is the API's: the tariff host reads it with a key of the same mode.
    expect((await tariffApi(testKey).get(`/api/tariff/bulk-jobs/${id}`).expect(200)).body.lines_total).toBe(2);
    const early = await browser.get(`${jobPath}/results.csv`);
    expect(early.status).toBe(409);

    agenda ??= await startBulkWorker(app, 'web-bulk-worker');
    let fragment = '';
    for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
      fragment = (await browser.get(`${jobPath}/progress`, { 'HX-Request': 'true' })).text;
      if (!fragment.includes('hx-trigger')) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(fragment).not.toContain('<html');
    expect(fragment).toMatch(/<progress max="2" value="2"/);
    expect(fragment).toContain('succeeded');

    const csv = await browser.get(`${jobPath}/results.csv`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="${id}.csv"`);
    const apiCsv = await tariffApi(testKey).get(`/api/tariff/bulk-jobs/${id}/results?format=csv`).expect(200);
    expect(csv.text).toBe(apiCsv.text);
    expect(csv.text.split('\r\n')[1]).toMatch(
      /^PO-1\/1,6109\.10\.0012,CN,10000,2026-10-09,,,,ocean,resolved,16\.5,1650\.00,/,
    );
    const xlsx = await request(app.hosts.site)
      .get(`${jobPath}/results.xlsx`)
      .set('Cookie', [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; '))
      .buffer(true)
      .parse(binaryBody);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect((xlsx.body as Buffer).subarray(0, 2).toString()).toBe('PK');
    const pdf = await request(app.hosts.site)
      .get(`${jobPath}/report.pdf`)
      .set('Cookie', [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; '))
      .buffer(true)
      .parse(binaryBody);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((pdf.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');

    const listed = await browser.get('/tools/pro/bulk');
    expect(listed.text).toContain(`<a href="/tools/pro/bulk/${id}"><code>${id}</code></a>`);

    // Another person's job is not found, nor its downloads.
    const { browser: other } = await person('tariff_pro');
    expect((await other.get(jobPath)).status).toBe(404);
    expect((await other.get(`${jobPath}/results.csv`)).status).toBe(404);
  });

  it('refuses a file with bad rows, naming each row and column, and queues nothing', async () => {
    const { browser } = await person('tariff_pro');
    await browser.get('/tools/pro/bulk');
    const bad = csvOf([
      ['reference', 'hts_code', 'country_code', 'value'],
      ['A', '6109.10.0012', 'CN', 'lots'],
    ]);
    const res = await browser.upload('/tools/pro/bulk', { kind: 'calculation' }, csvFile(bad));
    expect(res.status).toBe(422);
    expect(res.text).toContain('nothing was queued');
    expect(res.text).toMatch(/<li>Row 2, value: [^<]+<\/li>/);
    expect(res.text).toContain('No bulk jobs in test mode yet.');
    const none = await browser.upload('/tools/pro/bulk', { kind: 'calculation' }, null);
    expect(none.status).toBe(422);
    expect(none.text).toMatch(/id="bulk-file"[^>]*aria-invalid="true"/);
    const notCsv = await browser.upload(
      '/tools/pro/bulk',
      { kind: 'calculation' },
      { field: 'file', name: 'x.csv', content: Buffer.from([0, 1, 2, 3, 255, 254]), type: 'text/csv' },
    );
    expect(notCsv.status).toBe(415);
  });

  it('refuses an upload without its CSRF token', async () => {
    const { browser } = await person('tariff_pro');
    await browser.get('/tools/pro/bulk');
    const res = await browser.upload('/tools/pro/bulk', { _csrf: '', kind: 'calculation' }, csvFile(bulkCsv));
    expect(res.status).toBe(403);
    expect(res.text).toContain('Form refused');
  });
});

describe('Stored calculations', () => {
  it('lists the calculations stored with keys of the session mode, each with its PDF; another account’s is not found', async () => {
    const { browser, testKey } = await person('tariff_pro');
    expect((await browser.get('/tools/pro/calculations')).text).toContain('No stored calculations in test mode yet.');
    const stored = await tariffApi(testKey)
      .post('/api/tariff/public/calculate', {
        hts_code: '6109.10.0012',
        country_code: 'CN',
        declared_value: 10000,
        entry_date: '2026-10-09',
        store: true,
      })
      .expect(200);
    const id = stored.body.calculation_id as string;
    const page = await browser.get('/tools/pro/calculations');
    expect(page.status).toBe(200);
    expect(page.text).toContain(`href="/tools/pro/calculations/${id}/pdf"`);
    expect(page.text).toContain('China (CN)');
    const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const pdf = await request(app.hosts.site)
      .get(`/tools/pro/calculations/${id}/pdf`)
      .set('Cookie', cookie)
      .buffer(true)
      .parse(binaryBody)
      .expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const apiPdf = await tariffApi(testKey).get(`/api/tariff/calculations/${id}/pdf`).buffer(true).parse(binaryBody);
    expect((pdf.body as Buffer).equals(apiPdf.body as Buffer)).toBe(true);

    const { browser: other } = await person('tariff_pro');
    expect((await other.get(`/tools/pro/calculations/${id}/pdf`)).status).toBe(404);
    // In live mode the test-mode calculation is not listed.
    await browser.post('/dashboard/mode', { mode: 'live', back: '/tools/pro/calculations' });
    expect((await browser.get('/tools/pro/calculations')).text).toContain('No stored calculations in live mode yet.');
  });
});

describe('Alerts and rate history', () => {
  it('creates, lists and deletes alerts as the API does; a bad prefix is marked; another account’s alert is not found', async () => {
    const { browser, testKey } = await person('tariff_pro');
    expect((await browser.get('/tools/pro/alerts')).text).toContain('No alerts in test mode yet.');
    const created = await browser.post('/tools/pro/alerts', { hts_prefixes: '6109.10, 9903.03', countries: 'cn vn' });
    expect(created.status).toBe(303);
    const api = await tariffApi(testKey).get('/api/tariff/alerts').expect(200);
    expect(api.body.data).toHaveLength(1);
    expect(api.body.data[0]).toMatchObject({ hts_prefixes: ['610910', '990303'], countries: ['CN', 'VN'] });
    const id = api.body.data[0].id as string;
    const list = await browser.get('/tools/pro/alerts');
    expect(list.text).toContain('<code>610910</code>');
    expect(list.text).toContain('CN VN');
    expect(list.text).toContain(`action="/tools/pro/alerts/${id}/delete"`);

    const bad = await browser.post('/tools/pro/alerts', { hts_prefixes: '6', countries: '' });
    expect(bad.status).toBe(422);
    expect(bad.text).toMatch(
      /id="alert-hts_prefixes"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="alert-hts_prefixes"/,
    );
    expect(bad.text).toContain('is not an HTS prefix');

    const { browser: other } = await person('tariff_pro');
    await other.get('/tools/pro/alerts');
    expect((await other.post(`/tools/pro/alerts/${id}/delete`, {})).status).toBe(404);
    expect((await browser.post(`/tools/pro/alerts/${id}/delete`, { _csrf: '' })).status).toBe(403);

    expect((await browser.post(`/tools/pro/alerts/${id}/delete`, {})).status).toBe(303);
    expect((await tariffApi(testKey).get('/api/tariff/alerts').expect(200)).body.data).toHaveLength(0);
    expect((await browser.post('/tools/pro/alerts', { hts_prefixes: '6109', _csrf: '' })).status).toBe(403);
  });

  it('draws a line’s general rate across releases as an SVG chart, beside the table of every release', async () => {
    const { browser, testKey } = await person('tariff_pro');
    const res = await browser.get('/tools/pro/history?hts_code=6109.10.0012');
    expect(res.status).toBe(200);
    const api = await tariffApi(testKey).get('/api/tariff/hts/6109.10.0012/history').expect(200);
    expect(res.text).toContain('<svg');
    expect(res.text).toContain('General rate of HTS 6109.10.0012 over time');
    expect(res.text).not.toMatch(/style=/);
    const circles = res.text.match(/<circle class="rate"/g) ?? [];
    expect(circles).toHaveLength(api.body.entries.length);
    for (const entry of api.body.entries) expect(res.text).toContain(`${entry.valid_from}: ${entry.rates.general}`);

    const missing = await browser.get('/tools/pro/history?hts_code=0101.99.9999');
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('role="alert"');
  });
});
