import request from 'supertest';
import { OutboxEventRepository } from '../../src/db/repositories/outbox-event.repository';
import {
  elementValue,
  mapIftsta,
  mapInvoic,
  readEdifact,
  readX12,
  type SegmentSpec,
  writeEdifact,
  writeX12,
  edifactOutbound,
  x12Outbound,
} from '../../src/domain/edi';
import { map210, map315 } from '../../src/domain/edi';
import { idempotencyOwnerOf, requestFingerprint } from '../../src/http/idempotency';
import { accessTokenFor, businessAccount, containerNumber, siteClient } from '../support/account-api';
import { signUp } from '../support/accounts';
import { createTestApp, TestApp } from '../support/app';
import { testDialect } from '../support/database';
import {
  bl,
  departedShipment,
  edifactPartner,
  finalizedInvoice,
  postInterchange,
  interchangeRaw,
  segmentValues,
  sendToPartner,
  x12Partner,
  x12Type,
} from '../support/edi';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ config: { trustProxy: true } });
  app.clock.set('2026-12-04T08:00:00.000Z');
});
afterAll(() => app?.close());

const send = (secret: string, partnerId: string, body: object) => sendToPartner(app, secret, partnerId, body);
const rawOf = (secret: string, id: string) => interchangeRaw(app, secret, id);
const values = segmentValues;

/** The partner's side of the envelope: from them to us, in test mode. */
const fromPartner = (partner: typeof x12Partner | typeof edifactPartner) => ({
  from: partner.their_interchange_id,
  to: partner.our_interchange_id,
  fromApplication: 'their_application_code' in partner ? partner.their_application_code : null,
  toApplication: 'our_application_code' in partner ? partner.our_application_code : null,
  usage: 'T' as const,
  version: partner.version,
});

/** The partner's 997 for one of our groups, as its translator would write it. */
function partner997(control: number, body: SegmentSpec[]): string {
  return writeX12(
    x12Outbound(fromPartner(x12Partner), { interchange: control, group: control }, app.clock.now(), {
      functionalId: 'FA',
      sets: [{ control: '0001', segments: [['997'], ...body] }],
    }),
  );
}

const receive = (secret: string, text: string, type = x12Type) => postInterchange(app, secret, text, type);

const eventsOf = async (id: string) =>
  (await new OutboxEventRepository(app.db.knex).listForSubject('edi_interchange', id)).map((e) => e.type);

describe(`EDI sending on ${testDialect}`, () => {
  test('a departed shipment as X12 315s, one per container, read back by our reader and mapper; the 997 acknowledges it', async () => {
    const { test, accountId } = await businessAccount(app);
    const client = siteClient(app, test);
    const partner = (await client.post('/api/edi/partners', x12Partner).expect(201)).body;
    const containers = [containerNumber('MSKU', '123456'), containerNumber('MSKU', '765432')];
    const shipment = await departedShipment(app, test, containers);

    const sent = await send(test, partner.id, { document: 'shipment_status', shipment_id: shipment.id }).expect(201);
    expect(sent.headers.location).toBe(`/api/edi/interchanges/${sent.body.id}`);
    expect(sent.body).toEqual({
      id: expect.stringMatching(/^edi_/),
      object: 'edi_interchange',
      livemode: false,
      partner_id: partner.id,
      direction: 'outbound',
      standard: 'x12',
      control_number: '000000001',
      document_types: ['315'],
      status: 'awaiting_ack',
      sets: ['0001', '0002'].map((control_number) => ({
        control_number,
        document_type: '315',
        status: 'sent',
        errors: [],
        records: [{ object: 'shipment', id: shipment.id }],
      })),
      errors: [],
      acknowledgement: null,
      in_reply_to: null,
      created_at: app.clock.now().toISOString(),
    });

    // What we wrote, our own reader takes without a fault and writes back byte for byte; map315 reads the status.
    const raw = await rawOf(test, sent.body.id);
    const read = readX12(raw);
    expect(read.issues).toEqual([]);
    expect(writeX12(read)).toBe(raw);
    expect(
      values(read.isa)
        .slice(5, 9)
        .map((v) => v.trim()),
    ).toEqual(['ZZ', 'TRADELANE', 'ZZ', 'ACMEFWD']);
    expect(elementValue(read.isa, 15)).toBe('T');
    expect(values(read.groups[0].gs)).toEqual([
      'GS',
      'QO',
      'TRADELANE',
      'ACMEFWD',
      '20261204',
      expect.any(String),
      '1',
      'X',
      '004010',
    ]);
    const [first, second] = read.groups[0].sets;
    expect(first.issues).toEqual([]);
    expect(first.segments.map(values)).toEqual([
      [
        'B4',
        '',
        '',
        'VD',
        '20261204',
        expect.stringMatching(/^\d{4}$/),
        'CNNGB',
        'MSKU',
        '123456',
        '',
        '',
        'CNNGB',
        'UN',
        containers[0][10],
      ],
      ['N9', 'EQ', containers[0]],
      ['N9', 'BM', bl],
      ['N9', 'BN', 'BKG778812'],
      ['R4', 'L', 'UN', 'CNNGB'],
      ['DTM', '140', '20261204', expect.any(String)],
      ['R4', 'D', 'UN', 'USLAX'],
      ['DTM', '139', '20261228', '0000'],
    ]);
    const { mapped, issues } = map315(second, 'test');
    expect(issues).toEqual([]);
    expect(mapped.references).toEqual({ containerNumber: containers[1], billOfLading: bl, booking: 'BKG778812' });
    const minute = Math.floor(shipment.departedAt / 60_000) * 60_000;
    expect(mapped.events.map((e) => [e.code, e.classifier, e.location?.unlocode, e.eventTime])).toEqual([
      ['DEPA', 'ACT', 'CNNGB', minute],
      ['DEPA', 'ACT', 'CNNGB', minute],
      ['ARRI', 'EST', 'USLAX', Date.UTC(2026, 11, 28)],
    ]);
    expect((await client.get(`/api/edi/partners/${partner.id}`).expect(200)).body.control_numbers).toEqual({
      interchange: 1,
      group: 1,
      transaction_set: 2,
    });
    expect(await eventsOf(sent.body.id)).toEqual(['edi.interchange.sent']);
    const [event] = await new OutboxEventRepository(app.db.knex).listForSubject('edi_interchange', sent.body.id);
    expect(event).toMatchObject({ accountId, livemode: false, data: { object: sent.body } });

    // The partner's 997 accepts both sets: our interchange is acknowledged, the 997 links to it.
    const ack = await receive(
      test,
      partner997(900, [
        ['AK1', 'QO', '1'],
        ['AK2', '315', '0001'],
        ['AK5', 'A'],
        ['AK2', '315', '0002'],
        ['AK5', 'A'],
        ['AK9', 'A', '2', '2', '2'],
      ]),
    ).expect(201);
    expect(ack.body).toMatchObject({
      direction: 'inbound',
      document_types: ['997'],
      status: 'accepted',
      sets: [{ document_type: '997', status: 'accepted', records: [{ object: 'edi_interchange', id: sent.body.id }] }],
      acknowledgement: null,
    });
    const acknowledged = (await client.get(`/api/edi/interchanges/${sent.body.id}`).expect(200)).body;
    expect(acknowledged).toMatchObject({
      status: 'acknowledged',
      sets: [
        { status: 'accepted', errors: [] },
        { status: 'accepted', errors: [] },
      ],
      acknowledgement: { interchange_id: ack.body.id, raw: expect.stringContaining('AK1*QO*1~') },
    });
    expect(await eventsOf(sent.body.id)).toEqual(['edi.interchange.sent', 'edi.interchange.acknowledged']);
    // No 997 answers a 997: the partner's counters stay where the send left them.
    expect((await client.get(`/api/edi/partners/${partner.id}`).expect(200)).body.control_numbers.interchange).toBe(1);
    const outbound = (await client.get('/api/edi/interchanges?direction=outbound').expect(200)).body.data;
    expect(outbound.map((i: { id: string }) => i.id)).toEqual([sent.body.id]);
    expect(
      (await client.get('/api/edi/interchanges?status=acknowledged').expect(200)).body.data.map(
        (i: { id: string }) => i.id,
      ),
    ).toEqual([sent.body.id]);
  });

  test('a finalized invoice as an X12 210 in exact cents; the partner’s rejecting 997 lands on our segments', async () => {
    const { test } = await businessAccount(app);
    const partner = (await siteClient(app, test).post('/api/edi/partners', x12Partner).expect(201)).body;
    const invoice = await finalizedInvoice(app, test);
    const sent = await send(test, partner.id, { document: 'invoice', invoice_id: invoice.id }).expect(201);
    expect(sent.body).toMatchObject({
      document_types: ['210'],
      status: 'awaiting_ack',
      sets: [{ control_number: '0001', status: 'sent', records: [{ object: 'invoice', id: invoice.id }] }],
    });
    const raw = await rawOf(test, sent.body.id);
    const read = readX12(raw);
    expect(read.issues).toEqual([]);
    const set = read.groups[0].sets[0];
    expect(elementValue(read.groups[0].gs, 1)).toBe('IN');
    expect(set.segments.map(values).slice(0, 2)).toEqual([
      ['B3', '', invoice.number, '', 'PP', '', '20261204', '324079'],
      ['C3', 'USD'],
    ]);
    const { mapped, issues } = map210(set);
    expect(issues).toEqual([]);
    expect(mapped!.total).toBe(invoice.total.amount);
    expect(mapped!.invoice.lines!.map((l) => [l.description, l.unitAmount, l.chargeCode])).toEqual([
      ['Ocean freight CNNGB-USLAX', '2850.00', 'other'],
      ['Trucking to DC', '305.00', 'trucking'],
      ['Docs', '79.99', 'other'],
      ['Tax', '5.80', 'other'],
    ]);

    // AK3/AK4: the partner finds B3-07 wrong (code 7) in segment 2 of the set.
    await receive(
      test,
      partner997(901, [
        ['AK1', 'IN', '1'],
        ['AK2', '210', '0001'],
        ['AK3', 'B3', '2', '', '8'],
        ['AK4', '7', '', '7'],
        ['AK5', 'R', '5'],
        ['AK9', 'R', '1', '1', '0'],
      ]),
    ).expect(201);
    const rejected = (await siteClient(app, test).get(`/api/edi/interchanges/${sent.body.id}`).expect(200)).body;
    expect(rejected).toMatchObject({ status: 'rejected' });
    expect(rejected.sets[0]).toMatchObject({
      status: 'rejected',
      errors: [
        {
          position: set.st.position + 1,
          segment: 'B3',
          element: 'B307',
          rule: 'code',
          message: 'the partner reports element error 7 (AK4-03)',
        },
      ],
    });
    expect(await eventsOf(sent.body.id)).toEqual(['edi.interchange.sent', 'edi.interchange.acknowledged']);
  });

  test('EDIFACT: IFTSTA and INVOIC in the partner’s directory, UNB09 asking for a CONTRL, which acknowledges them', async () => {
    const { test } = await businessAccount(app);
    const client = siteClient(app, test);
    const partner = (await client.post('/api/edi/partners', edifactPartner).expect(201)).body;
    const container = containerNumber('HLXU', '314159');
    const shipment = await departedShipment(app, test, [container]);
    await client.post(`/api/shipments/${shipment.id}/arrive`).expect(200);
    const arrivedAt = Math.floor(app.clock.now().getTime() / 60_000) * 60_000;

    const status = await send(test, partner.id, { document: 'shipment_status', shipment_id: shipment.id }).expect(201);
    expect(status.body).toMatchObject({
      standard: 'edifact',
      control_number: '1',
      document_types: ['IFTSTA'],
      status: 'awaiting_ack',
      sets: [{ control_number: '1', document_type: 'IFTSTA', status: 'sent' }],
    });
    const raw = await rawOf(test, status.body.id);
    const read = readEdifact(raw);
    expect(read.issues).toEqual([]);
    expect(writeEdifact(read)).toBe(raw);
    expect(values(read.unb)).toEqual([
      'UNB',
      'UNOC:3',
      'TRADELANE:ZZZ',
      'HAFENTERM:ZZZ',
      expect.any(String),
      '1',
      '',
      '',
      '',
      '1',
      '',
      '1',
    ]);
    expect(values(read.messages[0].unh)).toEqual(['UNH', '1', 'IFTSTA:D:99B:UN']);
    const { mapped, issues } = mapIftsta(read.messages[0], 'test');
    expect(issues).toEqual([]);
    expect(mapped.references).toEqual({ containerNumber: container, billOfLading: bl, booking: 'BKG778812' });
    expect(mapped.events.map((e) => [e.code, e.classifier, e.location?.unlocode, e.eventTime])).toEqual([
      ['ARRI', 'ACT', 'USLAX', arrivedAt],
      ['DEPA', 'ACT', 'CNNGB', Math.floor(shipment.departedAt / 60_000) * 60_000],
      ['ARRI', 'ACT', 'USLAX', arrivedAt],
    ]);

    const invoice = await finalizedInvoice(app, test);
    const sentInvoice = await send(test, partner.id, { document: 'invoice', invoice_id: invoice.id }).expect(201);
    expect(sentInvoice.body).toMatchObject({
      control_number: '2',
      sets: [{ control_number: '2', document_type: 'INVOIC' }],
    });
    const invoic = readEdifact(await rawOf(test, sentInvoice.body.id));
    expect(invoic.issues).toEqual([]);
    const readBack = mapInvoic(invoic.messages[0]);
    expect(readBack.issues).toEqual([]);
    expect(readBack.mapped).toMatchObject({
      total: '3240.79',
      invoice: { currency: 'USD', metadata: { edi_invoice_number: invoice.number } },
    });
    expect((await client.get(`/api/edi/partners/${partner.id}`).expect(200)).body.control_numbers).toEqual({
      interchange: 2,
      group: 2,
      transaction_set: 2,
    });

    // The partner's CONTRL: the IFTSTA interchange accepted (UCI 7), its message too (UCM 7).
    const contrl = (segments: SegmentSpec[], control: number) =>
      writeEdifact(
        edifactOutbound(fromPartner(edifactPartner), { interchange: control, group: control }, app.clock.now(), [
          { reference: '1', type: ['CONTRL', 'D', '3', 'UN'], segments },
        ]),
      );
    const accepted = await receive(
      test,
      contrl(
        [
          ['UCI', '1', ['TRADELANE', 'ZZZ'], ['HAFENTERM', 'ZZZ'], '7'],
          ['UCM', '1', ['IFTSTA', 'D', '99B', 'UN'], '7'],
        ],
        77,
      ),
      'application/edifact',
    ).expect(201);
    expect(accepted.body).toMatchObject({ document_types: ['CONTRL'], status: 'accepted', acknowledgement: null });
    expect((await client.get(`/api/edi/interchanges/${status.body.id}`).expect(200)).body).toMatchObject({
      status: 'acknowledged',
      sets: [{ status: 'accepted' }],
      acknowledgement: { interchange_id: accepted.body.id },
    });
    // The INVOIC's CONTRL rejects the interchange (UCI 4, syntax error 29 in UNZ).
    await receive(
      test,
      contrl([['UCI', '2', ['TRADELANE', 'ZZZ'], ['HAFENTERM', 'ZZZ'], '4', '29', 'UNZ']], 78),
      'application/edifact',
    ).expect(201);
    const rejected = (await client.get(`/api/edi/interchanges/${sentInvoice.body.id}`).expect(200)).body;
    expect(rejected).toMatchObject({
      status: 'rejected',
      errors: [{ position: 1, segment: 'UNZ', rule: 'count', message: 'the partner reports syntax error 29 (UCI05)' }],
    });
  });

  test('an INVOIC from the partner becomes a draft invoice at exact amounts; one whose total is off is rejected', async () => {
    const { test } = await businessAccount(app);
    const client = siteClient(app, test);
    await client.post('/api/edi/partners', { ...edifactPartner, inbound_documents: ['INVOIC'] }).expect(201);
    const invoic = (control: number, total: string) =>
      writeEdifact(
        edifactOutbound(fromPartner(edifactPartner), { interchange: control, group: control }, app.clock.now(), [
          {
            reference: '1',
            type: ['INVOIC', 'D', '99B', 'UN'],
            segments: [
              ['BGM', '380', 'HT-2026-0042', '9'],
              ['CUX', ['2', 'EUR', '4']],
              ['LIN', '1'],
              ['IMD', 'F', '', ['', '', '', 'Terminal handling']],
              ['QTY', ['47', '2']],
              ['MOA', ['203', '310.50']],
              ['PRI', ['AAA', '155.25']],
              ['UNS', 'S'],
              ['MOA', ['124', '58.99']],
              ['MOA', ['77', total]],
            ],
          },
        ]),
      );
    const received = await receive(test, invoic(31, '369.49'), 'application/edifact').expect(201);
    const invoiceId = received.body.sets[0].records[0].id;
    expect(received.body.sets[0]).toMatchObject({
      document_type: 'INVOIC',
      status: 'accepted',
      records: [{ object: 'invoice' }],
    });
    const invoice = (await client.get(`/api/invoices/${invoiceId}`).expect(200)).body;
    expect(invoice).toMatchObject({
      status: 'draft',
      currency: 'EUR',
      memo: 'Partner invoice HT-2026-0042',
      metadata: { edi_invoice_number: 'HT-2026-0042' },
      total: { amount: '369.49', currency: 'EUR' },
    });
    expect(invoice.lines.map((l: { description: string; quantity: string }) => [l.description, l.quantity])).toEqual([
      ['Terminal handling', '2'],
      ['Tax', '1'],
    ]);
    const off = await receive(test, invoic(32, '369.50'), 'application/edifact').expect(422);
    expect(off.body.errors).toEqual([
      expect.objectContaining({
        segment: 'MOA',
        element: 'MOA01-2',
        rule: 'total',
        message: expect.stringContaining('is 369.50, but the lines and the tax add up to 369.49'),
      }),
    ]);
  });

  test('an acknowledgement naming nothing we sent is stored, accepted with a clear error, never a 500', async () => {
    const { test } = await businessAccount(app);
    const partner = (
      await siteClient(app, test)
        .post('/api/edi/partners', { ...x12Partner, acknowledgements: ['ta1', '997'] })
        .expect(201)
    ).body;
    const unknown = await receive(
      test,
      partner997(902, [
        ['AK1', 'QO', '4242'],
        ['AK9', 'A', '0', '0', '0'],
      ]),
    ).expect(201);
    expect(unknown.body).toMatchObject({
      status: 'accepted_with_errors',
      sets: [{ document_type: '997', status: 'accepted_with_errors', records: [] }],
    });
    expect(unknown.body.sets[0].errors).toEqual([
      {
        position: 3,
        segment: 'ST',
        element: null,
        rule: 'reference',
        message: 'we sent this partner no interchange with GS06 4242: nothing acknowledged',
      },
    ]);
    // A TA1 for an ISA13 we never used, the same; our TA1 back accepts the envelope, and no 997 answers a TA1.
    const ta1 = writeX12(
      x12Outbound(fromPartner(x12Partner), { interchange: 903, group: 903 }, app.clock.now(), {
        ta1s: [['TA1', '000000777', '261204', '0800', 'A', '000']],
      }),
    );
    const noted = await receive(test, ta1).expect(201);
    expect(noted.body).toMatchObject({
      document_types: ['TA1'],
      status: 'accepted_with_errors',
      sets: [{ control_number: '000000777', document_type: 'TA1', status: 'accepted_with_errors' }],
    });
    expect(noted.body.sets[0].errors[0].message).toBe(
      'we sent this partner no interchange with ISA13 000000777: nothing acknowledged',
    );
    expect(readX12(noted.body.acknowledgement.raw).groups).toEqual([]);
    // A TA1 rejecting what we sent: rejected at once, its sets too.
    const shipment = await departedShipment(app, test, [containerNumber('MSKU', '271828')]);
    const sent = (await send(test, partner.id, { document: 'shipment_status', shipment_id: shipment.id }).expect(201))
      .body;
    expect(readX12(await rawOf(test, sent.id)).isa.elements[13][0][0]).toBe('1');
    const refusal = writeX12(
      x12Outbound(fromPartner(x12Partner), { interchange: 904, group: 904 }, app.clock.now(), {
        ta1s: [['TA1', sent.control_number, '261204', '0800', 'R', '022']],
      }),
    );
    await receive(test, refusal).expect(201);
    expect((await siteClient(app, test).get(`/api/edi/interchanges/${sent.id}`).expect(200)).body).toMatchObject({
      status: 'rejected',
      sets: [{ status: 'rejected' }],
      errors: [
        { position: 1, segment: 'ISA', rule: 'envelope', message: 'the partner reports interchange note 022 (TA1-05)' },
      ],
    });
  });

  test.each(['x12', 'edifact'] as const)(
    'concurrent %s sends take the partner’s control numbers without gap or repeat',
    async (standard) => {
      const { test } = await businessAccount(app);
      const client = siteClient(app, test);
      const partner = (
        await client.post('/api/edi/partners', standard === 'x12' ? x12Partner : edifactPartner).expect(201)
      ).body;
      const invoice = await finalizedInvoice(app, test);
      app.clock.advance(1000);
      const n = 12;
      const answers = await Promise.all(
        Array.from({ length: n }, () =>
          request(app.hosts.site)
            .post(`/api/edi/partners/${partner.id}/send`)
            .set('Authorization', `Bearer ${test}`)
            .send({ document: 'invoice', invoice_id: invoice.id }),
        ),
      );
      app.clock.advance(1000);
      expect(answers.map((a) => a.status)).toEqual(Array(n).fill(201));
      const numbers = answers.map((a) => Number(a.body.control_number)).sort((a, b) => a - b);
      expect(numbers).toEqual(Array.from({ length: n }, (_, i) => i + 1));
      const sets = answers.map((a) => Number(a.body.sets[0].control_number)).sort((a, b) => a - b);
      expect(sets).toEqual(numbers);
      // Each text carries the numbers its row says, and reads back without a fault.
      const envelopeOf = (raw: string) => {
        if (standard === 'edifact') {
          const read = readEdifact(raw);
          return {
            issues: read.issues,
            interchange: elementValue(read.unb, 5),
            set: elementValue(read.messages[0].unh, 1),
          };
        }
        const read = readX12(raw);
        return {
          issues: read.issues,
          interchange: elementValue(read.isa, 13),
          set: elementValue(read.groups[0].sets[0].st, 2),
        };
      };
      for (const answer of answers) {
        expect(envelopeOf(await rawOf(test, answer.body.id))).toEqual({
          issues: [],
          interchange: answer.body.control_number,
          set: answer.body.sets[0].control_number,
        });
      }
      expect((await client.get(`/api/edi/partners/${partner.id}`).expect(200)).body.control_numbers).toEqual({
        interchange: n,
        group: n,
        transaction_set: n,
      });
    },
  );

  test('a partner not taking the document, a shipment not departed, an invoice not finalized: 422 naming the field', async () => {
    const { test } = await businessAccount(app);
    const client = siteClient(app, test);
    const statusOnly = (
      await client.post('/api/edi/partners', { ...x12Partner, outbound_documents: ['315'] }).expect(201)
    ).body;
    const invoice = await finalizedInvoice(app, test);
    const refused = await send(test, statusOnly.id, { document: 'invoice', invoice_id: invoice.id }).expect(422);
    expect(refused.body).toMatchObject({
      type: 'https://docs.tradelane.dev/problems/unprocessable',
      detail: `Partner ${statusOnly.id} does not take 210 from us (its outbound documents: 315); add it to outbound_documents first.`,
      errors: [{ pointer: '/body/document', message: 'the partner does not take 210' }],
    });
    const draft = (
      await client
        .post('/api/shipments', { mode: 'ocean_fcl', containers: [{ number: containerNumber('MSKU', '111111') }] })
        .expect(201)
    ).body;
    const notYet = await send(test, statusOnly.id, { document: 'shipment_status', shipment_id: draft.id }).expect(422);
    expect(notYet.body.detail).toBe(
      `Shipment ${draft.id} has no status to send: it is draft; a status is sent once it departed.`,
    );
    const empty = (await client.post('/api/shipments', { mode: 'ocean_fcl' }).expect(201)).body;
    expect(
      (await send(test, statusOnly.id, { document: 'shipment_status', shipment_id: empty.id }).expect(422)).body.errors,
    ).toEqual([{ pointer: '/body/shipment_id', message: 'it has no containers' }]);
    const both = (
      await client
        .post('/api/edi/partners', { ...x12Partner, their_interchange_id: { qualifier: 'ZZ', id: 'OTHER' } })
        .expect(201)
    ).body;
    const draftInvoice = (await client.post('/api/invoices', { currency: 'USD', lines: [] }).expect(201)).body;
    expect(
      (await send(test, both.id, { document: 'invoice', invoice_id: draftInvoice.id }).expect(422)).body.detail,
    ).toBe(`Invoice ${draftInvoice.id} cannot be sent: it is draft; finalize it first.`);
    // Nothing was sent: the counters did not move.
    expect((await client.get(`/api/edi/partners/${both.id}`).expect(200)).body.control_numbers.interchange).toBe(0);
  });

  test('Idempotency-Key replays the interchange first sent and sends nothing again; another body on the key is 422, one still running 409', async () => {
    const { test, accountId } = await businessAccount(app);
    const partner = (await siteClient(app, test).post('/api/edi/partners', x12Partner).expect(201)).body;
    const invoice = await finalizedInvoice(app, test);
    const post = (body: object) =>
      siteClient(app, test).post(`/api/edi/partners/${partner.id}/send`, body).set('Idempotency-Key', 'send-inv-1');
    const first = await post({ document: 'invoice', invoice_id: invoice.id }).expect(201);
    const replay = await post({ document: 'invoice', invoice_id: invoice.id }).expect(201);
    expect(replay.body).toEqual(first.body);
    const mismatch = await post({ document: 'invoice', invoice_id: 'inv_other' }).expect(422);
    expect(mismatch.body.type).toBe('https://docs.tradelane.dev/problems/idempotency-mismatch');
    // While a first request with a key runs, its repeat is 409 and sends nothing.
    const path = `/api/edi/partners/${partner.id}/send`;
    const body = { document: 'invoice', invoice_id: invoice.id };
    const hash = requestFingerprint('sendEdiDocument', path, body);
    const now = app.clock.now().getTime();
    await app.deps.access.idempotency.begin(
      idempotencyOwnerOf(
        {
          kind: 'account',
          accountId,
          plan: 'business',
          mode: 'test',
          credential: { type: 'api_key', keyId: 'key_any', expiresAt: null },
        },
        hash,
      ),
      'send-running',
      hash,
      { now, expiresAt: now + 86_400_000, staleBefore: now },
    );
    const running = await siteClient(app, test).post(path, body).set('Idempotency-Key', 'send-running').expect(409);
    expect(running.body).toMatchObject({
      type: 'https://docs.tradelane.dev/problems/conflict',
      code: 'idempotency_in_progress',
    });
    expect(
      (await siteClient(app, test).get(`/api/edi/partners/${partner.id}`).expect(200)).body.control_numbers.interchange,
    ).toBe(1);
  });

  test('another account’s or mode’s partner, shipment or invoice is 404; auth, plan, scope, body, type and size are checked', async () => {
    const owner = await businessAccount(app);
    const partner = (await siteClient(app, owner.test).post('/api/edi/partners', x12Partner).expect(201)).body;
    const invoice = await finalizedInvoice(app, owner.test);
    const body = { document: 'invoice', invoice_id: invoice.id };
    const other = await businessAccount(app);
    await send(other.test, partner.id, body).expect(404);
    await send(owner.live, partner.id, body).expect(404);
    const mine = (
      await siteClient(app, owner.test)
        .post('/api/edi/partners', { ...x12Partner, their_interchange_id: { qualifier: 'ZZ', id: 'MINE' } })
        .expect(201)
    ).body;
    const liveInvoice = await finalizedInvoice(app, owner.live);
    const missing = await send(owner.test, mine.id, { document: 'invoice', invoice_id: liveInvoice.id }).expect(404);
    expect(missing.body.detail).toBe(`No invoice ${liveInvoice.id} in this account.`);
    await send(owner.test, mine.id, { document: 'shipment_status', shipment_id: 'shp_nope' }).expect(404);

    const path = `/api/edi/partners/${partner.id}/send`;
    await request(app.hosts.site).post(path).send(body).expect(401);
    const free = await signUp(app);
    await send(free.key, partner.id, body).expect(403);
    const readOnly = await accessTokenFor(app, owner.live, ['edi:read']);
    await send(readOnly.token, partner.id, body).expect(403);
    await send(owner.test, partner.id, { document: 'invoice', shipment_id: 'shp_1' }).expect(400);
    await send(owner.test, partner.id, { document: 'fax', invoice_id: invoice.id }).expect(400);
    const auth = { Authorization: `Bearer ${owner.test}` };
    const unsupported = await request(app.hosts.site)
      .post(path)
      .set(auth)
      .set('Content-Type', 'text/plain')
      .send('x')
      .expect(415);
    expect(unsupported.body.type).toBe('https://docs.tradelane.dev/problems/unsupported-media-type');
    const large = JSON.stringify({ document: 'invoice', invoice_id: 'x'.repeat(2 * 1024 * 1024) });
    await request(app.hosts.site).post(path).set(auth).set('Content-Type', 'application/json').send(large).expect(413);
  });

  test('the account API per-second limit covers sending', async () => {
    const { test } = await businessAccount(app);
    app.clock.advance(1000);
    const auth = { Authorization: `Bearer ${test}` };
    for (let i = 0; i < 25; i++)
      await request(app.hosts.site).get('/api/edi/interchanges?limit=1').set(auth).expect(200);
    const res = await request(app.hosts.site)
      .post('/api/edi/partners/edp_any/send')
      .set(auth)
      .send({ document: 'invoice', invoice_id: 'inv_any' })
      .expect(429);
    expect(res.body.type).toBe('https://docs.tradelane.dev/problems/rate-limited');
    app.clock.advance(1000);
  });
});
