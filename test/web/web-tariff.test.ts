import request from 'supertest';
import { rev3AndRev4 } from '../support/hts-fixtures';
import { signedInBrowser, WebBrowser } from '../support/web-browser';
import { startWebApp, type WebApp } from '../support/web-site';

// The tariff calculator and the HTS search pages over the real schedule and rules (2026 Rev 3 and 4).

let app: WebApp;
let counter = 0;

beforeAll(async () => {
  app = await startWebApp({
    withTariffData: rev3AndRev4,
    config: { trustProxy: true },
  });
}, 180_000);
afterAll(async () => {
  await app.close();
});

/** A new person on the free plan, signed in (test mode, as a session starts), and their first live key. */
async function person(): Promise<{ browser: WebBrowser; key: string }> {
  const n = ++counter;
  const email = `tariff${n}.${Date.now()}@example.com`;
  const { browser, firstKey } = await signedInBrowser(app.hosts.site, app.sink, email, `198.51.100.${n}`);
  return { browser, key: firstKey };
}

/** The overview's count of calculate and AI search today ("1 of 5"). */
async function tariffUse(browser: WebBrowser): Promise<string> {
  const overview = await browser.get('/dashboard');
  return /Tariff calculations and AI HTS searches<\/th>\s*<td>([^<]+)<\/td>/.exec(overview.text)![1];
}

const machine = { hts_code: '8486.10.0000', country_code: 'CN', declared_value: '10000', entry_date: '2026-10-09' };

describe('Tariff calculator', () => {
  it('is for people signed in', async () => {
    const res = await request(app.hosts.site).get('/tools/tariff').expect(303);
    expect(res.headers.location).toBe('/login');
  });

  it('looks the HTS number up as it is typed, counted as the API counts GET /api/tariff/hts/{code}', async () => {
    const { browser } = await person();
    const form = await browser.get('/tools/tariff');
    expect(form.text).toContain('hx-get="/tools/tariff/hts-line"');
    // Every catalogue claim can be made, with its input where it carries a value, text or date.
    expect(form.text).toContain('value="s301_china_exclusion_9903_88_70"');
    expect(form.text).toContain('name="claim_steel_content_value"');
    expect(form.text).toMatch(/<option value="CN"\s*>China \(CN\)<\/option>/);

    const partial = await browser.get('/tools/tariff/hts-line?hts_code=610', { 'HX-Request': 'true' });
    expect(partial.text).toContain('Type an HTS number');
    const heading = await browser.get('/tools/tariff/hts-line?hts_code=6109', { 'HX-Request': 'true' });
    expect(heading.text).not.toContain('<html');
    expect(heading.text).toMatch(/<strong>6109<\/strong> T-shirts/);
    const line = await browser.get('/tools/tariff/hts-line?hts_code=6109.10.00.12&entry_date=2026-10-09');
    expect(line.text).toContain('General rate 16.5%');
    const unknown = await browser.get('/tools/tariff/hts-line?hts_code=9999.99.9999');
    expect(unknown.text).toContain('is not in the HTS in force');

    const overview = await browser.get('/dashboard');
    // Two lines found; the one not found was a refused lookup and used none.
    expect(overview.text).toMatch(/HTS line lookups<\/th>\s*<td>2 of 1,?000<\/td>/);
  });

  it('calculates the duty stack with headings, rates, amounts and citations, form A and B, curl, on the shared daily tariff calls', async () => {
    const { browser, key } = await person();
    await browser.get('/tools/tariff');
    const res = await browser.post('/tools/tariff', machine);
    expect(res.status).toBe(200);
    const page = res.text;
    expect(page).toMatch(/<dt>Total duty<\/dt>\s*<dd>\$2,500\.00<\/dd>/);
    // The stack: Section 301 on its Chapter 99 heading with its rate, amount and a link to its source.
    const row = /<tr class="applies">\s*<th scope="row" data-label="Program">\s*Section 301[\s\S]*?<\/tr>/.exec(
      page,
    )![0];
    expect(row).toMatch(/<td data-label="Heading">9903\.88\.\d{2}<\/td>/);
    expect(row).toMatch(/<td data-label="Amount" class="num">\$2,500\.00<\/td>/);
    expect(row).toMatch(/<a href="https:\/\/[^"]+" rel="noreferrer external">/);
    // The exemption the line reaches, with the total it would give.
    expect(page).toMatch(/<code>s301_china_exclusion_9903_88_70<\/code> <span class="badge">9903\.88\.70<\/span>/);
    // A claim reported under its origin's heading shows the range of them.
    expect(page).toContain(
      '<code>s301_fl_economy_particular_article</code> <span class="badge">9903.06.01–.21 by origin</span>',
    );
    expect(page).toContain('Total duty with it: $0.00');

    // Form A and form B as the API answers them, and the request as curl.
    const formA = JSON.parse(decode(/<code id="form-a-json">([\s\S]*?)<\/code>/.exec(page)![1]));
    const formB = JSON.parse(decode(/<code id="form-b-json">([\s\S]*?)<\/code>/.exec(page)![1]));
    const api = await request(app.hosts.tariff)
      .post('/api/tariff/public/calculate')
      .set('X-API-Key', key)
      .send({ hts_code: '8486.10.0000', country_code: 'CN', declared_value: 10000, entry_date: '2026-10-09' })
      .expect(200);
    // The page's calculation used one of the five: the API's call is the second.
    expect(formA.remaining).toBe(4);
    expect(api.body.remaining).toBe(3);
    expect(formA.result).toEqual(api.body.result);
    const main = await request(app.hosts.main)
      .post('/api/tariff/public/calculate')
      .set('X-API-Key', key)
      .send({ hts_code: '8486.10.0000', country_code: 'CN', declared_value: 10000, entry_date: '2026-10-09' })
      .expect(200);
    expect(formB).toEqual(main.body);
    const curl = decode(/<code id="curl">([\s\S]*?)<\/code>/.exec(page)![1]);
    // The tariff host's address as this visitor reaches the hosts (here by address, at the tariff port).
    expect(curl).toMatch(/^curl -X POST http:\/\/127\.0\.0\.1:\d+\/api\/tariff\/public\/calculate /);
    expect(JSON.parse(/-d '(.*)'$/m.exec(curl)![1])).toEqual({
      hts_code: '8486.10.0000',
      country_code: 'CN',
      declared_value: 10000,
      entry_date: '2026-10-09',
    });
    expect(await tariffUse(browser)).toBe('3 of 5');
  });

  it('applies a claim from the catalogue, and calls out a line it cannot resolve instead of counting it as zero', async () => {
    const { browser } = await person();
    await browser.get('/tools/tariff');
    const claimed = await browser.post('/tools/tariff', {
      ...machine,
      claims: 's301_china_exclusion_9903_88_70',
      claim_s301_china_exclusion_9903_88_70: 'U.S. note 20(www)(1)',
    });
    expect(claimed.text).toMatch(/<dt>Total duty<\/dt>\s*<dd>\$0\.00<\/dd>/);
    expect(claimed.text).toMatch(/<tr class="suppressed">\s*<th scope="row" data-label="Program">\s*Section 301/);
    // The curl sends the claim as the API takes it.
    expect(claimed.text).toContain(
      '&quot;claims&quot;:[{&quot;code&quot;:&quot;s301_china_exclusion_9903_88_70&quot;,&quot;text&quot;:&quot;U.S. note 20(www)(1)&quot;}]',
    );

    const steers = { hts_code: '0102.29.40.24', country_code: 'CN', declared_value: '10000', entry_date: '2026-10-09' };
    const open = await browser.post('/tools/tariff', steers);
    expect(open.status).toBe(200);
    expect(open.text).toMatch(/<dt>Total duty<\/dt>\s*<dd>unresolved<\/dd>/);
    expect(open.text).toContain('<div class="notice warn" role="status" id="unresolved">');
    expect(open.text).toMatch(/<li><code>mfn<\/code>: [^<]+<\/li>/);
    // The harbor maintenance fee waits for the mode of transport.
    expect(open.text).toMatch(/<li><code>fees\.hmf<\/code>: the mode of transport is not given/);
    expect(open.text).toContain('<tr class="unresolved">');
    const weighed = await browser.post('/tools/tariff', {
      ...steers,
      quantity: '1000',
      quantity_unit: 'kg',
      mode: 'ocean',
    });
    expect(weighed.text).not.toContain('id="unresolved"');
    expect(weighed.text).toMatch(/<dt>Total duty<\/dt>\s*<dd>\$[\d,]+\.\d{2}<\/dd>/);
  });

  it('shows the problem’s detail with the field marked, and a refused calculation uses none of the day’s calls', async () => {
    const { browser } = await person();
    await browser.get('/tools/tariff');
    const unknown = await browser.post('/tools/tariff', { ...machine, hts_code: '8599.99.9999' });
    expect(unknown.status).toBe(422);
    expect(unknown.text).toContain('role="alert">HTS code 8599.99.9999 is not in the tariff schedule</div>');
    expect(unknown.text).toMatch(/id="t-hts_code"[^>]*aria-invalid="true"/);
    // What was typed comes back.
    expect(unknown.text).toContain('value="8599.99.9999"');

    const valueless = await browser.post('/tools/tariff', { ...machine, claims: 'steel_content_value' });
    expect(valueless.status).toBe(422);
    expect(valueless.text).toContain('claim &quot;steel_content_value&quot; needs a value');
    expect(valueless.text).toMatch(/id="claim-steel_content_value-input"[^>]*aria-invalid="true"/);

    const notNumber = await browser.post('/tools/tariff', { ...machine, declared_value: 'ten thousand' });
    expect(notNumber.status).toBe(422);
    expect(notNumber.text).toMatch(/id="t-declared_value"[^>]*aria-invalid="true"/);
    expect(notNumber.text).toContain('must be a number of US dollars');

    const notInForce = await browser.post('/tools/tariff', { ...machine, entry_date: '2030-02-30' });
    expect(notInForce.status).toBe(422);
    expect(notInForce.text).toMatch(/id="t-entry_date"[^>]*aria-invalid="true"/);

    expect(await tariffUse(browser)).toBe('0 of 5');
  });

  it('calculates test mode’s sample inputs free, as a test key does, and refuses the sixth call of the day with the reason', async () => {
    const { browser } = await person();
    await browser.get('/tools/tariff');
    const sample = await browser.post('/tools/tariff', { ...machine, hts_code: '6109.10.00.12' });
    expect(sample.status).toBe(200);
    expect(await tariffUse(browser)).toBe('0 of 5');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await browser.post('/tools/tariff', machine)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(browser.lastPage).toContain(
      'Your plan includes 5 tariff calculations and AI HTS searches (shared) a day, all used; more after 00:00 UTC.',
    );
  });
});

describe('HTS search', () => {
  it('ranks candidates, asks what the description does not say, narrows on a clicked answer, and links to the calculator', async () => {
    const { browser } = await person();
    const form = await browser.get('/tools/hts-search');
    expect(form.text).toContain('hx-post="/tools/hts-search"');
    const found = await browser.post('/tools/hts-search', { query: 'cotton shirt' });
    expect(found.status).toBe(200);
    expect(found.text).toContain('<html');
    const answer = /<button class="secondary" name="answer" value="([^"=]+)=([^"]+)">/.exec(found.text)!;
    const [, attribute, value] = answer;
    expect(found.text).toMatch(/<a class="button" href="\/tools\/tariff\?hts_code=\d{4}\.\d{2}\.\d{4}"/);

    // The click, as htmx sends it: only the results come back, narrowed by the answer.
    const narrowed = await browser.post(
      '/tools/hts-search',
      { query: 'cotton shirt', answer: `${attribute}=${value}` },
      { 'HX-Request': 'true' },
    );
    expect(narrowed.status).toBe(200);
    expect(narrowed.text.startsWith('<section id="search-results"')).toBe(true);
    expect(narrowed.text).toContain(`answered: ${attribute} ${value}`);
    expect(narrowed.text).not.toContain(`name="answer" value="${attribute}=`);
    const top = /href="\/tools\/tariff\?hts_code=([\d.]+)"/.exec(narrowed.text)![1];
    const calculator = await browser.get(`/tools/tariff?hts_code=${top}`);
    expect(calculator.text).toContain(`value="${top}"`);
    expect(calculator.text).toMatch(new RegExp(`<strong>${top.replace(/\./g, '\\.')}</strong>`));

    // Each search and each answer is one of the day's tariff calls, shared with calculate.
    expect(await tariffUse(browser)).toBe('2 of 5');
  });

  it('says what is wrong with a description, and such a search uses none of the day’s calls', async () => {
    const { browser } = await person();
    await browser.get('/tools/hts-search');
    const short = await browser.post('/tools/hts-search', { query: 'a' });
    expect(short.status).toBe(422);
    expect(short.text).toMatch(/id="s-query"[^>]*aria-invalid="true"/);
    const wordless = await browser.post('/tools/hts-search', { query: 'the and of' });
    expect(wordless.status).toBe(422);
    expect(wordless.text).toContain('role="alert"');
    expect(await tariffUse(browser)).toBe('0 of 5');
  });
});

const decode = (text: string): string =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
