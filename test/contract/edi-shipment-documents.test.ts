import { readFileSync } from 'node:fs';
import path from 'node:path';
import { OutboxEventRepository } from '../../src/db/repositories/outbox-event.repository';
import { elementValue, readX12 } from '../../src/domain/edi';
import { businessAccount, containerNumber, siteClient } from '../support/account-api';
import { createTestApp, TestApp } from '../support/app';
import { testDialect } from '../support/database';
import { departedShipment, postInterchange, samplePartners } from '../support/edi';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ config: { trustProxy: true } });
  app.clock.set('2026-12-03T14:00:00.000Z');
});
afterAll(() => app?.close());

const fixture = (name: string) => readFileSync(path.join(__dirname, '../fixtures/edi', name), 'utf8');
const sample = (name: string) => readFileSync(path.join(__dirname, '../../data/tracking/edi', name), 'utf8');
const send = (secret: string, text: string) => postInterchange(app, secret, text);
const messages = (body: { errors: Array<{ message: string }> }) => body.errors.map((e) => e.message);

/** Test-mode partners whose envelope ids are those of our fixtures (test/fixtures/edi) and of the demo 214. */
const partner = (id: string, inbound: string[]) => ({
  ...samplePartners.xpo,
  name: id,
  their_interchange_id: { qualifier: 'ZZ', id },
  our_interchange_id: { qualifier: 'ZZ', id: 'TRADELANE' },
  inbound_documents: inbound,
  acknowledgements: ['997'],
});
const containers = [containerNumber('MSKU', '123456'), containerNumber('MSKU', '765432')];

/** The demo 214, ours: test usage, sent to us, naming our shipment's bill of lading, arrived then delivered. */
const shipmentStatus = (control: string) =>
  sample('x12_214_demo_fixed.edi')
    .replace('*0*P*>~', '*0*T*>~')
    .replaceAll('000000777', control)
    .replaceAll('ACMECORP       ', 'TRADELANE      ')
    .replace('*UPSCARRIER*ACMECORP*', '*UPSCARRIER*TRADELANE*')
    .replace('L11*SH-91827*SI', 'L11*MEDUNB123456*BM')
    .replace('AT7*X1*NS***20250321*0840', 'AT7*X1*NS***20261230*0840')
    .replace('AT7*AF*NS***20250322*1015', 'AT7*D1*NS***20261231*1015');

describe(`EDI shipment documents (322, 214, 310) on ${testDialect}`, () => {
  test('a terminal’s 322s put the gate and vessel events on the shipment’s containers; the 997 accepts both', async () => {
    const { test } = await businessAccount(app);
    const client = siteClient(app, test);
    await client.post('/api/edi/partners', partner('APMTERMINALS', ['322'])).expect(201);
    const shipment = await departedShipment(app, test, containers);
    const tracked = (await client.get(`/api/shipments/${shipment.id}`).expect(200)).body.containers.map(
      (c: { tracking: { container_id: string } }) => c.tracking.container_id,
    );

    const received = await send(test, fixture('x12_322_terminal_gate.edi')).expect(201);
    expect(received.body).toMatchObject({
      status: 'accepted',
      document_types: ['322'],
      sets: [
        { control_number: '0001', status: 'accepted', errors: [], records: [{ object: 'container', id: tracked[0] }] },
        { control_number: '0002', status: 'accepted', errors: [], records: [{ object: 'container', id: tracked[1] }] },
      ],
    });
    const timeline = (await client.get(`/api/shipments/${shipment.id}?expand=containers.timeline`).expect(200)).body;
    const fromTerminal = (i: number) =>
      timeline.containers[i].tracking.events.filter((e: { source: string }) => e.source.startsWith('edi:'));
    expect(fromTerminal(0)).toEqual([
      expect.objectContaining({
        event_type: 'EQUIPMENT',
        event_type_code: 'DISC',
        event_classifier_code: 'ACT',
        event_time: '2026-12-28T06:10:00.000Z',
        location: expect.objectContaining({ locode: 'USLAX', location_name: 'APM TERMINALS PIER 400' }),
        mode_of_transport: 'VESSEL',
        vessel: expect.objectContaining({ imo: '9321483', name: 'MAERSK KENSINGTON' }),
        voyage: '612E',
        empty_indicator: 'LADEN',
      }),
    ]);
    expect(fromTerminal(1)).toEqual([
      expect.objectContaining({ event_type_code: 'GTOT', event_time: '2026-12-29T14:30:00.000Z' }),
    ]);

    const ack = readX12(received.body.acknowledgement.raw);
    expect(ack.issues).toEqual([]);
    expect(ack.groups[0].sets[0].segments.map((s) => [s.tag, ...s.elements.map((e) => e[0][0])])).toEqual([
      ['AK1', 'SO', '3221'],
      ['AK2', '322', '0001'],
      ['AK5', 'A'],
      ['AK2', '322', '0002'],
      ['AK5', 'A'],
      ['AK9', 'A', '2', '2', '2'],
    ]);
  });

  test('the malformed 322 is 422 with its exact faults and a rejecting 997; beside a good set, only the bad one is rejected', async () => {
    const { test } = await businessAccount(app);
    const client = siteClient(app, test);
    await client.post('/api/edi/partners', partner('APMTERMINALS', ['322'])).expect(201);
    const shipment = await departedShipment(app, test, containers);
    /** The events each container got from EDI, as their codes. */
    const fromEdi = async () =>
      (await client.get(`/api/shipments/${shipment.id}?expand=containers.timeline`).expect(200)).body.containers.map(
        (c: { tracking: { events: Array<{ source: string; event_type_code: string }> } }) =>
          c.tracking.events.filter((e) => e.source.startsWith('edi:')).map((e) => e.event_type_code),
      );

    const bad = await send(test, fixture('x12_322_terminal_gate_BAD_CODES.edi')).expect(422);
    expect(bad.body.errors).toEqual([
      {
        pointer: '/body',
        message: "segment 4 (Q5) element Q501: code: 'ZZ' is not one of I, OA, AE, UV, AL, UR, AV",
        position: 4,
        segment: 'Q5',
        element: 'Q501',
        rule: 'code',
      },
      expect.objectContaining({ position: 4, element: 'Q502', rule: 'date' }),
      expect.objectContaining({ position: 5, segment: 'N7', element: 'N702', rule: 'format' }),
    ]);
    const codes = readX12(bad.body.acknowledgement).groups[0].sets[0].segments.map((s) => [
      s.tag,
      ...s.elements.map((e) => e[0][0]),
    ]);
    expect(codes).toEqual([
      ['AK1', 'SO', '3222'],
      ['AK2', '322', '0001'],
      ['AK3', 'Q5', '2', '', '8'],
      ['AK4', '1', '', '7'],
      ['AK3', 'Q5', '2', '', '8'],
      ['AK4', '2', '', '8'],
      ['AK3', 'N7', '3', '', '8'],
      ['AK4', '2', '', '6'],
      ['AK5', 'R', '5'],
      ['AK9', 'R', '1', '1', '0'],
    ]);
    expect(await fromEdi()).toEqual([[], []]);

    // The second set of the good fixture with an unknown status: the first still applies.
    const good = fixture('x12_322_terminal_gate.edi');
    const second = good.indexOf('ST*322*0002');
    const mixed = (good.slice(0, second) + good.slice(second).replace('Q5*OA*', 'Q5*ZZ*')).replaceAll(
      '000322001',
      '000322003',
    );
    const partial = await send(test, mixed).expect(201);
    expect(partial.body.status).toBe('partially_accepted');
    expect(partial.body.sets.map((s: { status: string; records: unknown[] }) => [s.status, s.records.length])).toEqual([
      ['accepted', 1],
      ['rejected', 0],
    ]);
    expect(await fromEdi()).toEqual([['DISC'], []]);
  });

  test('a 214 moves the shipment named by its bill of lading to arrived and delivered at the reported times', async () => {
    const { test, accountId } = await businessAccount(app);
    const client = siteClient(app, test);
    await client.post('/api/edi/partners', partner('UPSCARRIER', ['214'])).expect(201);
    const shipment = await departedShipment(app, test, containers);

    const received = await send(test, shipmentStatus('000000777')).expect(201);
    expect(received.body.sets).toEqual([
      {
        control_number: '0007',
        document_type: '214',
        status: 'accepted',
        errors: [],
        records: [{ object: 'shipment', id: shipment.id }],
      },
    ]);
    const after = (await client.get(`/api/shipments/${shipment.id}`).expect(200)).body;
    expect(after).toMatchObject({
      status: 'delivered',
      status_transitions: {
        departed_at: new Date(shipment.departedAt).toISOString(),
        arrived_at: '2026-12-30T08:40:00.000Z',
        delivered_at: '2026-12-31T10:15:00.000Z',
      },
    });
    const events = await new OutboxEventRepository(app.db.knex).listForSubject('shipment', shipment.id);
    expect(events.map((e) => e.type).slice(-2)).toEqual(['shipment.arrived', 'shipment.delivered']);
    expect(events.at(-1)).toMatchObject({ accountId, livemode: false });

    // The same milestones again (a new control number): passed already, nothing changes.
    const again = await send(test, shipmentStatus('000000778')).expect(201);
    expect(again.body.sets[0]).toMatchObject({
      status: 'accepted',
      records: [{ object: 'shipment', id: shipment.id }],
    });
    expect((await new OutboxEventRepository(app.db.knex).listForSubject('shipment', shipment.id)).length).toBe(
      events.length,
    );
  });

  test('a 214 the state machine refuses changes nothing; one naming no shipment is accepted with errors', async () => {
    const { test } = await businessAccount(app);
    const client = siteClient(app, test);
    await client.post('/api/edi/partners', partner('UPSCARRIER', ['214'])).expect(201);
    const booked = (
      await client
        .post('/api/shipments', {
          mode: 'ocean_fcl',
          bill_of_lading_number: 'MEDUNB123456',
          containers: [{ number: containers[0] }],
        })
        .expect(201)
    ).body;
    await client.post(`/api/shipments/${booked.id}/book`).expect(200);

    const refused = await send(test, shipmentStatus('000000779')).expect(422);
    expect(messages(refused.body)).toEqual([
      `segment 3 (ST): code: Shipment ${booked.id} is booked: arrive needs a shipment that is in_transit.`,
    ]);
    expect((await client.get(`/api/shipments/${booked.id}`).expect(200)).body).toMatchObject({
      status: 'booked',
      status_transitions: { arrived_at: null, delivered_at: null },
    });

    const unknown = shipmentStatus('000000780').replace('L11*MEDUNB123456*BM', 'L11*NOSUCHBL0001*BM');
    const noted = await send(test, unknown).expect(201);
    expect(noted.body).toMatchObject({ status: 'accepted_with_errors' });
    expect(noted.body.sets[0].errors).toEqual([
      {
        position: 3,
        segment: 'ST',
        element: null,
        rule: 'reference',
        message:
          'the account has no shipment with bill of lading NOSUCHBL0001, booking (none) or reference UPS-7821: nothing applied',
      },
    ]);
  });

  test('a 310 gives the booked shipment its bill of lading, shipper, consignee and new container; the malformed one changes nothing', async () => {
    const { test } = await businessAccount(app);
    const client = siteClient(app, test);
    await client.post('/api/edi/partners', partner('MAERSKLINE', ['310'])).expect(201);
    const shipment = (
      await client
        .post('/api/shipments', {
          mode: 'ocean_fcl',
          booking_number: 'BKG310001',
          containers: [{ number: containers[0] }],
        })
        .expect(201)
    ).body;
    await client.post(`/api/shipments/${shipment.id}/book`).expect(200);

    const bad = await send(test, fixture('x12_310_ocean_bill_of_lading_BAD_CODES.edi')).expect(422);
    expect(messages(bad.body)).toEqual([
      "segment 4 (B3) element B304: code: 'XX' is not one of CC, PP, TP, MX",
      "segment 6 (N1) element N101: code: 'ZZ' is not one of SH, CN, N1, N2, FW, CA, BT",
      "segment 8 (N7) element N701: too_short: 'MSK' has 3 characters; 4 allowed",
    ]);
    const unchanged = (await client.get(`/api/shipments/${shipment.id}`).expect(200)).body;
    expect(unchanged).toMatchObject({ bill_of_lading_number: null, shipper: null, consignee: null });

    const received = await send(test, fixture('x12_310_ocean_bill_of_lading.edi')).expect(201);
    expect(received.body.sets).toEqual([
      {
        control_number: '0001',
        document_type: '310',
        status: 'accepted',
        errors: [],
        records: [{ object: 'shipment', id: shipment.id }],
      },
    ]);
    const after = (await client.get(`/api/shipments/${shipment.id}`).expect(200)).body;
    expect(after).toMatchObject({
      status: 'booked',
      bill_of_lading_number: 'MAEU310000001',
      carrier_scac: 'MAEU',
      shipper: { name: 'NINGBO HOMEWARES CO LTD', city: 'NINGBO', country: 'CN' },
      consignee: { name: 'ACME IMPORTS INC', address_lines: ['1200 HARBOR BLVD', 'SUITE 4'], region: 'CA' },
    });
    // The new (leased) container is tracked from now on with the bill's carrier, as a PATCH adding it would.
    expect(after.containers.map((c: { number: string; tracking: unknown }) => [c.number, c.tracking !== null])).toEqual(
      [
        ['MSKU1234565', true],
        ['TGHU8812348', true],
      ],
    );
    expect(elementValue(readX12(received.body.acknowledgement.raw).groups[0].sets[0].segments.at(-1)!, 1)).toBe('A');
  });
});
