import { elementValue, map310, readEdifact, readX12, writeEdifact, writeX12 } from '../../src/domain/edi';
import { businessAccount, containerNumber, siteClient } from '../support/account-api';
import { createTestApp, TestApp } from '../support/app';
import { testDialect } from '../support/database';
import {
  bl,
  departedShipment,
  edifactPartner,
  interchangeRaw,
  segmentValues,
  sendToPartner,
  x12Partner,
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

const containers = [containerNumber('MSKU', '123456'), containerNumber('MSKU', '765432')];
const shipper = {
  name: 'Ningbo Homewares Co Ltd',
  address_lines: ['88 Jiangdong Road'],
  city: 'Ningbo',
  postal_code: '315000',
  country: 'CN',
};
const consignee = {
  name: 'Acme Imports Inc',
  address_lines: ['1200 Harbor Blvd', 'Suite 4'],
  city: 'Long Beach',
  region: 'CA',
  postal_code: '90802',
  country: 'US',
};

/** A departed shipment with its parties and carrier, as a forwarder sends it on. */
async function shipmentWithParties(secret: string) {
  const shipment = await departedShipment(app, secret, containers);
  await siteClient(app, secret)
    .patch(`/api/shipments/${shipment.id}`, { shipper, consignee, carrier_scac: 'MAEU' })
    .expect(200);
  return shipment;
}

describe(`EDI sending a shipment (856, 310, IFTMIN) on ${testDialect}`, () => {
  test('as X12 856 and 310 under the partner’s next control numbers, read back by our reader (and map310)', async () => {
    const { test } = await businessAccount(app);
    const client = siteClient(app, test);
    const partner = (
      await client.post('/api/edi/partners', { ...x12Partner, outbound_documents: ['315', '856', '310'] }).expect(201)
    ).body;
    const shipment = await shipmentWithParties(test);

    const notice = await send(test, partner.id, { document: 'shipment', shipment_id: shipment.id }).expect(201);
    expect(notice.body).toMatchObject({
      direction: 'outbound',
      control_number: '000000001',
      document_types: ['856'],
      status: 'awaiting_ack',
      sets: [
        {
          control_number: '0001',
          document_type: '856',
          status: 'sent',
          records: [{ object: 'shipment', id: shipment.id }],
        },
      ],
    });
    const raw856 = await rawOf(test, notice.body.id);
    const read856 = readX12(raw856);
    expect(read856.issues).toEqual([]);
    expect(writeX12(read856)).toBe(raw856);
    expect(values(read856.groups[0].gs).slice(0, 2)).toEqual(['GS', 'SH']);
    const [set856] = read856.groups[0].sets;
    expect(set856.issues).toEqual([]);
    expect(set856.segments.map(values)).toEqual([
      ['BSN', '00', 'PO-4471', '20261204', '0800'],
      ['HL', '1', '', 'S'],
      ['TD5', '', '2', 'MAEU'],
      ['REF', 'BM', bl],
      ['REF', 'BN', 'BKG778812'],
      ['DTM', '011', '20261204', '0800'],
      ['N1', 'SH', 'Ningbo Homewares Co Ltd'],
      ['N3', '88 Jiangdong Road'],
      ['N4', 'Ningbo', '', '315000', 'CN'],
      ['N1', 'CN', 'Acme Imports Inc'],
      ['N3', '1200 Harbor Blvd', 'Suite 4'],
      ['N4', 'Long Beach', 'CA', '90802', 'US'],
      ['N1', 'SF', 'CNNGB'],
      ['N4', '', '', '', '', 'UN', 'CNNGB'],
      ['N1', 'ST', 'USLAX'],
      ['N4', '', '', '', '', 'UN', 'USLAX'],
      ['HL', '2', '1', 'E'],
      ['TD3', 'CN', 'MSKU', '1234565'],
      ['HL', '3', '1', 'E'],
      ['TD3', 'CN', 'MSKU', '7654328'],
      ['CTT', '3'],
    ]);

    const bill = await send(test, partner.id, { document: 'bill_of_lading', shipment_id: shipment.id }).expect(201);
    expect(bill.body).toMatchObject({ control_number: '000000002', document_types: ['310'] });
    const raw310 = await rawOf(test, bill.body.id);
    const read310 = readX12(raw310);
    expect(read310.issues).toEqual([]);
    expect(writeX12(read310)).toBe(raw310);
    expect(values(read310.groups[0].gs).slice(0, 7)).toEqual([
      'GS',
      'IO',
      'TRADELANE',
      'ACMEFWD',
      '20261204',
      '0800',
      '2',
    ]);
    expect(elementValue(read310.groups[0].sets[0].st, 2)).toBe('0002');
    // What we meant is what a partner's translator (our own 310 mapper) reads.
    expect(map310(read310.groups[0].sets[0])).toEqual({
      issues: [],
      mapped: {
        references: { billOfLadingNumber: bl, bookingNumber: 'BKG778812', reference: null },
        bill: { number: bl, shipper, consignee, containers, carrierScac: 'MAEU' },
      },
    });
    expect((await client.get(`/api/edi/partners/${partner.id}`).expect(200)).body.control_numbers).toEqual({
      interchange: 2,
      group: 2,
      transaction_set: 2,
    });
  });

  test('as EDIFACT IFTMIN, read back by our reader; concurrent sends take gap-free numbers', async () => {
    const { test } = await businessAccount(app);
    const client = siteClient(app, test);
    const partner = (
      await client.post('/api/edi/partners', { ...edifactPartner, outbound_documents: ['IFTMIN'] }).expect(201)
    ).body;
    const shipment = await shipmentWithParties(test);

    const sent = await send(test, partner.id, { document: 'bill_of_lading', shipment_id: shipment.id }).expect(201);
    expect(sent.body).toMatchObject({ control_number: '1', document_types: ['IFTMIN'], status: 'awaiting_ack' });
    const raw = await rawOf(test, sent.body.id);
    const read = readEdifact(raw);
    expect(read.issues).toEqual([]);
    expect(writeEdifact(read)).toBe(raw);
    const [message] = read.messages;
    expect(message.issues).toEqual([]);
    expect(values(message.unh)).toEqual(['UNH', '1', 'IFTMIN:D:99B:UN']);
    expect(message.segments.map(values)).toEqual([
      ['BGM', '340', 'PO-4471', '9'],
      ['DTM', '137:202612040800:203'],
      ['RFF', `BM:${bl}`],
      ['RFF', 'BN:BKG778812'],
      ['TDT', '20', '', '1', '', 'MAEU:172'],
      ['LOC', '9', 'CNNGB:139:6'],
      ['LOC', '11', 'USLAX:139:6'],
      ['NAD', 'CZ', '', '', 'Ningbo Homewares Co Ltd', '88 Jiangdong Road', 'Ningbo', '', '315000', 'CN'],
      ['NAD', 'CN', '', '', 'Acme Imports Inc', '1200 Harbor Blvd:Suite 4', 'Long Beach', 'CA', '90802', 'US'],
      ['EQD', 'CN', 'MSKU1234565'],
      ['EQD', 'CN', 'MSKU7654328'],
    ]);

    const concurrent = await Promise.all(
      [1, 2, 3, 4].map(() => send(test, partner.id, { document: 'shipment', shipment_id: shipment.id }).expect(201)),
    );
    expect(concurrent.map((r) => Number(r.body.control_number)).sort((a, b) => a - b)).toEqual([2, 3, 4, 5]);
    expect(concurrent.map((r) => Number(r.body.sets[0].control_number)).sort((a, b) => a - b)).toEqual([2, 3, 4, 5]);
  });

  test('a partner not taking the document, a 310 without bill of lading and a shipment without containers are 422; another account’s is 404', async () => {
    const { test } = await businessAccount(app);
    const client = siteClient(app, test);
    const partner = (await client.post('/api/edi/partners', { ...x12Partner, outbound_documents: ['310'] }).expect(201))
      .body;
    const notTaken = await send(test, partner.id, { document: 'shipment', shipment_id: 'shp_x' }).expect(422);
    expect(notTaken.body.errors).toEqual([{ pointer: '/body/document', message: 'the partner does not take 856' }]);

    const draft = (
      await client.post('/api/shipments', { mode: 'ocean_fcl', containers: [{ number: containers[0] }] }).expect(201)
    ).body;
    const noBill = await send(test, partner.id, { document: 'bill_of_lading', shipment_id: draft.id }).expect(422);
    expect(noBill.body.errors).toEqual([
      { pointer: '/body/shipment_id', message: 'it has no bill_of_lading_number for B3-03' },
    ]);
    const empty = (await client.post('/api/shipments', { mode: 'ocean_fcl', bill_of_lading_number: bl }).expect(201))
      .body;
    const noContainers = await send(test, partner.id, { document: 'bill_of_lading', shipment_id: empty.id }).expect(
      422,
    );
    expect(noContainers.body.errors).toEqual([{ pointer: '/body/shipment_id', message: 'it has no containers' }]);
    expect((await client.get(`/api/edi/partners/${partner.id}`).expect(200)).body.control_numbers.interchange).toBe(0);

    const other = await businessAccount(app);
    const theirs = (
      await siteClient(app, other.test)
        .post('/api/shipments', { mode: 'ocean_fcl', bill_of_lading_number: bl })
        .expect(201)
    ).body;
    await send(test, partner.id, { document: 'bill_of_lading', shipment_id: theirs.id }).expect(404);
  });
});
