import { RequestLogRepository } from '../../src/db/repositories/request-log.repository';
import { RetentionRepository } from '../../src/db/repositories/retention.repository';
import { retentionPeriods } from '../../src/domain/retention';
import { defineRetentionJob, retentionJobName } from '../../src/jobs/retention.job';
import { createTestDatabase, TestDatabase } from '../support/database';
import { recordingAgenda } from '../support/recording-agenda';

const DAY = 24 * 60 * 60 * 1000;
const now = Date.UTC(2026, 11, 2, 3, 0, 0);
const clock = { now: () => new Date(now) };

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.destroy());

const idempotency = (key: string, expiresAt: number) => ({
  owner: 'acct_1:live',
  idempotency_key: key,
  request_hash: 'h',
  state: 'completed',
  response_status: 201,
  response_headers: '{}',
  response_body: '{}',
  created_at: expiresAt - DAY,
  expires_at: expiresAt,
});
const event = (id: string, createdAt: number, delivered: boolean) => ({
  id,
  type: 'shipment.created',
  created_at: createdAt,
  account_id: 'acct_1',
  data: '{}',
  delivered_at: delivered ? createdAt + 1000 : null,
});
const delivery = (id: string, eventId: string, createdAt: number, finished: boolean) => ({
  id,
  event_id: eventId,
  endpoint_id: 'we_1',
  status: finished ? 'succeeded' : 'pending',
  created_at: createdAt,
  finished_at: finished ? createdAt + 5000 : null,
});
const attempt = (id: string, deliveryId: string, startedAt: number) => ({
  id,
  delivery_id: deliveryId,
  endpoint_id: 'we_1',
  event_id: 'evt',
  event_type: 'shipment.created',
  attempt: 1,
  started_at: startedAt,
  duration_ms: 12,
  status_code: 200,
});

const requestLog = (id: string, createdAt: number) => ({
  id,
  accountId: 'acct_1',
  livemode: true,
  keyId: 'key_1',
  host: 'main',
  method: 'GET',
  path: '/api/tracking/containers/MSCU1234565',
  status: 200,
  latencyMs: 3,
  requestId: `req_${id}`,
  createdAt,
});

it('prunes expired idempotency records, old delivered events, old finished deliveries, expired web sessions and email links and request log entries past 30 days, daily, and keeps the rest', async () => {
  const old = now - retentionPeriods.deliveredEventsMs - DAY;
  const recent = now - DAY;
  // More than one batch of expired records, so the batching is exercised.
  const expired = Array.from({ length: 1234 }, (_, i) => idempotency(`old-${i}`, now - 1 - (i % 7)));
  for (let i = 0; i < expired.length; i += 200) await db.knex('idempotency_records').insert(expired.slice(i, i + 200));
  await db.knex('idempotency_records').insert(idempotency('live', now + 1000));
  await db
    .knex('outbox_events')
    .insert([
      event('evt_old_delivered', old, true),
      event('evt_old_undelivered', old, false),
      event('evt_old_still_delivering', old, true),
      event('evt_recent', recent, true),
    ]);
  await db
    .knex('webhook_deliveries')
    .insert([
      delivery('whd_old_finished', 'evt_old_delivered', old, true),
      delivery('whd_old_running', 'evt_old_still_delivering', old, false),
      delivery('whd_recent', 'evt_recent', recent, true),
    ]);
  await db
    .knex('webhook_delivery_attempts')
    .insert([
      attempt('wha_old', 'whd_old_finished', old),
      attempt('wha_running', 'whd_old_running', old),
      attempt('wha_recent', 'whd_recent', recent),
    ]);

  await db
    .knex('accounts')
    .insert({ id: 'acct_web', email: 'web@example.com', plan: 'free', created_at: old, updated_at: old });
  const session = (id: string, expiresAt: number) => ({
    id_hash: id,
    account_id: 'acct_web',
    csrf_token: 'c',
    mode: 'test',
    created_at: expiresAt - DAY,
    expires_at: expiresAt,
  });
  await db.knex('web_sessions').insert([session('s_expired', now - 1), session('s_live', now + DAY)]);
  const link = (id: string, expiresAt: number) => ({
    token_hash: id,
    account_id: 'acct_web',
    purpose: 'reset',
    created_at: expiresAt - DAY,
    expires_at: expiresAt,
  });
  await db.knex('web_email_links').insert([link('l_expired', now - 1), link('l_live', now + 1000)]);

  // More than one batch of request log entries past their 30 days; one a minute inside them stays.
  const logs = new RequestLogRepository(db.knex);
  const pastRetention = now - retentionPeriods.requestLogMs;
  const oldLogs = Array.from({ length: 1001 }, (_, i) =>
    requestLog(`rlog_old_${String(i).padStart(4, '0')}`, pastRetention - 1 - i),
  );
  for (let i = 0; i < oldLogs.length; i += 200) await logs.insert(oldLogs.slice(i, i + 200));
  await logs.insert([requestLog('rlog_kept', pastRetention + 60_000)]);

  const reports: unknown[] = [];
  const { agenda, scheduled, run } = recordingAgenda();
  await defineRetentionJob(agenda, {
    store: new RetentionRepository(db.knex),
    clock,
    onReport: (report) => reports.push(report),
  });
  expect(scheduled).toEqual([{ interval: '1 day', name: retentionJobName }]);
  await run(retentionJobName);

  expect(reports).toEqual([
    {
      idempotencyRecords: 1234,
      outboxEvents: 1,
      webhookDeliveries: 1,
      webSessions: 1,
      webEmailLinks: 1,
      requestLogs: 1001,
    },
  ]);
  const ids = async (table: string, column = 'id') =>
    ((await db.knex(table).orderBy(column).select(column)) as Array<Record<string, string>>).map((r) => r[column]);
  expect(await ids('idempotency_records', 'idempotency_key')).toEqual(['live']);
  expect(await ids('outbox_events')).toEqual(['evt_old_still_delivering', 'evt_old_undelivered', 'evt_recent']);
  expect(await ids('webhook_deliveries')).toEqual(['whd_old_running', 'whd_recent']);
  expect(await ids('webhook_delivery_attempts')).toEqual(['wha_recent', 'wha_running']);
  expect(await ids('web_sessions', 'id_hash')).toEqual(['s_live']);
  expect(await ids('web_email_links', 'token_hash')).toEqual(['l_live']);
  expect(await ids('request_logs')).toEqual(['rlog_kept']);
});
