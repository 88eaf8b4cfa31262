import request from 'supertest';
import { binaryBody, siteClient } from '../support/account-api';
import { setPlan, testKeyFor } from '../support/accounts';
import { rev3AndRev4 } from '../support/hts-fixtures';
import { signedInBrowser } from '../support/web-browser';
import { startWebApp, type WebApp } from '../support/web-site';

let app: WebApp;

beforeAll(async () => {
  app = await startWebApp({ withTariffData: rev3AndRev4 });
  app.clock.set('2026-11-25T10:00:00.000Z');
}, 120_000);
afterAll(async () => {
  await app.close();
});

/** A person signed in on the business plan, with a test key to fill the account through the API. */
async function businessPerson(name: string) {
  const email = `${name}.${Date.now()}@example.com`;
  const { browser, firstKey } = await signedInBrowser(app.hosts.site, app.sink, email);
  await setPlan(app, email, 'business');
  const testKey = await testKeyFor(app, firstKey);
  return { browser, testKey, api: siteClient(app, testKey) };
}

const shipment = {
  reference: 'PO-88213',
  mode: 'ocean_fcl',
  shipper: { name: 'Ningbo Homeware Co.', country: 'CN' },
  consignee: { name: 'Acme Imports Inc.', country: 'US' },
  origin: { locode: 'CNNGB' },
  destination: { locode: 'USLAX' },
  eta: '2026-12-24',
  // A sandbox sample: test mode tracks it free, from the sandbox.
  containers: [{ number: 'MSKU0001039' }],
  cargo_lines: [
    {
      description: "Cotton T-shirts, men's",
      hts_code: '6109100012',
      country_of_origin: 'CN',
      quantity: 1000,
      quantity_unit: 'doz',
      value: { amount: '48000.00', currency: 'USD' },
    },
    { description: 'Samples', hts_code: '6109100012', country_of_origin: 'CN' },
  ],
};

it('lists the shipments and shows one with its containers’ tracking, each line’s duty estimate (unresolved said, never 0), its invoices and documents, and books it', async () => {
  const { browser, api } = await businessPerson('shipper');
  const empty = await browser.get('/work/shipments');
  expect(empty.status).toBe(200);
  expect(empty.text).toContain('No shipments in test mode yet.');

  const created = (await api.post('/api/shipments', shipment).expect(201)).body;
  const estimated = (await api.post(`/api/shipments/${created.id}/estimate-duties`).expect(200)).body;
  const duty = estimated.cargo_lines[0].duty_estimate;
  const invoice = (
    await api
      .post('/api/invoices', {
        currency: 'USD',
        shipment_id: created.id,
        lines: [{ description: 'Ocean freight', charge_code: 'ocean_freight', quantity: '1', unit_amount: '2850.00' }],
      })
      .expect(201)
  ).body;

  const list = await browser.get('/work/shipments');
  expect(list.text).toMatch(new RegExp(`<a href="/work/shipments/${created.id}">PO-88213</a>`));
  expect(list.text).toContain('CNNGB → USLAX');
  expect((await browser.get('/work/shipments?status=booked')).text).toContain('No booked shipments in test mode yet.');

  const page = await browser.get(`/work/shipments/${created.id}`);
  expect(page.status).toBe(200);
  expect(page.text).toContain('<span class="badge">draft</span>');
  expect(page.text).toContain('tracked from booking');
  // The valued line's duty is known; its total is not, since the entry's fees need the samples' value too.
  expect(duty.total).toBeNull();
  expect(page.text).toContain(`duty ${duty.duty.amount} USD`);
  expect(duty.reason).toContain('line 2 has no value in USD');
  expect(page.text).toContain('fees.mpf: line 2 has no value in USD');
  expect(page.text).toMatch(/<span class="badge unresolved">unresolved<\/span> The line has no value./);
  const samples = /<th scope="row">\s*Samples[\s\S]*?<\/tr>/.exec(page.text)?.[0];
  expect(samples).toContain('The line has no value.');
  expect(samples).not.toContain('USD');
  expect(page.text).toContain(`<a href="/work/invoices/${invoice.id}">Draft</a>`);
  expect(page.text).toContain('No documents for this shipment.');

  // Book: the container is tracked from now on (a sandbox sample, no credit in test mode), its page linked.
  const booked = await browser.post(`/work/shipments/${created.id}/book`, {});
  expect(booked.status).toBe(303);
  const after = await browser.get(`/work/shipments/${created.id}`);
  expect(after.text).toContain('<span class="badge">booked</span>');
  expect(after.text).toContain('<a href="/tracking/containers/MSKU0001039">MSKU0001039</a>');
  // Delivering a booked shipment is not a step of the state machine: the domain's 409, on the page.
  const refused = await browser.post(`/work/shipments/${created.id}/deliver`, {});
  expect(refused.status).toBe(409);
  expect(refused.text).toContain('deliver needs a shipment that is arrived');
});

it('shows invoices with their lines and totals and serves the PDF; documents download as attachments; LTL requests with their status', async () => {
  const { browser, api, testKey } = await businessPerson('biller');
  const cookie = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const draft = (
    await api
      .post('/api/invoices', {
        currency: 'USD',
        bill_to: { name: 'Acme Imports Inc.', country: 'US' },
        lines: [
          { description: 'Ocean freight', charge_code: 'ocean_freight', quantity: '1', unit_amount: '2850.00' },
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
  const finalized = (await api.post(`/api/invoices/${draft.id}/finalize`).expect(200)).body;

  const invoices = await browser.get('/work/invoices');
  expect(invoices.text).toMatch(new RegExp(`<a href="/work/invoices/${draft.id}">${finalized.number}</a>`));
  const page = await browser.get(`/work/invoices/${draft.id}`);
  expect(page.status).toBe(200);
  expect(page.text).toContain('Terminal handling');
  expect(page.text).toContain(`${finalized.subtotal.amount} USD`);
  expect(page.text).toContain(`<strong>${finalized.total.amount} USD</strong>`);
  const pdf = await request(app.hosts.site)
    .get(`/work/invoices/${draft.id}/pdf`)
    .set('Cookie', cookie)
    .buffer(true)
    .parse(binaryBody);
  expect(pdf.status).toBe(200);
  expect(pdf.headers['content-type']).toBe('application/pdf');
  expect((pdf.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');

  const bytes = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
  app.clock.advance(50);
  const document = (
    await request(app.hosts.site)
      .post('/api/documents')
      .set('Authorization', `Bearer ${testKey}`)
      .field('type', 'bill_of_lading')
      .attach('file', bytes, { filename: 'B/L "4711" ü.pdf', contentType: 'application/pdf' })
      .expect(201)
  ).body;
  const documents = await browser.get('/work/documents');
  expect(documents.text).toContain(`href="/work/documents/${document.id}/content"`);
  expect(documents.text).toContain('bill of lading');
  const download = await request(app.hosts.site)
    .get(`/work/documents/${document.id}/content`)
    .set('Cookie', cookie)
    .buffer(true)
    .parse(binaryBody);
  expect(download.status).toBe(200);
  expect(download.headers['content-disposition']).toMatch(/^attachment; filename="[^"]*"; filename\*=UTF-8''/);
  expect(download.body).toEqual(bytes);

  const ltl = await browser.get('/work/ltl-requests');
  expect(ltl.text).toContain('No LTL quote requests in test mode yet.');
  await api
    .post('/api/ltl-quote-requests', {
      reference: 'LTL-7',
      origin: { postal_code: '90021' },
      destination: { postal_code: '60607' },
      ready_date: '2026-12-02',
      pallets: [{ length: 48, width: 40, height: 50, length_unit: 'in', weight: 750, weight_unit: 'lb', quantity: 2 }],
    })
    .expect(201);
  const requested = await browser.get('/work/ltl-requests');
  expect(requested.text).toContain('LTL-7');
  expect(requested.text).toContain('90021 → 60607');
  expect(requested.text).toContain('2 pallets');
  expect(requested.text).toContain('awaiting a carrier');
});

it('keeps the work to its account and mode (404 page), and tells a plan without it what it is', async () => {
  const { browser, api } = await businessPerson('owner');
  const created = (await api.post('/api/shipments', { mode: 'air', reference: 'MINE' }).expect(201)).body;
  const invoice = (await api.post('/api/invoices', { currency: 'USD' }).expect(201)).body;

  const { browser: other } = await businessPerson('stranger');
  for (const path of [
    `/work/shipments/${created.id}`,
    `/work/invoices/${invoice.id}`,
    `/work/invoices/${invoice.id}/pdf`,
  ]) {
    const res = await other.get(path);
    expect(res.status).toBe(404);
    expect(res.text).toContain('Not found');
  }
  await other.get('/work/shipments');
  expect((await other.post(`/work/shipments/${created.id}/book`, {})).status).toBe(404);
  expect((await other.get('/work/shipments')).text).not.toContain('MINE');

  await browser.get('/work/shipments');
  await browser.post('/dashboard/mode', { mode: 'live', back: '/work/shipments' });
  expect((await browser.get('/work/shipments')).text).toContain('No shipments in live mode yet.');
  expect((await browser.get(`/work/shipments/${created.id}`)).status).toBe(404);

  const free = await signedInBrowser(app.hosts.site, app.sink, `free.${Date.now()}@example.com`);
  const gated = await free.browser.get('/work/invoices');
  expect(gated.status).toBe(403);
  expect(gated.text).toContain("are the Business plan's");
  expect(gated.text).toContain('Your account is on Free.');
  const anonymous = await request(app.hosts.site).get('/work/shipments');
  expect(anonymous.status).toBe(303);
  expect(anonymous.headers.location).toBe('/login');
});
