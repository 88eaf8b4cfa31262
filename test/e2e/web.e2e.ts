import { launchBrowser, screenshots, TestBrowser } from '../support/browser';
import { rev3AndRev4 } from '../support/hts-fixtures';
import { repoDataDir } from '../support/reference-data';
import { startWebSite, WebSite } from '../support/web-site';

let site: WebSite;
let browser: TestBrowser;
let base: string;

beforeAll(async () => {
  site = await startWebSite({ withParcelData: repoDataDir, withTariffData: rev3AndRev4 });
  base = site.base;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

const email = `e2e.${Date.now()}@example.com`;
const password = 'a long enough passphrase';

describe('the web application in chromium', () => {
  it('signs up, verifies the email, signs in by keyboard, creates and reveals a key, logs out', async () => {
    const { page, errors } = browser;
    const fits: Record<string, number> = {};

    await page.goto(`${base}/signup`);
    fits.signup = (await screenshots(page, 'signup')).mobileOverflow;
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    const firstKey = await page.locator('#first-key').textContent();
    expect(firstKey).toMatch(/^tl_live_[0-9A-Za-z]{32}$/);

    const link = await site.sink.linkFor(email, '/verify-email');
    await page.goto(link);
    await page.getByText('Your email is verified').waitFor();
    fits.login = (await screenshots(page, 'login')).mobileOverflow;

    // By keyboard: the skip link first, then the form.
    await page.keyboard.press('Tab');
    expect(await page.evaluate('document.activeElement.textContent')).toBe('Skip to content');
    await page.getByLabel('Email').focus();
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(password);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${base}/dashboard`);
    await page.getByRole('heading', { name: "Today's usage" }).waitFor();
    expect(await page.getByRole('row', { name: /Tariff calculations and AI HTS searches/ }).textContent()).toContain(
      '0 of 5',
    );
    fits.overview = (await screenshots(page, 'overview')).mobileOverflow;

    await page.getByRole('link', { name: 'Integrations' }).click();
    await page.getByRole('heading', { name: 'Integrations', level: 1 }).waitFor();
    await page.locator('#key-name').fill('Warehouse system');
    await page.getByRole('button', { name: 'Generate API Key' }).click();
    const secret = page.locator('#new-key-secret');
    await secret.waitFor();
    const revealed = (await secret.textContent())!.trim();
    expect(revealed).toMatch(/^tl_test_[0-9A-Za-z]{32}$/);
    // htmx swapped the panel in place: the page was not reloaded.
    expect(page.url()).toBe(`${base}/settings/integrations`);
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    await page.getByRole('button', { name: 'Copy' }).click();
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(revealed);
    fits.integrations = (await screenshots(page, 'integrations')).mobileOverflow;

    // Once shown: a reload lists the key by its last four only.
    await page.reload();
    expect(await page.content()).not.toContain(revealed);
    await page.getByText(`tl_test_…${revealed.slice(-4)}`).waitFor();

    await page.getByRole('button', { name: 'Revoke Warehouse system' }).click();
    await page.getByText('it no longer works').waitFor();

    // An OAuth client the same way: scopes ticked, the secret shown once.
    await page.locator('#client-name').fill('Nightly sync');
    await page.getByRole('checkbox', { name: 'shipments:read' }).check();
    await page.getByRole('button', { name: 'Create OAuth client' }).click();
    expect((await page.locator('#new-client-secret').textContent())!.trim()).toMatch(/^tl_cs_test_[0-9A-Za-z]{32}$/);

    // Parcel quotes: the carriers side by side, cheapest and fastest marked.
    await page.getByRole('link', { name: 'Parcel quotes' }).click();
    await page.getByLabel('From ZIP').fill('85004');
    await page.getByLabel('To ZIP').fill('75201');
    for (const [label, value] of [
      ['Length (in)', '12'],
      ['Width (in)', '10'],
      ['Height (in)', '8'],
      ['Weight (lb)', '5'],
    ])
      await page.getByLabel(label).fill(value);
    await page.getByRole('button', { name: 'Compare carriers' }).click();
    await page.getByText('Cheapest').waitFor();
    expect(await page.locator('section.carrier h3').allTextContents()).toEqual(
      expect.arrayContaining(['UPS', 'FEDEX', 'USPS']),
    );
    fits.parcel = (await screenshots(page, 'parcel')).mobileOverflow;

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(`${base}/login`);
    await page.goto(`${base}/dashboard`);
    expect(page.url()).toBe(`${base}/login`);

    expect(fits).toEqual({ signup: 0, login: 0, overview: 0, integrations: 0, parcel: 0 });
    expect(errors).toEqual([]);
  });

  it('calculates a duty stack, searches the HTS and answers a question by click, then calculates the candidate', async () => {
    const { page, errors } = browser;
    const fits: Record<string, number> = {};
    await page.goto(`${base}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${base}/dashboard`);

    await page.getByRole('link', { name: 'Tariff calculator' }).click();
    await page.getByRole('heading', { name: 'Tariff calculator', level: 1 }).waitFor();
    // Typed by keyboard: the line is looked up as the number grows.
    await page.getByLabel('HTS number').focus();
    await page.keyboard.type('8486.10.0000', { delay: 20 });
    await page.locator('#hts-line strong', { hasText: '8486.10.0000' }).waitFor();
    await page.getByLabel('Country of origin').selectOption('CN');
    await page.getByLabel('Declared value (USD)').fill('10000');
    await page.getByLabel('Entry date (YYYY-MM-DD)').fill('2026-10-09');
    await page.getByRole('button', { name: 'Calculate duty' }).click();
    await page.getByRole('heading', { name: /^8486\.10\.0000 · / }).waitFor();
    expect(await page.locator('.totals dd').first().textContent()).toBe('$2,500.00');
    expect(await page.locator('table.stack tbody tr').count()).toBeGreaterThan(1);
    await page.getByText('Total duty with it: $0.00').waitFor();
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    await page.locator('[data-copy="curl"]').click();
    expect(await page.evaluate('navigator.clipboard.readText()')).toContain('/api/tariff/public/calculate');
    fits.tariff = (await screenshots(page, 'tariff')).mobileOverflow;

    await page.getByRole('link', { name: 'HTS search' }).click();
    await page.getByLabel('Describe the product in plain English').fill('cotton shirt');
    await page.getByRole('button', { name: 'Search' }).click();
    const question = page.locator('form.question').first();
    await question.waitFor();
    const attribute = (await question.locator('button').first().getAttribute('value'))!.split('=')[0];
    await question.locator('button').first().click();
    // htmx swapped the results in place, narrowed by the answer, and moved the focus to them.
    await page.getByText(/answered: /).waitFor();
    expect(page.url()).toBe(`${base}/tools/hts-search`);
    expect(await page.locator(`form.question button[value^="${attribute}="]`).count()).toBe(0);
    expect(await page.evaluate('document.activeElement.id')).toBe('results-title');
    fits.search = (await screenshots(page, 'hts-search')).mobileOverflow;

    const top = (await page.locator('ol.candidates h3 code').first().textContent())!;
    await page.locator('ol.candidates a.button').first().click();
    await page.waitForURL(`${base}/tools/tariff?hts_code=${top}`);
    expect(await page.getByLabel('HTS number').inputValue()).toBe(top);
    await page.locator('#hts-line strong', { hasText: top }).waitFor();

    expect(fits).toEqual({ tariff: 0, search: 0 });
    expect(errors).toEqual([]);
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(`${base}/login`);
  });

  it('refuses a form posted without its CSRF token', async () => {
    const { page } = browser;
    await page.goto(`${base}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${base}/dashboard`);
    await page.goto(`${base}/settings/integrations`);
    const before = await site.app.db.knex('api_keys').count({ n: '*' }).first();
    // A form of our own origin without the token, as a forged page would send it.
    await page.evaluate(`(() => {
      const form = document.createElement('form');
      form.method = 'post';
      form.action = '/settings/integrations/keys';
      const name = document.createElement('input');
      name.name = 'name';
      name.value = 'forged';
      form.append(name);
      document.body.append(form);
      form.submit();
    })()`);
    await page.getByText('This form has expired or did not come from this page').waitFor();
    expect(await site.app.db.knex('api_keys').count({ n: '*' }).first()).toEqual(before);
  });
});
