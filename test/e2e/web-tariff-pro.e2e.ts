import type { Agenda } from 'agenda';
import { setPlan } from '../support/accounts';
import { launchBrowser, screenshots, TestBrowser } from '../support/browser';
import { startBulkWorker } from '../support/bulk-worker';
import { rev3AndRev4 } from '../support/hts-fixtures';
import { signUpInBrowser, startWebSite, WebSite } from '../support/web-site';

let site: WebSite;
let browser: TestBrowser;
let worker: Agenda;
const email = `pro.${Date.now()}@example.com`;

beforeAll(async () => {
  site = await startWebSite({ withTariffData: rev3AndRev4 });
  worker = await startBulkWorker(site.app, 'e2e-bulk-worker');
  browser = await launchBrowser();
  await signUpInBrowser(browser.page, site, email, 'a long enough passphrase');
  await setPlan(site.app, email, 'tariff_pro');
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await worker?.stop();
  await site?.close();
});

const bulkFile = [
  'reference,hts_code,country_code,value,entry_date,mode',
  ...Array.from(
    { length: 40 },
    (_, i) => `PO-${i + 1},6109.10.0012,${i % 2 ? 'VN' : 'CN'},${10000 + i * 100},2026-10-09,ocean`,
  ),
].join('\r\n');

describe('Tariff Pro in chromium', () => {
  it('compares scenarios, uploads a bulk file and watches it finish, and draws a line’s rate history', async () => {
    const { page, errors } = browser;
    const fits: Record<string, number> = {};
    await page.getByRole('link', { name: 'Tariff Pro' }).click();
    await page.getByRole('heading', { name: 'Duty simulator', level: 1 }).waitFor();
    await page.getByLabel('HTS number').fill('6109.10.0012');
    await page.getByLabel('Declared value (USD)').fill('10000');
    await page.getByLabel('Transport mode').selectOption('ocean');
    for (const [row, [label, country]] of [
      ['China', 'CN'],
      ['Vietnam', 'VN'],
      ['Mexico', 'MX'],
    ].entries()) {
      const scenario = page.getByRole('group', { name: `Scenario ${row + 1}` });
      await scenario.getByLabel('Label').fill(label);
      await scenario.getByLabel('Origin (ISO code)').fill(country);
      await scenario.getByLabel('Entry date').fill('2026-10-09');
    }
    await page.getByRole('group', { name: 'Scenario 3' }).getByLabel('Claims').fill('special_program=S');
    // By keyboard: Enter in a field submits the form.
    await page.getByRole('group', { name: 'Scenario 3' }).getByLabel('Claims').press('Enter');
    await page.getByRole('heading', { name: 'Compared, lowest landed duty first' }).waitFor();
    expect(await page.locator('ol.ranking li').count()).toBe(3);
    fits.simulator = (await screenshots(page, 'pro-simulator')).mobileOverflow;

    const tabs = page.getByRole('navigation', { name: 'Tariff Pro' });
    await tabs.getByRole('link', { name: 'Bulk upload' }).click();
    await page.getByLabel('CSV or XLSX file').setInputFiles({
      name: 'lines.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(bulkFile),
    });
    fits.bulk = (await screenshots(page, 'pro-bulk')).mobileOverflow;
    await page.getByRole('button', { name: 'Upload and start' }).click();
    await page.getByRole('heading', { name: /^Bulk job/, level: 1 }).waitFor();
    const url = page.url();
    // htmx polls the progress in place: the page is not reloaded, the downloads appear when it is done.
    await page.getByRole('link', { name: 'Results as CSV' }).waitFor({ timeout: 60_000 });
    expect(page.url()).toBe(url);
    expect(await page.locator('#job-progress progress').getAttribute('value')).toBe('40');
    fits.job = (await screenshots(page, 'pro-bulk-job')).mobileOverflow;
    const csv = await page.request.get(
      `${site.base}${await page.getByRole('link', { name: 'Results as CSV' }).getAttribute('href')}`,
    );
    const rows = (await csv.text()).split('\r\n').filter(Boolean);
    expect(rows).toHaveLength(41);
    expect(rows[1]).toMatch(/^PO-1,6109\.10\.0012,CN,10000,2026-10-09,,,,ocean,resolved,/);

    await tabs.getByRole('link', { name: 'Stored calculations' }).click();
    await page.getByRole('heading', { name: 'Stored calculations', level: 1 }).waitFor();
    fits.calculations = (await screenshots(page, 'pro-calculations')).mobileOverflow;

    await tabs.getByRole('link', { name: 'Alerts' }).click();
    await page.getByLabel('HTS prefixes').fill('6109.10');
    await page.getByRole('button', { name: 'Create alert' }).click();
    await page.getByRole('link', { name: '610910' }).waitFor();
    fits.alerts = (await screenshots(page, 'pro-alerts')).mobileOverflow;

    await tabs.getByRole('link', { name: 'Rate history' }).click();
    await page.getByLabel('HTS number').fill('6109.10.0012');
    await page.getByLabel('HTS number').press('Enter');
    await page.getByRole('img', { name: /General rate of HTS 6109.10.0012/ }).waitFor();
    fits.history = (await screenshots(page, 'pro-rate-history')).mobileOverflow;

    expect(fits).toEqual({ simulator: 0, bulk: 0, job: 0, calculations: 0, alerts: 0, history: 0 });
    expect(errors).toEqual([]);
  });
});
