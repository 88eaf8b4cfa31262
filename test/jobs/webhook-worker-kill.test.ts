import { ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { loadWebhookConfig } from '../../src/config/webhook-config';
import { OutboxEventRepository } from '../../src/db/repositories/outbox-event.repository';
import { systemClock } from '../../src/domain/shared/clock';
import { newOutboxEvent } from '../../src/domain/shared/outbox-event';
import { createWebhookServices } from '../../src/hosts/webhook-services';
import { createTestDatabase, TestDatabase } from '../support/database';
import { startWebhookReceiver, WebhookReceiver } from '../support/webhook-receiver';

jest.setTimeout(120_000);

let db: TestDatabase;
let receiver: WebhookReceiver;
let emptyDataDir: string;
beforeAll(async () => {
  db = await createTestDatabase();
  receiver = await startWebhookReceiver();
  emptyDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradelane-no-data-'));
});
afterAll(async () => {
  await receiver.close();
  await db.destroy();
  fs.rmSync(emptyDataDir, { recursive: true, force: true });
});

/** `npm run worker` as its own process (src/worker.ts under tsx), on the test database. */
function startWorkerProcess(): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, '../../src/worker.ts')], {
    env: {
      ...process.env,
      DATABASE_URL: db.url,
      // No reference data: this worker only delivers webhooks (the HTS refresh finds nothing to import).
      DATA_DIR: emptyDataDir,
      JOB_POLL_INTERVAL_MS: '100',
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      WEBHOOK_TIMEOUT_MS: '1000',
      WEBHOOK_CONCURRENCY: '10',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve()),
  );

it('loses no event when the worker is killed (SIGKILL) mid-delivery and started again; duplicates carry the same webhook-id', async () => {
  const webhooks = createWebhookServices(
    db.knex,
    { ...loadWebhookConfig({}), allowPrivateTargets: true },
    systemClock,
    pino({ level: 'silent' }),
  );
  const owner = { accountId: 'acct_kill', livemode: true };
  await webhooks.endpoints.create(owner, { url: `${receiver.url}/kill`, events: ['*'] });
  webhooks.close();
  const events = Array.from({ length: 300 }, (_, i) =>
    newOutboxEvent(
      'container.updated',
      { ...owner, data: { object: { id: `cnt_${i}`, object: 'container' } } },
      Date.now(),
    ),
  );
  await new OutboxEventRepository(db.knex).append(events);
  // Slow enough answers that the kill lands with deliveries in flight.
  receiver.answer.delayMs = 30;

  const first = startWorkerProcess();
  await receiver.waitFor(60, 60_000);
  first.kill('SIGKILL');
  await exited(first);
  expect(receiver.requests.length).toBeLessThan(events.length);
  // The kill left deliveries leased and unfinished: they are sent again once their lease expires.
  const [{ n: leased }] = await db.knex('webhook_deliveries').whereNotNull('lease_token').count({ n: '*' });
  expect(Number(leased)).toBeGreaterThan(0);

  const second = startWorkerProcess();
  try {
    const expected = new Set(events.map((e) => e.id));
    const delivered = async () =>
      Number((await db.knex('webhook_deliveries').where({ status: 'delivered' }).count({ n: '*' }))[0].n);
    const deadline = Date.now() + 90_000;
    while ((await delivered()) < expected.size && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(new Set(receiver.ids())).toEqual(expected);
    // Every request was one of the events, under its own id: a repeat is a repeat of the same webhook-id.
    expect(receiver.ids().every((id) => expected.has(id))).toBe(true);
    const statuses: Array<{ status: string; n: number | string }> = await db
      .knex('webhook_deliveries')
      .select('status')
      .count({ n: '*' })
      .groupBy('status');
    expect(statuses.map((row) => [row.status, Number(row.n)])).toEqual([['delivered', 300]]);
  } finally {
    second.kill('SIGTERM');
    await exited(second);
  }
});
