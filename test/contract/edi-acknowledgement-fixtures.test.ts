import { readFileSync } from 'node:fs';
import path from 'node:path';
import { businessAccount, containerNumber, siteClient } from '../support/account-api';
import { createTestApp, TestApp } from '../support/app';
import { testDialect } from '../support/database';
import { departedShipment, edifactPartner, postInterchange, x12Partner } from '../support/edi';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ config: { trustProxy: true } });
  app.clock.set('2026-12-04T08:00:00.000Z');
});
afterAll(() => app?.close());

/** Our fixtures (test/fixtures/edi, sources in its README): the partners' answers to what we send them. */
const fixture = (name: string) => readFileSync(path.join(__dirname, '../fixtures/edi', name), 'utf8');
const edifact = 'application/edifact';
const faults = (body: { errors: Array<{ message: string }> }) => body.errors.map((e) => e.message);

async function sentShipment(secret: string, partner: object) {
  const client = siteClient(app, secret);
  const created = (await client.post('/api/edi/partners', partner).expect(201)).body;
  const shipment = await departedShipment(app, secret, [containerNumber('MSKU', '123456')]);
  const sent = (
    await client
      .post(`/api/edi/partners/${created.id}/send`, { document: 'shipment', shipment_id: shipment.id })
      .expect(201)
  ).body;
  expect(sent).toMatchObject({ control_number: expect.stringMatching(/^0*1$/), status: 'awaiting_ack' });
  return { client, sent };
}

describe(`EDI fixtures of our own: 997, TA1, CONTRL and INVOIC on ${testDialect}`, () => {
  test('the malformed 997 and TA1 are 422 with their exact faults; the good TA1 waits for the 997, which acknowledges our 856', async () => {
    const { test } = await businessAccount(app);
    const { client, sent } = await sentShipment(test, {
      ...x12Partner,
      outbound_documents: ['856'],
      acknowledgements: ['ta1', '997'],
    });

    const bad997 = await postInterchange(app, test, fixture('x12_997_functional_ack_BAD_CODES.edi')).expect(422);
    expect(faults(bad997.body)).toEqual([
      "segment 4 (AK1) element AK102: format: 'X1' is not digits only",
      "segment 6 (AK5) element AK501: code: 'Z' is not one of A, E, R, M, W, X",
      "segment 7 (AK9) element AK901: code: 'Q' is not one of A, E, P, R, M, W, X",
    ]);
    const badTa1 = await postInterchange(app, test, fixture('x12_ta1_interchange_ack_BAD_CODES.edi')).expect(422);
    expect(faults(badTa1.body)).toEqual([
      "segment 2 (TA1) element TA101: too_short: '12345' has 5 characters; 9 allowed",
      "segment 2 (TA1) element TA104: code: 'Q' is not one of A, E, R",
    ]);

    const ta1 = await postInterchange(app, test, fixture('x12_ta1_interchange_ack.edi')).expect(201);
    expect(ta1.body.sets).toEqual([
      {
        control_number: '000000001',
        document_type: 'TA1',
        status: 'accepted',
        errors: [],
        records: [{ object: 'edi_interchange', id: sent.id }],
      },
    ]);
    // The partner sends 997s too: those decide.
    expect((await client.get(`/api/edi/interchanges/${sent.id}`).expect(200)).body.status).toBe('awaiting_ack');

    const ack = await postInterchange(app, test, fixture('x12_997_functional_ack.edi')).expect(201);
    expect(ack.body.sets[0]).toMatchObject({ document_type: '997', status: 'accepted', records: [{ id: sent.id }] });
    expect((await client.get(`/api/edi/interchanges/${sent.id}`).expect(200)).body).toMatchObject({
      status: 'acknowledged',
      sets: [{ control_number: '0001', status: 'accepted' }],
      acknowledgement: { interchange_id: ack.body.id },
    });
  });

  test('the CONTRL acknowledges our IFTMIN; the INVOIC is a draft invoice at exact cents; the malformed ones are 422 with their exact faults', async () => {
    const { test } = await businessAccount(app);
    const { client, sent } = await sentShipment(test, {
      ...edifactPartner,
      inbound_documents: ['INVOIC'],
      outbound_documents: ['IFTMIN'],
    });

    const badContrl = await postInterchange(app, test, fixture('edifact_contrl_d3_BAD_CODES.edi'), edifact).expect(422);
    expect(faults(badContrl.body)).toEqual([
      "segment 3 (UCI) element UCI04: code: '9' is not one of 4, 7, 8",
      "segment 4 (UCM) element UCM03: code: '5' is not one of 4, 7",
    ]);
    const contrl = await postInterchange(app, test, fixture('edifact_contrl_d3.edi'), edifact).expect(201);
    expect(contrl.body.sets[0]).toMatchObject({
      document_type: 'CONTRL',
      status: 'accepted',
      records: [{ id: sent.id }],
    });
    expect((await client.get(`/api/edi/interchanges/${sent.id}`).expect(200)).body.status).toBe('acknowledged');

    const badCodes = await postInterchange(app, test, fixture('edifact_invoic_d99b_BAD_CODES.edi'), edifact).expect(
      422,
    );
    expect(faults(badCodes.body)).toEqual([
      "segment 3 (BGM) element BGM01: code: '999' is not one of 380, 381, 383",
      "segment 5 (CUX) element CUX01-2: too_long: 'EURO' has 4 characters; 3 allowed",
    ]);
    const wrongTotal = await postInterchange(app, test, fixture('edifact_invoic_d99b_TOTAL_WRONG.edi'), edifact).expect(
      422,
    );
    expect(faults(wrongTotal.body)).toEqual([
      'segment 19 (MOA) element MOA01-2: total: is 520.64, but the lines and the tax add up to 520.63',
    ]);
    expect((await client.get('/api/invoices').expect(200)).body.data).toEqual([]);

    const invoic = await postInterchange(app, test, fixture('edifact_invoic_d99b.edi'), edifact).expect(201);
    const invoice = (await client.get(`/api/invoices/${invoic.body.sets[0].records[0].id}`).expect(200)).body;
    expect(invoice).toMatchObject({
      status: 'draft',
      currency: 'EUR',
      memo: 'Partner invoice HT-2026-0412',
      metadata: { edi_invoice_number: 'HT-2026-0412' },
    });
    expect(invoice.lines.map((l: { description: string }) => l.description)).toEqual([
      'Terminal handling',
      'Storage',
      'Tax',
    ]);
    expect(JSON.stringify(invoice.total)).toContain('520.63');
  });
});
