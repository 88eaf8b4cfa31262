import request from 'supertest';
import { EdiInterchangeRepository } from '../../src/db/repositories/edi-interchange.repository';
import { OutboxEventRepository } from '../../src/db/repositories/outbox-event.repository';
import { loadEdiConfig } from '../../src/config/edi-config';
import { EdiAcknowledgementWatch, writeX12, x12Outbound } from '../../src/domain/edi';
import { toApiEdiInterchange } from '../../src/handlers/outputs/edi.output';
import { defineEdiAckOverdueJob, ediAckOverdueJobName } from '../../src/jobs/edi-ack-overdue.job';
import { businessAccount, siteClient } from '../support/account-api';
import { createTestApp, TestApp } from '../support/app';
import { testDialect } from '../support/database';
import { recordingAgenda } from '../support/recording-agenda';

const HOUR = 3_600_000;
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ config: { trustProxy: true } });
  app.clock.set('2026-12-04T08:00:00.000Z');
});
afterAll(() => app?.close());

const partnerFields = (id: string, acknowledgements: string[]) => ({
  name: `Partner ${id}`,
  standard: 'x12',
  version: '005010',
  their_interchange_id: { qualifier: 'ZZ', id },
  our_interchange_id: { qualifier: 'ZZ', id: 'TRADELANE' },
  outbound_documents: ['210'],
  acknowledgements,
});

it(`marks documents still awaiting their acknowledgement past the setting ack_overdue, once, with the event; a late 997 still counts (${testDialect})`, async () => {
  expect(loadEdiConfig({}).ackOverdueMs).toBe(24 * HOUR);
  expect(loadEdiConfig({ EDI_ACK_OVERDUE_HOURS: '2' }).ackOverdueMs).toBe(2 * HOUR);
  expect(() => loadEdiConfig({ EDI_ACK_OVERDUE_HOURS: '0' })).toThrow(
    'EDI_ACK_OVERDUE_HOURS must be an integer between 1 and 2160',
  );

  const { test } = await businessAccount(app);
  const client = siteClient(app, test);
  const acknowledging = (await client.post('/api/edi/partners', partnerFields('ACKS', ['997'])).expect(201)).body;
  const silent = (await client.post('/api/edi/partners', partnerFields('SILENT', [])).expect(201)).body;
  const invoice = (
    await client
      .post('/api/invoices', {
        currency: 'USD',
        lines: [{ description: 'Drayage', charge_code: 'trucking', quantity: '1', unit_amount: '450.00' }],
      })
      .expect(201)
  ).body;
  await client.post(`/api/invoices/${invoice.id}/finalize`).expect(200);
  const sendTo = async (partnerId: string) =>
    (
      await client
        .post(`/api/edi/partners/${partnerId}/send`, { document: 'invoice', invoice_id: invoice.id })
        .expect(201)
    ).body;
  const old = await sendTo(acknowledging.id);
  const unanswered = await sendTo(silent.id);
  expect([old.status, unanswered.status]).toEqual(['awaiting_ack', 'sent']);
  app.clock.advance(23 * HOUR);
  const recent = await sendTo(acknowledging.id);

  const { agenda, scheduled, run } = recordingAgenda();
  const counts: number[] = [];
  await defineEdiAckOverdueJob(agenda, {
    watch: new EdiAcknowledgementWatch({
      interchanges: new EdiInterchangeRepository(app.db.knex),
      clock: () => app.clock.now().getTime(),
      present: toApiEdiInterchange,
      overdueAfterMs: 24 * HOUR,
    }),
    onOverdue: (count) => counts.push(count),
  });
  expect(scheduled).toEqual([{ interval: '15 minutes', name: ediAckOverdueJobName }]);
  await run(ediAckOverdueJobName);
  expect(counts).toEqual([]);
  app.clock.advance(HOUR + 1);
  await run(ediAckOverdueJobName);
  await run(ediAckOverdueJobName);
  expect(counts).toEqual([1]);

  const statusOf = async (id: string) => (await client.get(`/api/edi/interchanges/${id}`).expect(200)).body.status;
  expect([await statusOf(old.id), await statusOf(recent.id), await statusOf(unanswered.id)]).toEqual([
    'ack_overdue',
    'awaiting_ack',
    'sent',
  ]);
  const events = await new OutboxEventRepository(app.db.knex).listForSubject('edi_interchange', old.id);
  expect(events.map((e) => e.type)).toEqual(['edi.interchange.sent', 'edi.interchange.ack_overdue']);
  expect((events[1].data as { object: { status: string } }).object.status).toBe('ack_overdue');
  expect((await client.get('/api/edi/interchanges?status=ack_overdue').expect(200)).body.data).toHaveLength(1);

  // The 997 arriving late still records the partner's verdict (AK1 names GS06 1: the partner's first group from us).
  const late = writeX12(
    x12Outbound(
      {
        from: { qualifier: 'ZZ', id: 'ACKS' },
        to: { qualifier: 'ZZ', id: 'TRADELANE' },
        usage: 'T',
        version: '005010',
      },
      { interchange: 1, group: 1 },
      app.clock.now(),
      {
        functionalId: 'FA',
        sets: [
          {
            control: '0001',
            segments: [['997'], ['AK1', 'IN', '1'], ['AK2', '210', '0001'], ['AK5', 'A'], ['AK9', 'A', '1', '1', '1']],
          },
        ],
      },
    ),
  );
  await request(app.hosts.site)
    .post('/api/edi/interchanges')
    .set('Authorization', `Bearer ${test}`)
    .set('Content-Type', 'application/edi-x12')
    .send(late)
    .expect(201);
  expect(await statusOf(old.id)).toBe('acknowledged');
});
