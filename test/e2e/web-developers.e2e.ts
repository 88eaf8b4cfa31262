import request from 'supertest';
import { setPlan } from '../support/accounts';
import { launchBrowser, screenshots, TestBrowser } from '../support/browser';
import { deliverDue, startWebhookReceiver, WebhookReceiver } from '../support/webhook-receiver';
import { signUpInBrowser, startWebSite, WebSite } from '../support/web-site';

let site: WebSite;
let browser: TestBrowser;
let receiver: WebhookReceiver;
const email = `developer.${Date.now()}@example.com`;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  site = await startWebSite({ webhooks: { allowPrivateTargets: true, timeoutMs: 2000 } });
  browser = await launchBrowser();
  await signUpInBrowser(browser.page, site, email, 'a long enough passphrase');
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
  await receiver?.close();
});

/** The account's work, made through the account API with a test key, as an integration would. */
async function fillAccount(): Promise<void> {
  const { app } = site;
  await setPlan(app, email, 'business');
  const account = await app.deps.access.accounts.accountByEmail(email);
  const key = (
    await app.deps.access.accounts.createKey({ accountId: account.id, mode: 'live', expiring: false }, 'test', null)
  ).secret;
  const api = (method: 'post', path: string) => {
    app.clock.advance(1000);
    return request(app.hosts.site)[method](path).set('Authorization', `Bearer ${key}`);
  };
  const shipment = (
    await api('post', '/api/shipments')
      .send({
        reference: 'PO-88213',
        mode: 'ocean_fcl',
        origin: { locode: 'CNNGB' },
        destination: { locode: 'USLAX' },
        eta: '2026-12-24',
        containers: [{ number: 'MSKU0001039' }],
        cargo_lines: [{ description: "Cotton T-shirts, men's", hts_code: '6109100012', country_of_origin: 'CN' }],
      })
      .expect(201)
  ).body;
  const invoice = (
    await api('post', '/api/invoices')
      .send({
        currency: 'USD',
        shipment_id: shipment.id,
        bill_to: { name: 'Acme Imports Inc.', country: 'US' },
        lines: [
          {
            description: 'Ocean freight CNNGB-USLAX 40HC',
            charge_code: 'ocean_freight',
            quantity: '1',
            unit_amount: '2850.00',
          },
          {
            description: 'Terminal handling',
            charge_code: 'thc',
            quantity: '3',
            unit_amount: '128.33',
            tax_rate: '7.25',
          },
        ],
      })
      .expect(201)
  ).body;
  await api('post', `/api/invoices/${invoice.id}/finalize`).expect(200);
  await api('post', '/api/documents')
    .field('type', 'bill_of_lading')
    .field('shipment_id', shipment.id)
    .attach('file', Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'), {
      filename: 'bill-of-lading.pdf',
      contentType: 'application/pdf',
    })
    .expect(201);
  await api('post', '/api/ltl-quote-requests')
    .send({
      reference: 'LTL-7',
      origin: { postal_code: '90021' },
      destination: { postal_code: '60607' },
      ready_date: '2026-12-02',
      pallets: [{ length: 48, width: 40, height: 50, length_unit: 'in', weight: 750, weight_unit: 'lb', quantity: 2 }],
    })
    .expect(201);
}

describe('Developers and the account’s work in chromium', () => {
  it('adds a webhook endpoint, sends a test event and sees its delivery, reads the event', async () => {
    const { page, errors } = browser;
    const fits: Record<string, number> = {};
    await page.getByRole('link', { name: 'Developers' }).click();
    await page.getByRole('heading', { name: /^Requests/, level: 1 }).waitFor();
    await page.getByRole('navigation', { name: 'Developers' }).getByRole('link', { name: 'Webhooks' }).click();
    await page.getByRole('heading', { name: /^Webhooks/, level: 1 }).waitFor();
    await page.getByLabel('URL').fill(`${receiver.url}/e2e`);
    await page.getByLabel(/^Events/).fill('*');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await page.getByText('Endpoint added.').waitFor();
    expect(await page.locator('#endpoint-secret').textContent()).toMatch(/^whsec_/);
    fits.webhooks = (await screenshots(page, 'webhooks')).mobileOverflow;

    await page.getByRole('link', { name: `${receiver.url}/e2e` }).click();
    await page.getByRole('button', { name: 'Send test event' }).click();
    await page.getByText(/Event evt_\w+ queued/).waitFor();
    await deliverDue(site.app.deps.webhooks.delivery);
    await receiver.waitFor(1);
    await page.reload();
    const delivery = page.getByRole('row', { name: /ping/ });
    expect(await delivery.textContent()).toMatch(/200/);
    fits.endpoint = (await screenshots(page, 'webhook-endpoint')).mobileOverflow;

    await delivery.getByRole('link', { name: 'ping' }).click();
    await page.getByRole('heading', { name: 'ping', level: 1 }).waitFor();
    expect(JSON.parse((await page.locator('#event-payload').textContent())!)).toMatchObject({ type: 'ping' });
    fits.event = (await screenshots(page, 'event')).mobileOverflow;
    await page.getByRole('navigation', { name: 'Developers' }).getByRole('link', { name: 'Events' }).click();
    await page.getByRole('link', { name: 'ping' }).waitFor();
    fits.events = (await screenshots(page, 'events')).mobileOverflow;
    expect(fits).toEqual({ webhooks: 0, endpoint: 0, event: 0, events: 0 });
    expect(errors).toEqual([]);
  });

  it('reads the shipments, books one, and reads the invoices with a PDF, the documents and the LTL requests', async () => {
    await fillAccount();
    const { page, errors } = browser;
    const fits: Record<string, number> = {};
    await page.getByRole('link', { name: 'Shipments', exact: true }).first().click();
    await page.getByRole('heading', { name: /^Shipments/, level: 1 }).waitFor();
    fits.shipments = (await screenshots(page, 'shipments')).mobileOverflow;
    await page.getByRole('link', { name: 'PO-88213' }).click();
    await page.getByRole('heading', { name: 'Cargo and duty estimate' }).waitFor();
    await page.getByRole('button', { name: 'Book' }).click();
    await page.getByRole('link', { name: 'MSKU0001039' }).waitFor();
    fits.shipment = (await screenshots(page, 'shipment')).mobileOverflow;

    const tabs = page.getByRole('navigation', { name: 'Account work' });
    await tabs.getByRole('link', { name: 'Invoices' }).click();
    fits.invoices = (await screenshots(page, 'invoices')).mobileOverflow;
    await page.getByRole('link', { name: /^INV-/ }).click();
    await page.getByRole('heading', { name: 'Lines' }).waitFor();
    fits.invoice = (await screenshots(page, 'invoice')).mobileOverflow;
    const pdf = await page.request.get(
      await page
        .getByRole('link', { name: 'PDF' })
        .getAttribute('href')
        .then((h) => `${site.base}${h}`),
    );
    expect(pdf.headers()['content-type']).toBe('application/pdf');

    await tabs.getByRole('link', { name: 'Documents' }).click();
    await page.getByRole('link', { name: 'bill-of-lading.pdf' }).waitFor();
    fits.documents = (await screenshots(page, 'documents')).mobileOverflow;
    await tabs.getByRole('link', { name: 'LTL requests' }).click();
    await page.getByText('LTL-7').waitFor();
    fits.ltl = (await screenshots(page, 'ltl-requests')).mobileOverflow;
    expect(fits).toEqual({ shipments: 0, shipment: 0, invoices: 0, invoice: 0, documents: 0, ltl: 0 });
    expect(errors).toEqual([]);
  });
});
