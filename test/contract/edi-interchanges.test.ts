import { readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { OutboxEventRepository } from '../../src/db/repositories/outbox-event.repository';
import { type EdiSegment, elementValue, readEdifact, readX12 } from '../../src/domain/edi';
import { accessTokenFor, businessAccount, containerNumber, siteClient } from '../support/account-api';
import { signUp } from '../support/accounts';
import { createTestApp, TestApp } from '../support/app';
import { testDialect } from '../support/database';
import { postInterchange, samplePartners, x12Type } from '../support/edi';
import { sha256Hex } from '../../src/domain/access';

const adminToken = 'admin-token-for-edi-tests';
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ config: { trustProxy: true, adminTokenSha256: sha256Hex(adminToken) } });
  app.clock.set('2026-12-03T14:00:00.000Z');
});
afterAll(() => app?.close());

const sample = (name: string) => readFileSync(path.join(__dirname, '../../data/tracking/edi', name), 'utf8');
const { cmaCgm, xpo, cargoSmart } = samplePartners;
const send = (secret: string, text: string | Buffer, type = x12Type) => postInterchange(app, secret, text, type);

/** A tracked container of the account, as the API makes it (a credit granted, then the subscription). */
async function track(secret: string, email: string, reference: string, carrierScac?: string) {
  await request(app.hosts.site)
    .post('/api/admin/tracking-credits')
    .set('X-Admin-Token', adminToken)
    .send({ email, credits: '1', reason: 'EDI tests' })
    .expect(201);
  const created = await request(app.hosts.main)
    .post('/api/tracking/subscriptions')
    .set('X-API-Key', secret)
    .send({ reference_type: 'container', reference, ...(carrierScac ? { carrier_scac: carrierScac } : {}) })
    .expect(201);
  return created.body.containers[0].id as string;
}

const faults = (body: { errors: Array<{ message: string }> }) => body.errors.map((e) => e.message);

describe(`EDI interchange intake on ${testDialect}`, () => {
  test('the CMA CGM 315 moves the tracked container as a DCSA feed would; TA1 and 997 come back; a repeat is 409', async () => {
    const { live, email, accountId } = await businessAccount(app);
    const client = siteClient(app, live);
    const partner = (await client.post('/api/edi/partners', cmaCgm).expect(201)).body;
    const containerId = await track(live, email, 'CMAU5127498');
    const text = sample('x12_315_cmacgm_style_oecgroup.edi');

    const received = await send(live, text).expect(201);
    expect(received.headers.location).toBe(`/api/edi/interchanges/${received.body.id}`);
    expect(received.body).toEqual({
      id: expect.stringMatching(/^edi_/),
      object: 'edi_interchange',
      livemode: true,
      partner_id: partner.id,
      direction: 'inbound',
      standard: 'x12',
      control_number: '000081466',
      document_types: ['315'],
      status: 'accepted',
      sets: [
        {
          control_number: '0001',
          document_type: '315',
          status: 'accepted',
          errors: [],
          records: [{ object: 'container', id: containerId }],
        },
        {
          control_number: '0002',
          document_type: '315',
          status: 'accepted',
          errors: [],
          records: [{ object: 'container', id: containerId }],
        },
      ],
      errors: [],
      acknowledgement: { interchange_id: expect.stringMatching(/^edi_/), raw: expect.any(String) },
      in_reply_to: null,
      created_at: app.clock.now().toISOString(),
    });
    const container = (
      await request(app.hosts.main).get(`/api/tracking/containers/${containerId}`).set('X-API-Key', live).expect(200)
    ).body;
    expect(container).toMatchObject({
      status: 'in_transit',
      origin: { locode: 'HKHKG' },
      destination: { locode: 'USHOU' },
      carrier_eta: '2018-11-10T12:00:00.000Z',
      vessel: { imo: '9450612', name: 'CMA CGM LA SCALA' },
    });

    // Our acknowledgement, read back by our own reader: TA1 accepted, a 997 accepting both sets.
    const ack = readX12(received.body.acknowledgement.raw);
    expect(ack.issues).toEqual([]);
    expect(elementValue(ack.isa, 6).trim()).toBe('OECGROUP');
    expect(elementValue(ack.isa, 13)).toBe('000000001');
    expect(ack.ta1s.map((s) => s.elements.map((e) => e[0][0]))).toEqual([['000081466', '181012', '0524', 'A', '000']]);
    const [fa] = ack.groups;
    expect(fa.sets[0].segments.map((s) => [s.tag, ...s.elements.map((e) => e[0][0])])).toEqual([
      ['AK1', 'QO', '81466'],
      ['AK2', '315', '0001'],
      ['AK5', 'A'],
      ['AK2', '315', '0002'],
      ['AK5', 'A'],
      ['AK9', 'A', '2', '2', '2'],
    ]);
    expect((await client.get(`/api/edi/partners/${partner.id}`).expect(200)).body.control_numbers).toEqual({
      interchange: 1,
      group: 1,
      transaction_set: 0,
    });

    // The same ISA13 again: never applied twice.
    const repeat = await send(live, text).expect(409);
    expect(repeat.body).toMatchObject({ code: 'already_exists', existing_interchange_id: received.body.id });

    const withRaw = await client.get(`/api/edi/interchanges/${received.body.id}?expand=raw`).expect(200);
    expect(withRaw.body).toEqual({ ...received.body, raw: text });
    const ackRow = await client
      .get(`/api/edi/interchanges/${received.body.acknowledgement.interchange_id}`)
      .expect(200);
    expect(ackRow.body).toMatchObject({
      direction: 'outbound',
      status: 'sent',
      document_types: ['TA1', '997'],
      in_reply_to: received.body.id,
      control_number: '000000001',
    });
    const events = await new OutboxEventRepository(app.db.knex).listForSubject('edi_interchange', received.body.id);
    expect(events.map((e) => e.type)).toEqual(['edi.interchange.received']);
    expect(events[0]).toMatchObject({ accountId, livemode: true });
    expect((events[0].data as { object: unknown }).object).toEqual(received.body);
  });

  test('the XPO 210 becomes a draft invoice at exact cents; its malformed twin is 422 with the exact fault and a rejecting 997', async () => {
    const { live } = await businessAccount(app);
    const client = siteClient(app, live);
    await client.post('/api/edi/partners', xpo).expect(201);

    const bad = await send(live, sample('x12_210_ltl_invoice_test_SE_COUNT_WRONG.edi')).expect(422);
    expect(bad.body.errors).toEqual([
      {
        pointer: '/body',
        message: 'segment 18 (SE) element SE01: count: is 17, expected 16 (the segments from ST to SE)',
        position: 18,
        segment: 'SE',
        element: 'SE01',
        rule: 'count',
      },
    ]);
    const ack = readX12(bad.body.acknowledgement);
    expect(ack.groups[0].sets[0].segments.map((s) => [s.tag, ...s.elements.map((e) => e[0][0])])).toEqual([
      ['AK1', 'IN', '1'],
      ['AK2', '210', '0001'],
      ['AK5', 'R', '4'],
      ['AK9', 'R', '1', '1', '0'],
    ]);
    const stored = (await client.get(`/api/edi/interchanges/${bad.body.interchange_id}`).expect(200)).body;
    expect(stored).toMatchObject({ status: 'rejected', sets: [{ status: 'rejected', records: [] }] });
    expect((await client.get('/api/invoices').expect(200)).body.data).toEqual([]);
    const rejected = await new OutboxEventRepository(app.db.knex).listForSubject('edi_interchange', stored.id);
    expect(rejected.map((e) => e.type)).toEqual(['edi.interchange.rejected']);

    // A rejected interchange does not take its control number: the corrected resend applies.
    const good = await send(live, sample('x12_210_ltl_invoice_fixed.edi')).expect(201);
    expect(good.body.sets).toEqual([
      {
        control_number: '0001',
        document_type: '210',
        status: 'accepted',
        errors: [],
        records: [{ object: 'invoice', id: expect.stringMatching(/^inv_/) }],
      },
    ]);
    const invoice = (await client.get(`/api/invoices/${good.body.sets[0].records[0].id}`).expect(200)).body;
    expect(invoice).toMatchObject({
      status: 'draft',
      currency: 'USD',
      memo: 'Carrier invoice INV-XPO-99412',
      metadata: { edi_invoice_number: 'INV-XPO-99412', scac: 'CNWY', bill_of_lading: 'BOL778899' },
    });
    expect(invoice.lines.map((l: { description: string }) => l.description)).toEqual([
      'Freight',
      'Fuel surcharge',
      'Notification before delivery',
      'Liftgate',
      'Reweigh',
    ]);
    expect(JSON.stringify(invoice.total)).toContain('976.00');
  });

  test('one bad set of two is rejected alone; a 315 for an untracked container is accepted with errors', async () => {
    const { live, email } = await businessAccount(app);
    await siteClient(app, live).post('/api/edi/partners', cmaCgm).expect(201);
    const containerId = await track(live, email, 'CMAU5127498');
    // The second set's B4 names an unknown status code: that set changes nothing, the first applies.
    const text = sample('x12_315_cmacgm_style_oecgroup.edi');
    const second = text.indexOf('ST*315*0002');
    const mixed = text.slice(0, second) + text.slice(second).replace(/B4\*\*\*AE\*/, 'B4***ZZ*');
    const partial = await send(live, mixed).expect(201);
    expect(partial.body.status).toBe('partially_accepted');
    expect(partial.body.sets.map((s: { status: string }) => s.status)).toEqual(['accepted', 'rejected']);
    expect(partial.body.sets[0].records).toEqual([{ object: 'container', id: containerId }]);
    expect(partial.body.sets[1].errors).toEqual([
      expect.objectContaining({ segment: 'B4', element: 'B403', rule: 'code' }),
    ]);
    const ack = readX12(partial.body.acknowledgement.raw);
    const codes = ack.groups[0].sets[0].segments.map((s) => [s.tag, ...s.elements.map((e) => e[0][0])]);
    expect(codes).toContainEqual(['AK5', 'R', '5']);
    expect(codes.at(-1)).toEqual(['AK9', 'P', '2', '2', '1']);
    expect(codes).toContainEqual(['AK4', '3', '', '7']);

    const untracked = text
      .replace('000081466*0*P', '000081467*0*P')
      .replace('IEA*1*000081466', 'IEA*1*000081467')
      .replaceAll('CMAU5127498', 'CMAU1234563')
      .replaceAll('CMAU*512749*', 'CMAU*123456*');
    const noted = await send(live, untracked).expect(201);
    expect(noted.body.status).toBe('accepted_with_errors');
    expect(noted.body.sets[0]).toMatchObject({ status: 'accepted_with_errors', records: [] });
    expect(noted.body.sets[0].errors).toEqual([
      {
        position: 3,
        segment: 'ST',
        element: null,
        rule: 'reference',
        message:
          'the account tracks no container CMAU1234563, bill of lading CMDUTHD0479278 or booking THD0479278: nothing applied',
      },
    ]);
    const notedAck = readX12(noted.body.acknowledgement.raw);
    expect(notedAck.groups[0].sets[0].segments.at(-1)!.elements.map((e) => e[0][0])).toEqual(['E', '2', '2', '2']);
  });

  test('the CargoSmart IFTSTA on a test key: events on the test container, CONTRL back', async () => {
    const { test, email } = await businessAccount(app);
    await siteClient(app, test).post('/api/edi/partners', cargoSmart).expect(201);
    // The sample's ABCD1234567 is no ISO 6346 number (category D, check digit), which tracking refuses: a valid one stands in.
    const number = containerNumber('ABCU', '123456');
    const containerId = await track(test, email, number, 'CSMT');
    const text = sample('edifact_iftsta_d99b_cargosmart_snippet.edi').replace('ABCD1234567', number);
    const received = await send(test, text, 'application/edifact').expect(201);
    expect(received.body).toMatchObject({
      livemode: false,
      standard: 'edifact',
      control_number: '6771',
      status: 'accepted',
      sets: [{ document_type: 'IFTSTA', status: 'accepted', records: [{ object: 'container', id: containerId }] }],
    });
    const contrl = readEdifact(received.body.acknowledgement.raw);
    expect(contrl.issues).toEqual([]);
    // UCI04 and UCM03 are the action: 7, accepted.
    const action = (s: EdiSegment) => elementValue(s, s.tag === 'UCI' ? 4 : 3);
    expect(contrl.messages[0].segments.map((s) => [s.tag, elementValue(s, 1), action(s)])).toEqual([
      ['UCI', '6771', '7'],
      ['UCM', '1', '7'],
    ]);
    const container = (
      await request(app.hosts.main).get(`/api/tracking/containers/${containerId}`).set('X-API-Key', test).expect(200)
    ).body;
    expect(container).toMatchObject({ status: 'in_transit', carrier_eta: '2099-05-12T00:00:00.000Z' });
  });

  test('no partner, the wrong mode, or text that is no interchange: 422 naming segment, element and rule', async () => {
    const { live } = await businessAccount(app);
    const unknown = await send(live, sample('x12_315_cmacgm_style_oecgroup.edi')).expect(422);
    expect(unknown.body.errors).toEqual([
      {
        pointer: '/body',
        message:
          'segment 1 (ISA) element ISA06: reference: no x12 partner of this account in this mode sends as ZZ:CMACGM to ZZ:OECGROUP',
        position: 1,
        segment: 'ISA',
        element: 'ISA06',
        rule: 'reference',
      },
    ]);
    await siteClient(app, live).post('/api/edi/partners', cmaCgm).expect(201);
    const testUsage = sample('x12_315_cmacgm_style_oecgroup.edi').replace('*0*P*>~', '*0*T*>~');
    const wrongMode = await send(live, testUsage).expect(422);
    expect(faults(wrongMode.body)).toEqual([
      'segment 1 (ISA) element ISA15: code: is T, but this live partner exchanges P interchanges',
    ]);
    expect(
      readX12(wrongMode.body.acknowledgement)
        .ta1s[0].elements.map((e) => e[0][0])
        .slice(3),
    ).toEqual(['R', '020']);
    const notEdi = await send(live, 'hello').expect(422);
    expect(notEdi.body.errors[0]).toMatchObject({ position: 1, rule: 'syntax' });
    expect(notEdi.body.interchange_id).toBeUndefined();
  });

  test('lists filter by partner, direction, document type, status and time, with the next-page Link', async () => {
    const { live } = await businessAccount(app);
    const client = siteClient(app, live);
    const partner = (await client.post('/api/edi/partners', xpo).expect(201)).body;
    const bad = (await send(live, sample('x12_210_ltl_invoice_test_SE_COUNT_WRONG.edi')).expect(422)).body;
    app.clock.advance(1);
    const since = app.clock.now().toISOString();
    const good = (await send(live, sample('x12_210_ltl_invoice_fixed.edi')).expect(201)).body;
    const ids = async (query: string) => {
      const page = await client.get(`/api/edi/interchanges${query}`);
      expect([query, page.status, page.status === 200 ? '' : page.body.detail]).toEqual([query, 200, '']);
      return page.body.data.map((i: { id: string }) => i.id);
    };
    expect(await ids('')).toEqual([
      good.acknowledgement.interchange_id,
      good.id,
      expect.any(String),
      bad.interchange_id,
    ]);
    expect(await ids('?direction=inbound')).toEqual([good.id, bad.interchange_id]);
    expect(await ids('?status=rejected')).toEqual([bad.interchange_id]);
    expect(await ids('?document_type=210')).toEqual([good.id, bad.interchange_id]);
    expect(await ids('?document_type=997&direction=outbound')).toHaveLength(2);
    expect(await ids(`?partner_id=${partner.id}&direction=inbound&created_after=${encodeURIComponent(since)}`)).toEqual(
      [good.id],
    );
    expect(await ids(`?created_before=${encodeURIComponent(since)}&direction=inbound`)).toEqual([bad.interchange_id]);
    const page = await client.get('/api/edi/interchanges?limit=1&direction=inbound').expect(200);
    expect(page.body).toMatchObject({ object: 'list', has_more: true });
    expect(page.headers.link).toBe(
      `</api/edi/interchanges?limit=1&direction=inbound&cursor=${page.body.next_cursor}>; rel="next"`,
    );
    const rest = await client
      .get(`/api/edi/interchanges?limit=1&direction=inbound&cursor=${page.body.next_cursor}`)
      .expect(200);
    expect(rest.body.data.map((i: { id: string }) => i.id)).toEqual([bad.interchange_id]);
    await client.get('/api/edi/interchanges?status=pending').expect(400);
  });

  test('another account’s interchange, or the other mode’s, is 404; auth, plan, scope, type and size are checked', async () => {
    const owner = await businessAccount(app);
    await siteClient(app, owner.live).post('/api/edi/partners', xpo).expect(201);
    const mine = (await send(owner.live, sample('x12_210_ltl_invoice_fixed.edi')).expect(201)).body;
    const other = await businessAccount(app);
    await siteClient(app, other.live).get(`/api/edi/interchanges/${mine.id}`).expect(404);
    await siteClient(app, owner.test).get(`/api/edi/interchanges/${mine.id}`).expect(404);
    expect((await siteClient(app, other.live).get('/api/edi/interchanges').expect(200)).body.data).toEqual([]);

    await request(app.hosts.site).post('/api/edi/interchanges').set('Content-Type', x12Type).send('ISA').expect(401);
    const free = await signUp(app);
    await send(free.key, sample('x12_210_ltl_invoice_fixed.edi')).expect(403);
    const readOnly = await accessTokenFor(app, owner.live, ['edi:read']);
    await send(readOnly.token, sample('x12_210_ltl_invoice_fixed.edi')).expect(403);
    const unsupported = await send(owner.live, sample('x12_210_ltl_invoice_fixed.edi'), 'text/plain').expect(415);
    expect(unsupported.body.type).toBe('https://docs.tradelane.dev/problems/unsupported-media-type');
    await send(owner.live, 'x'.repeat(2 * 1024 * 1024 + 1)).expect(413);
    const empty = await send(owner.live, '').expect(400);
    expect(empty.body.type).toBe('https://docs.tradelane.dev/problems/validation-failed');
    await siteClient(app, owner.live).get('/api/edi/interchanges/edi_nope?expand=everything').expect(400);
  });

  test('two concurrent repeats of one interchange: one applies, the other is 409', async () => {
    const { live } = await businessAccount(app);
    await siteClient(app, live).post('/api/edi/partners', xpo).expect(201);
    const text = sample('x12_210_ltl_invoice_fixed.edi');
    const answers = await Promise.all([send(live, text), send(live, text)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect((await siteClient(app, live).get('/api/invoices').expect(200)).body.data).toHaveLength(1);
  });

  test('the account API per-second limit covers intake and its lists', async () => {
    const { live } = await businessAccount(app);
    app.clock.advance(1000);
    const auth = { Authorization: `Bearer ${live}` };
    for (let i = 0; i < 25; i++)
      await request(app.hosts.site).get('/api/edi/interchanges?limit=1').set(auth).expect(200);
    const site = request(app.hosts.site);
    for (const call of [
      site.post('/api/edi/interchanges').set('Content-Type', x12Type).send('ISA*00*'),
      site.get('/api/edi/interchanges'),
    ]) {
      const res = await call.set(auth).expect(429);
      expect(res.body.type).toBe('https://docs.tradelane.dev/problems/rate-limited');
    }
    app.clock.advance(1000);
  });
});
