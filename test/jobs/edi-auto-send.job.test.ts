import { allEdifactIssues, allX12Issues, map210, map315, mapIftsta, readEdifact, readX12 } from '../../src/domain/edi';
import { createEdiAutoSend } from '../../src/hosts/edi-auto-send-services';
import { defineEdiAutoSendJob, ediAutoSendJobName } from '../../src/jobs/edi-auto-send.job';
import { businessAccount, containerNumber, siteClient } from '../support/account-api';
import { setPlan } from '../support/accounts';
import { createTestApp, TestApp } from '../support/app';
import { testDialect } from '../support/database';
import { departedShipment, edifactPartner, finalizedInvoice, x12Partner } from '../support/edi';
import { recordingAgenda } from '../support/recording-agenda';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ config: { trustProxy: true } });
  app.clock.set('2026-12-04T08:00:00.000Z');
});
afterAll(() => app?.close());

/** The worker's job as server.ts defines it, on the test's clock; skipped documents are collected. */
async function autoSendJob() {
  const clock = () => app.clock.now().getTime();
  const skipped: string[] = [];
  const autoSend = createEdiAutoSend(app.db.knex, app.deps.access.entitlements, clock, (event, partner, error) =>
    skipped.push(`${event.type} ${partner.name}: ${error.message}`),
  );
  const { agenda, scheduled, run } = recordingAgenda();
  await defineEdiAutoSendJob(agenda, { autoSend });
  return { autoSend, scheduled, skipped, run: () => run(ediAutoSendJobName) };
}

/** The partner's outbound interchanges, oldest first, with their text. */
async function sentTo(secret: string, partnerId: string) {
  const client = siteClient(app, secret);
  const list = (await client.get(`/api/edi/interchanges?direction=outbound&partner_id=${partnerId}`).expect(200)).body
    .data as Array<{ id: string; created_at: string }>;
  const sent = [];
  for (const { id } of [...list].reverse())
    sent.push((await client.get(`/api/edi/interchanges/${id}?expand=raw`).expect(200)).body);
  return sent;
}

const controlsOf = async (secret: string, partnerId: string) =>
  (await siteClient(app, secret).get(`/api/edi/partners/${partnerId}`).expect(200)).body.control_numbers;

const sentEvents = async () =>
  (await app.db.knex('outbox_events').where({ type: 'edi.interchange.sent' }).count({ n: '*' }))[0].n;

describe(`EDI documents sent on events (${testDialect})`, () => {
  test('auto_send is each a document the partner takes, else 400 naming it; the partner shows it', async () => {
    const { test } = await businessAccount(app);
    const client = siteClient(app, test);
    const refused = await client
      .post('/api/edi/partners', {
        ...x12Partner,
        outbound_documents: ['315'],
        auto_send: ['shipment_status', 'invoice'],
      })
      .expect(400);
    expect(refused.body.errors).toEqual([
      { pointer: '/body/auto_send/1', message: 'sending invoice needs 210 in outbound_documents' },
    ]);
    const partner = (await client.post('/api/edi/partners', edifactPartner).expect(201)).body;
    expect(partner.auto_send).toEqual([]);
    const updated = await client.patch(`/api/edi/partners/${partner.id}`, { auto_send: ['invoice'] }).expect(200);
    expect(updated.body.auto_send).toEqual(['invoice']);
    const dropped = await client
      .patch(`/api/edi/partners/${partner.id}`, { outbound_documents: ['IFTSTA'] })
      .expect(400);
    expect(dropped.body.errors).toEqual([
      { pointer: '/body/auto_send/0', message: 'sending invoice needs INVOIC in outbound_documents' },
    ]);
  });

  test('departure, arrival and finalizing send the subscribed partners of the account and mode their 315/IFTSTA and 210, once each, gap-free, even replayed or run twice at once', async () => {
    const { test, live } = await businessAccount(app);
    const other = await businessAccount(app);
    const client = siteClient(app, test);
    const both = ['shipment_status', 'invoice'];
    const x12 = (await client.post('/api/edi/partners', { ...x12Partner, auto_send: both }).expect(201)).body;
    const edifact = (
      await client.post('/api/edi/partners', { ...edifactPartner, auto_send: ['shipment_status'] }).expect(201)
    ).body;
    const manual = (
      await client
        .post('/api/edi/partners', { ...x12Partner, their_interchange_id: { qualifier: 'ZZ', id: 'MANUAL' } })
        .expect(201)
    ).body;
    const liveX12 = (
      await siteClient(app, live)
        .post('/api/edi/partners', { ...x12Partner, auto_send: both })
        .expect(201)
    ).body;
    const othersX12 = (
      await siteClient(app, other.test)
        .post('/api/edi/partners', { ...x12Partner, auto_send: both })
        .expect(201)
    ).body;

    const job = await autoSendJob();
    expect(job.scheduled).toEqual([{ interval: '30 seconds', name: ediAutoSendJobName }]);
    const containers = [containerNumber('MSKU', '123456'), containerNumber('MSKU', '765432')];
    const shipment = await departedShipment(app, test, containers);
    const invoice = await finalizedInvoice(app, test);
    const eventsBefore = Number(await sentEvents());
    await job.run();

    const x12Sent = await sentTo(test, x12.id);
    expect(x12Sent.map((i) => [i.document_types, i.status, i.control_number])).toEqual([
      [['315'], 'awaiting_ack', '000000001'],
      [['210'], 'awaiting_ack', '000000002'],
    ]);
    const status = readX12(x12Sent[0].raw);
    expect(allX12Issues(status)).toEqual([]);
    const sets = status.groups[0].sets;
    expect(sets.map((set) => map315(set, 'test').mapped.references.containerNumber)).toEqual(containers);
    expect(sets.map((set) => map315(set, 'test').mapped.events[0].code)).toEqual(['DEPA', 'DEPA']);
    const billed = readX12(x12Sent[1].raw);
    expect(allX12Issues(billed)).toEqual([]);
    expect(map210(billed.groups[0].sets[0]).mapped?.total).toBe(invoice.total.amount);
    expect(x12Sent[0].sets[0].records).toEqual([{ object: 'shipment', id: shipment.id }]);

    const edifactSent = await sentTo(test, edifact.id);
    expect(edifactSent.map((i) => [i.document_types, i.control_number])).toEqual([[['IFTSTA'], '1']]);
    const iftsta = readEdifact(edifactSent[0].raw);
    expect(allEdifactIssues(iftsta)).toEqual([]);
    expect(iftsta.messages.map((m) => mapIftsta(m, 'test').mapped.references.containerNumber)).toEqual(containers);

    expect(await sentTo(test, manual.id)).toEqual([]);
    expect(await sentTo(live, liveX12.id)).toEqual([]);
    expect(await sentTo(other.test, othersX12.id)).toEqual([]);
    expect(Number(await sentEvents()) - eventsBefore).toBe(3);

    // The outbox read again (a worker that died before marking), twice at once: nothing is sent twice.
    await app.db
      .knex('outbox_events')
      .whereIn('subject_id', [shipment.id, invoice.id])
      .update({ edi_handled_at: null });
    await Promise.all([job.autoSend.run(), job.autoSend.run()]);
    expect((await sentTo(test, x12.id)).length).toBe(2);
    expect((await sentTo(test, edifact.id)).length).toBe(1);
    expect(await controlsOf(test, x12.id)).toEqual({ interchange: 2, group: 2, transaction_set: 3 });
    expect(Number(await sentEvents()) - eventsBefore).toBe(3);

    // The arrival is a new event: one more each, the next numbers, however many runs take it.
    await client.post(`/api/shipments/${shipment.id}/arrive`).expect(200);
    await Promise.all([job.run(), job.run()]);
    const arrived = (await sentTo(test, x12.id))[2];
    expect([arrived.document_types, arrived.control_number]).toEqual([['315'], '000000003']);
    const arrival = readX12(arrived.raw).groups[0].sets.map((set) => map315(set, 'test').mapped.events[0].code);
    expect(arrival).toEqual(['ARRI', 'ARRI']);
    expect((await sentTo(test, edifact.id)).map((i) => i.control_number)).toEqual(['1', '2']);
    expect(await controlsOf(test, x12.id)).toEqual({ interchange: 3, group: 3, transaction_set: 5 });
    expect(Number(await sentEvents()) - eventsBefore).toBe(5);
    expect(job.skipped).toEqual([]);
  });

  test('an account whose plan no longer includes EDI sends nothing on its events', async () => {
    const { test, email } = await businessAccount(app);
    const client = siteClient(app, test);
    const partner = (await client.post('/api/edi/partners', { ...x12Partner, auto_send: ['invoice'] }).expect(201))
      .body;
    const job = await autoSendJob();
    await finalizedInvoice(app, test);
    await setPlan(app, email, 'free');
    await job.run();
    await setPlan(app, email, 'business');
    await job.run();
    expect(await sentTo(test, partner.id)).toEqual([]);
    expect(await controlsOf(test, partner.id)).toEqual({ interchange: 0, group: 0, transaction_set: 0 });
  });

  test('a document that cannot be written is told and its event handled, not retried', async () => {
    const { test } = await businessAccount(app);
    const client = siteClient(app, test);
    const partner = (
      await client.post('/api/edi/partners', { ...x12Partner, auto_send: ['shipment_status'] }).expect(201)
    ).body;
    const job = await autoSendJob();
    const shipment = await departedShipment(app, test, [containerNumber('MSKU', '555555')]);
    // Gone before the job came to its departure.
    await app.db.knex('shipment_containers').where({ shipment_id: shipment.id }).delete();
    await job.run();
    await job.run();
    expect(job.skipped).toEqual([expect.stringMatching(/^shipment\.departed Acme forwarding: /)]);
    expect(await sentTo(test, partner.id)).toEqual([]);
    expect(await controlsOf(test, partner.id)).toEqual({ interchange: 0, group: 0, transaction_set: 0 });
  });
});
