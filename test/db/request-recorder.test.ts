import pino from 'pino';
import { RequestLogRepository } from '../../src/db/repositories/request-log.repository';
import { type RequestLogEntry, RequestRecorder } from '../../src/domain/request-log';
import { createRequestLogServices } from '../../src/hosts/request-log-services';
import { ServiceMetrics } from '../../src/observability/metrics';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { TestClock } from '../support/app';
import { createAccessServices } from '../../src/hosts/access-services';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.destroy());

let counter = 0;
/** One request of the account, as the API's observer records it. */
const recordOn = (recorder: RequestRecorder, accountId: string) =>
  recorder.record({ accountId, livemode: true, keyId: 'key_1' }, outcome());
const outcome = () => ({
  host: 'main',
  method: 'GET',
  path: '/api/tracking/containers',
  status: 200,
  latencyMs: 2,
  requestId: `req_${++counter}`,
  createdAt: Date.now(),
});
const rowsOf = async (accountId: string) =>
  Number((await db.knex('request_logs').where({ account_id: accountId }).count({ n: '*' }))[0].n);
const droppedText = async (metrics: ServiceMetrics) =>
  (await metrics.text()).split('\n').filter((line) => line.startsWith('tradelane_request_log_dropped_total{'));
const settings = { flushIntervalMs: 60_000, batchSize: 500, maxBuffered: 1000, ownerOfCredential: async () => null };

/** Waits (up to 10 s, for a busy machine) until the check holds; the test's own assertion says if it never did. */
async function eventually(check: () => Promise<boolean>): Promise<void> {
  const until = Date.now() + 10_000;
  while (Date.now() < until && !(await check())) await new Promise((resolve) => setTimeout(resolve, 20));
}

it('writes what waits on its timer, without a flush asked for', async () => {
  const recorder = new RequestRecorder(new RequestLogRepository(db.knex), {
    ...settings,
    flushIntervalMs: 50,
    onDropped: () => undefined,
  });
  recordOn(recorder, 'acct_timer');
  recordOn(recorder, 'acct_timer');
  await eventually(async () => (await rowsOf('acct_timer')) === 2);
  expect(await rowsOf('acct_timer')).toBe(2);
  await recorder.stop();
});

it('writes a full batch at once (on the next turn, not in the request’s), and the rest on stop', async () => {
  const recorder = new RequestRecorder(new RequestLogRepository(db.knex), {
    ...settings,
    batchSize: 3,
    onDropped: () => undefined,
  });
  recordOn(recorder, 'acct_batch');
  recordOn(recorder, 'acct_batch');
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(await rowsOf('acct_batch')).toBe(0);
  recordOn(recorder, 'acct_batch');
  await eventually(async () => (await rowsOf('acct_batch')) === 3);
  expect(await rowsOf('acct_batch')).toBe(3);
  recordOn(recorder, 'acct_batch');
  await recorder.stop();
  expect(await rowsOf('acct_batch')).toBe(4);
});

it('holds a bounded number while the database is behind, dropping and counting the rest', async () => {
  const metrics = new ServiceMetrics();
  const repository = new RequestLogRepository(db.knex);
  let release!: () => void;
  const behind = new Promise<void>((resolve) => (release = resolve));
  const writes: number[] = [];
  // The real table, reached late: the first write waits as a slow database would make it.
  const slow = {
    insert: async (entries: RequestLogEntry[]) => {
      writes.push(entries.length);
      await behind;
      await repository.insert(entries);
    },
  };
  const recorder = new RequestRecorder(slow, {
    ...settings,
    batchSize: 2,
    maxBuffered: 5,
    onDropped: (reason, count) => metrics.recordRequestLogDropped(reason, count),
  });
  for (let i = 0; i < 4; i++) recordOn(recorder, 'acct_behind');
  await eventually(async () => writes.length === 1);
  // Two in the write the database holds, two waiting: one more fits, the next three do not.
  for (let i = 0; i < 4; i++) recordOn(recorder, 'acct_behind');
  expect(await droppedText(metrics)).toEqual(['tradelane_request_log_dropped_total{reason="buffer_full"} 3']);
  release();
  await recorder.stop();
  expect(await rowsOf('acct_behind')).toBe(5);
  expect(writes).toEqual([2, 2, 1]);
});

it('counts a batch whose write failed, and logs why', async () => {
  const broken = await createTestDatabase();
  const metrics = new ServiceMetrics();
  const lines: string[] = [];
  const logger = pino({ level: 'warn' }, { write: (line: string) => void lines.push(line) });
  const clock = new TestClock();
  const { recorder } = createRequestLogServices(
    broken.knex,
    { flushIntervalMs: 60_000, batchSize: 500, maxBuffered: 1000 },
    clock,
    metrics,
    logger,
    createAccessServices(broken, clock).accounts,
  );
  try {
    await broken.knex.schema.dropTable('request_logs');
    recordOn(recorder, 'acct_broken');
    recordOn(recorder, 'acct_broken');
    await recorder.stop();
    expect(await droppedText(metrics)).toEqual(['tradelane_request_log_dropped_total{reason="write_failed"} 2']);
    expect(lines.map((line) => JSON.parse(line).msg)).toEqual(['request log batch not written']);
  } finally {
    await broken.destroy();
  }
});
