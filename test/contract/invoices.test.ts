import request from 'supertest';
import { OutboxEventRepository } from '../../src/db/repositories/outbox-event.repository';
import { binaryBody, businessAccount, siteClient } from '../support/account-api';
import { createTestApp, TestApp } from '../support/app';
import { testDialect } from '../support/database';
import { pdfText } from '../support/pdf-text';
import { expectPdfThreadBusy } from '../support/pdf-threads';

let app: TestApp;
beforeAll(async () => {
  // One PDF thread and no waiting line: the busy answer can be seen (the other tests ask one at a time).
  app = await createTestApp({ config: { trustProxy: true, bodyLimitBytes: 65536, pdf: { threads: 1, maxQueue: 0 } } });
  app.clock.set('2026-12-01T09:00:00.000Z');
});
afterAll(() => app?.close());

const freight = {
  currency: 'USD',
  bill_to: { name: 'Acme Imports Inc.', city: 'Los Angeles', region: 'CA', postal_code: '90021', country: 'US' },
  due_date: '2026-12-31',
  memo: 'Thank you for your business.',
  lines: [
    {
      description: 'Ocean freight CNNGB-USLAX 40HC',
      charge_code: 'ocean_freight',
      quantity: '1',
      unit_amount: '2850.00',
    },
    { description: 'Terminal handling', charge_code: 'thc', quantity: '3', unit_amount: '128.33', tax_rate: '7.25' },
    {
      description: 'Documentation',
      charge_code: 'documentation',
      quantity: '0.5',
      unit_amount: '75.01',
      tax_rate: '7.25',
    },
  ],
};

describe(`invoices on ${testDialect}`, () => {
  test('a draft computes exact line amounts, tax and totals at the minor unit; finalize numbers it; pay closes it; each step an event', async () => {
    const { live, accountId } = await businessAccount(app);
    const client = siteClient(app, live);
    const created = await client.post('/api/invoices', freight).expect(201);
    expect(created.headers.location).toBe(`/api/invoices/${created.body.id}`);
    const usd = (amount: string) => ({ amount, currency: 'USD' });
    expect(created.body).toEqual({
      id: expect.stringMatching(/^inv_/),
      object: 'invoice',
      livemode: true,
      number: null,
      status: 'draft',
      shipment_id: null,
      currency: 'USD',
      bill_to: freight.bill_to,
      due_date: '2026-12-31',
      memo: 'Thank you for your business.',
      lines: [
        {
          description: 'Ocean freight CNNGB-USLAX 40HC',
          charge_code: 'ocean_freight',
          quantity: '1',
          unit_amount: usd('2850.00'),
          tax_rate: '0',
          amount: usd('2850.00'),
          tax: usd('0.00'),
        },
        // 3 × 128.33 = 384.99; 7.25 % of it is 27.911775 → 27.91
        {
          description: 'Terminal handling',
          charge_code: 'thc',
          quantity: '3',
          unit_amount: usd('128.33'),
          tax_rate: '7.25',
          amount: usd('384.99'),
          tax: usd('27.91'),
        },
        // 0.5 × 75.01 = 37.505 → 37.51 (half-up); tax 2.7194… → 2.72
        {
          description: 'Documentation',
          charge_code: 'documentation',
          quantity: '0.5',
          unit_amount: usd('75.01'),
          tax_rate: '7.25',
          amount: usd('37.51'),
          tax: usd('2.72'),
        },
      ],
      subtotal: usd('3272.50'),
      tax: usd('30.63'),
      total: usd('3303.13'),
      payment_reference: null,
      metadata: {},
      status_transitions: { finalized_at: null, paid_at: null, voided_at: null },
      created_at: '2026-12-01T09:00:00.050Z',
      updated_at: '2026-12-01T09:00:00.050Z',
    });
    const id = created.body.id;
    await client.post(`/api/invoices/${id}/pay`, { payment_reference: 'early' }).expect(409);
    await client.post(`/api/invoices/${id}/void`).expect(409);
    const finalized = (await client.post(`/api/invoices/${id}/finalize`).expect(200)).body;
    expect(finalized).toMatchObject({
      status: 'open',
      number: 'INV-000001',
      status_transitions: { finalized_at: app.clock.now().toISOString() },
    });
    // Immutable once finalized.
    const immutable = await client.patch(`/api/invoices/${id}`, { memo: 'changed' }).expect(409);
    expect(immutable.body.detail).toBe(`Invoice ${id} is open: a finalized invoice cannot change.`);
    await client.post(`/api/invoices/${id}/finalize`).expect(409);
    const paid = (await client.post(`/api/invoices/${id}/pay`, { payment_reference: 'WIRE-20261220-0042' }).expect(200))
      .body;
    expect(paid).toMatchObject({
      status: 'paid',
      payment_reference: 'WIRE-20261220-0042',
      number: 'INV-000001',
      total: usd('3303.13'),
    });
    await client.post(`/api/invoices/${id}/void`).expect(409);
    expect((await client.get(`/api/invoices/${id}`).expect(200)).body).toEqual(paid);
    const events = await new OutboxEventRepository(app.db.knex).listForSubject('invoice', id);
    expect(events.map((e) => e.type)).toEqual(['invoice.created', 'invoice.finalized', 'invoice.paid']);
    expect(events.every((e) => e.accountId === accountId && e.livemode)).toBe(true);
    expect((events[2].data as { object: unknown }).object).toEqual(paid);
  });

  test('numbers count per account and mode, without gaps; void keeps the number', async () => {
    const first = await businessAccount(app);
    const second = await businessAccount(app);
    const numberOf = async (secret: string) => {
      const client = siteClient(app, secret);
      const id = (
        await client
          .post('/api/invoices', {
            currency: 'EUR',
            lines: [{ description: 'Storage', charge_code: 'storage', quantity: '2', unit_amount: '10.5' }],
          })
          .expect(201)
      ).body.id;
      return (await client.post(`/api/invoices/${id}/finalize`).expect(200)).body;
    };
    expect((await numberOf(first.live)).number).toBe('INV-000001');
    const voided = await numberOf(first.live);
    expect(voided.number).toBe('INV-000002');
    expect((await siteClient(app, first.live).post(`/api/invoices/${voided.id}/void`).expect(200)).body).toMatchObject({
      status: 'void',
      number: 'INV-000002',
      status_transitions: { voided_at: expect.any(String) },
    });
    expect((await numberOf(first.live)).number).toBe('INV-000003');
    expect((await numberOf(first.test)).number).toBe('INV-000001');
    expect((await numberOf(second.live)).number).toBe('INV-000001');
    // Nothing to bill: 422, and no number is used up.
    const empty = (await siteClient(app, first.live).post('/api/invoices', { currency: 'EUR' }).expect(201)).body.id;
    expect((await siteClient(app, first.live).post(`/api/invoices/${empty}/finalize`).expect(422)).body.type).toBe(
      'https://docs.tradelane.dev/problems/unprocessable',
    );
    expect((await numberOf(first.live)).number).toBe('INV-000004');
  });

  test('takes a unit amount as written (a string) or as read ({amount, currency}), the same; another currency is 400', async () => {
    const { live } = await businessAccount(app);
    const client = siteClient(app, live);
    const line = { description: 'Ocean freight', charge_code: 'ocean_freight', quantity: '2', tax_rate: '7.25' };
    const asString = (
      await client.post('/api/invoices', { currency: 'USD', lines: [{ ...line, unit_amount: '2850.00' }] }).expect(201)
    ).body;
    const read = asString.lines[0].unit_amount;
    expect(read).toEqual({ amount: '2850.00', currency: 'USD' });
    // What a read gives, written back: the same invoice.
    const asRead = (
      await client.post('/api/invoices', { currency: 'USD', lines: [{ ...line, unit_amount: read }] }).expect(201)
    ).body;
    expect({ lines: asRead.lines, total: asRead.total }).toEqual({ lines: asString.lines, total: asString.total });
    const euros = await client
      .post('/api/invoices', {
        currency: 'USD',
        lines: [{ ...line, unit_amount: { amount: '10.00', currency: 'EUR' } }],
      })
      .expect(400);
    expect(euros.body.errors).toEqual([
      { pointer: '/body/lines/0/unit_amount/currency', message: 'The unit amount is in EUR; this invoice is in USD.' },
    ]);
  });

  test('currencies have their minor units; amounts finer than that, or unknown currencies, are 400', async () => {
    const { live } = await businessAccount(app);
    const client = siteClient(app, live);
    const yen = (
      await client
        .post('/api/invoices', {
          currency: 'jpy',
          lines: [
            { description: 'Trucking', charge_code: 'trucking', quantity: '1.5', unit_amount: '12345', tax_rate: '10' },
          ],
        })
        .expect(201)
    ).body;
    // 1.5 × 12345 = 18517.5 → 18518; 10 % → 1851.8 → 1852
    expect(yen).toMatchObject({
      currency: 'JPY',
      subtotal: { amount: '18518', currency: 'JPY' },
      tax: { amount: '1852' },
      total: { amount: '20370' },
    });
    const dinar = (
      await client
        .post('/api/invoices', {
          currency: 'KWD',
          lines: [{ description: 'THC', charge_code: 'thc', quantity: '1', unit_amount: '12.345' }],
        })
        .expect(201)
    ).body;
    expect(dinar.total).toEqual({ amount: '12.345', currency: 'KWD' });
    expect(
      (
        await client
          .post('/api/invoices', { currency: 'JPY', lines: [{ description: 'x', quantity: '1', unit_amount: '1.5' }] })
          .expect(400)
      ).body.errors,
    ).toEqual([{ pointer: '/body/lines/0/unit_amount', message: 'JPY amounts have at most 0 decimals.' }]);
    expect((await client.post('/api/invoices', { currency: 'XYZ' }).expect(400)).body.errors[0].pointer).toBe(
      '/body/currency',
    );
    await client
      .post('/api/invoices', { currency: 'USD', lines: [{ description: 'x', quantity: '1', unit_amount: 12.5 }] })
      .expect(400);
    await client.get('/api/invoices?status=unpaid').expect(400);
  });

  test("drafts change (lines replaced, totals recomputed); a shipment must be the account's own, in the mode", async () => {
    const { live, test } = await businessAccount(app);
    const client = siteClient(app, live);
    const shipment = (await client.post('/api/shipments', { mode: 'ocean_fcl' }).expect(201)).body.id;
    const testShipment = (await siteClient(app, test).post('/api/shipments', { mode: 'ocean_fcl' }).expect(201)).body
      .id;
    const draft = (await client.post('/api/invoices', { ...freight, shipment_id: shipment }).expect(201)).body;
    const changed = (
      await client
        .patch(`/api/invoices/${draft.id}`, {
          lines: [
            {
              description: 'Customs duty advanced',
              charge_code: 'customs_duty',
              quantity: '1',
              unit_amount: '17520.00',
            },
          ],
          memo: null,
        })
        .expect(200)
    ).body;
    expect(changed).toMatchObject({
      shipment_id: shipment,
      memo: null,
      total: { amount: '17520.00', currency: 'USD' },
      lines: [{ charge_code: 'customs_duty' }],
    });
    for (const shipment_id of [testShipment, 'shp_unknown']) {
      const refused = await client.post('/api/invoices', { currency: 'USD', shipment_id }).expect(404);
      expect(refused.body.errors).toEqual([
        { pointer: '/body/shipment_id', message: `No shipment ${shipment_id} in this account.` },
      ]);
    }
    const listed = (await client.get(`/api/invoices?shipment_id=${shipment}`).expect(200)).body;
    expect(listed.data.map((i: { id: string }) => i.id)).toEqual([draft.id]);
    expect((await client.get('/api/invoices?status=open').expect(200)).body.data).toEqual([]);
    const tooLarge = await client
      .patch(`/api/invoices/${draft.id}`, { memo: 'x', metadata: { padding: 'x'.repeat(70000) } })
      .expect(413);
    expect(tooLarge.body.type).toBe('https://docs.tradelane.dev/problems/payload-too-large');
    await request(app.hosts.site)
      .patch(`/api/invoices/${draft.id}`)
      .set('Authorization', `Bearer ${live}`)
      .set('Content-Type', 'text/plain')
      .send('memo')
      .expect(415);
    await client.patch(`/api/invoices/${draft.id}`, { colour: 'red' }).expect(400);
    await client.post(`/api/invoices/${draft.id}/pay`, {}).expect(400);
  });

  test('the PDF is built on a PDF thread: asked for while the only one is busy, 503 service-busy with Retry-After', async () => {
    const { live } = await businessAccount(app);
    const client = siteClient(app, live);
    const id = (await client.post('/api/invoices', freight).expect(201)).body.id;
    await expectPdfThreadBusy(() => client.get(`/api/invoices/${id}/pdf`));
  });

  test("another account's invoice, or the other mode's, is 404", async () => {
    const owner = await businessAccount(app);
    const id = (await siteClient(app, owner.live).post('/api/invoices', freight).expect(201)).body.id;
    const other = await businessAccount(app);
    for (const client of [siteClient(app, other.live), siteClient(app, owner.test)]) {
      await client.get(`/api/invoices/${id}`).expect(404);
      await client.get(`/api/invoices/${id}/pdf`).expect(404);
      await client.patch(`/api/invoices/${id}`, { memo: 'x' }).expect(404);
      await client.post(`/api/invoices/${id}/finalize`).expect(404);
      await client.post(`/api/invoices/${id}/pay`, { payment_reference: 'x' }).expect(404);
      await client.post(`/api/invoices/${id}/void`).expect(404);
    }
  });

  test('the PDF reads back with the number, parties, lines and totals', async () => {
    const { live } = await businessAccount(app);
    const client = siteClient(app, live);
    const id = (await client.post('/api/invoices', freight).expect(201)).body.id;
    const draftPdf = await client.get(`/api/invoices/${id}/pdf`).buffer(true).parse(binaryBody).expect(200);
    expect(draftPdf.headers['content-type']).toBe('application/pdf');
    expect(draftPdf.headers['content-disposition']).toBe(`inline; filename="${id}.pdf"`);
    expect(await pdfText(draftPdf.body)).toContain('DRAFT INVOICE');
    await client.post(`/api/invoices/${id}/finalize`).expect(200);
    await client.post(`/api/invoices/${id}/pay`, { payment_reference: 'WIRE-42' }).expect(200);
    const pdf = await client.get(`/api/invoices/${id}/pdf`).buffer(true).parse(binaryBody).expect(200);
    expect(pdf.headers['content-disposition']).toBe('inline; filename="INV-000001.pdf"');
    expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf.body);
    for (const expected of [
      'INVOICE INV-000001',
      'Acme Imports Inc.',
      'Ocean freight CNNGB-USLAX 40HC',
      '2850.00',
      '384.99',
      '27.91',
      '3272.50',
      '30.63',
      '3303.13 USD',
      'Due: 2026-12-31',
      'reference WIRE-42',
    ]) {
      expect(text).toContain(expected);
    }
  });

  test('Idempotency-Key: create and actions replay; the same key on another request is 422', async () => {
    const { live } = await businessAccount(app);
    const client = siteClient(app, live);
    const first = await client.post('/api/invoices', freight).set('Idempotency-Key', 'inv-1').expect(201);
    expect((await client.post('/api/invoices', freight).set('Idempotency-Key', 'inv-1').expect(201)).body.id).toBe(
      first.body.id,
    );
    await client
      .post('/api/invoices', { ...freight, currency: 'EUR' })
      .set('Idempotency-Key', 'inv-1')
      .expect(422);
    for (const [action, body] of [
      ['finalize', undefined],
      ['pay', { payment_reference: 'x' }],
      ['void', undefined],
    ] as const) {
      await client
        .post(`/api/invoices/inv_unknown/${action}`, body)
        .set('Idempotency-Key', `inv-${action}`)
        .expect(404);
      expect(
        (
          await client
            .post(`/api/invoices/${first.body.id}/${action}`, body)
            .set('Idempotency-Key', `inv-${action}`)
            .expect(422)
        ).body.type,
      ).toBe('https://docs.tradelane.dev/problems/idempotency-mismatch');
    }
  });

  test('429 on every invoice operation past the per-second limit', async () => {
    const { live } = await businessAccount(app);
    const id = (await siteClient(app, live).post('/api/invoices', freight).expect(201)).body.id;
    app.clock.advance(1000);
    const auth = { Authorization: `Bearer ${live}` };
    for (let i = 0; i < 25; i++) await request(app.hosts.site).get(`/api/invoices/${id}`).set(auth).expect(200);
    const site = request(app.hosts.site);
    for (const call of [
      site.get('/api/invoices'),
      site.post('/api/invoices').send(freight),
      site.get(`/api/invoices/${id}`),
      site.patch(`/api/invoices/${id}`).send({ memo: 'x' }),
      site.post(`/api/invoices/${id}/finalize`),
      site.post(`/api/invoices/${id}/pay`).send({ payment_reference: 'x' }),
      site.post(`/api/invoices/${id}/void`),
      site.get(`/api/invoices/${id}/pdf`),
    ]) {
      expect((await call.set(auth).expect(429)).body.type).toBe('https://docs.tradelane.dev/problems/rate-limited');
    }
  });
});
