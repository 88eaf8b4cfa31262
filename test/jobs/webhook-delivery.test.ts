import pino from 'pino';
import { loadWebhookConfig, WebhookConfig } from '../../src/config/webhook-config';
import { OutboxEventRepository } from '../../src/db/repositories/outbox-event.repository';
import { newOutboxEvent } from '../../src/domain/shared/outbox-event';
import { pumpDeliveries } from '../../src/domain/webhooks/delivery-pump';
import { retryDelaysMs } from '../../src/domain/webhooks/retry-schedule';
import type { HostResolver } from '../../src/domain/webhooks/target-guard';
import { createWebhookServices, WebhookServices } from '../../src/hosts/webhook-services';
import { defineWebhookDeliveryJob } from '../../src/jobs/webhook-delivery.job';
import { createScheduler } from '../../src/jobs/scheduler';
import { TestClock } from '../support/app';
import { createTestDatabase, TestDatabase, testDialect } from '../support/database';
import { deliverDue, startWebhookReceiver, verifyDelivery, WebhookReceiver } from '../support/webhook-receiver';

let db: TestDatabase;
let receiver: WebhookReceiver;
// Real time at the start of each test: receivers check the signed timestamp against their own clock.
const clock = new TestClock();
const logLines: Array<Record<string, unknown>> = [];
const logger = pino({ level: 'info' }, { write: (line: string) => logLines.push(JSON.parse(line)) });
const settings = (overrides: Partial<WebhookConfig> = {}): WebhookConfig => ({
  ...loadWebhookConfig({}),
  allowPrivateTargets: true,
  timeoutMs: 1000,
  ...overrides,
});
let webhooks: WebhookServices;
let accountCounter = 0;

beforeAll(async () => {
  db = await createTestDatabase();
  receiver = await startWebhookReceiver();
  webhooks = createWebhookServices(db.knex, settings(), clock, logger);
});
afterAll(async () => {
  webhooks.close();
  await receiver.close();
  await db.destroy();
});
beforeEach(() => {
  clock.set(new Date());
  receiver.answer.status = 200;
  receiver.answer.delayMs = 0;
});

const newOwner = () => ({ accountId: `acct_delivery_${++accountCounter}`, livemode: true });

async function writeEvents(owner: { accountId: string; livemode: boolean }, count: number, type = 'container.updated') {
  const events = Array.from({ length: count }, (_, i) =>
    newOutboxEvent(
      type,
      { ...owner, data: { object: { id: `cnt_${i}`, object: 'container' } } },
      clock.now().getTime(),
    ),
  );
  await new OutboxEventRepository(db.knex).append(events);
  return events;
}

const attemptsOf = (endpointId: string) =>
  db.knex('webhook_delivery_attempts').where({ endpoint_id: endpointId }).orderBy('attempt');
const endpointRow = (id: string) => db.knex('webhook_endpoints').where({ id }).first();

describe('retries', () => {
  it('retries a failed delivery with back-off under the same webhook-id, until the receiver answers 2xx', async () => {
    const owner = newOwner();
    const endpoint = await webhooks.endpoints.create(owner, { url: `${receiver.url}/retry`, events: ['container.*'] });
    const [event] = await writeEvents(owner, 1);
    receiver.answer.status = 503;
    const before = receiver.requests.length;
    await deliverDue(webhooks.delivery);
    const [delivery] = await db.knex('webhook_deliveries').where({ event_id: event.id });
    expect(delivery).toMatchObject({ status: 'pending', attempt_count: 1 });
    // 5 s, give or take a fifth.
    const wait = Number(delivery.next_attempt_at) - clock.now().getTime();
    expect(wait).toBeGreaterThanOrEqual(retryDelaysMs[0] * 0.8);
    expect(wait).toBeLessThanOrEqual(retryDelaysMs[0] * 1.2);
    expect(await deliverDue(webhooks.delivery)).toBe(0); // not due yet

    clock.advance(retryDelaysMs[0] * 1.2);
    await deliverDue(webhooks.delivery);
    receiver.answer.status = 204;
    clock.advance(retryDelaysMs[1] * 1.2);
    await deliverDue(webhooks.delivery);

    const received = receiver.requests.slice(before);
    expect(received.map((r) => r.headers['webhook-id'])).toEqual([event.id, event.id, event.id]);
    verifyDelivery(endpoint.secret, received[0]);
    expect((await attemptsOf(endpoint.id)).map((a) => [a.attempt, a.status_code])).toEqual([
      [1, 503],
      [2, 503],
      [3, 204],
    ]);
    expect(await db.knex('webhook_deliveries').where({ event_id: event.id }).first()).toMatchObject({
      status: 'delivered',
      attempt_count: 3,
    });
    expect((await endpointRow(endpoint.id)).failing_since).toBeNull();
  });

  it('survives the receiver being down: connection refused, then delivered once it is back', async () => {
    const downReceiver = await startWebhookReceiver();
    const port = Number(new URL(downReceiver.url).port);
    const owner = newOwner();
    const endpoint = await webhooks.endpoints.create(owner, { url: `${downReceiver.url}/back`, events: ['*'] });
    await downReceiver.close();
    const events = await writeEvents(owner, 3);
    await deliverDue(webhooks.delivery);
    const failed = await attemptsOf(endpoint.id);
    expect(failed).toHaveLength(3);
    expect(failed.every((a) => a.status_code === null && /ECONNREFUSED/.test(a.error))).toBe(true);

    const back = await startWebhookReceiver(port);
    try {
      clock.advance(retryDelaysMs[0] * 1.2);
      await deliverDue(webhooks.delivery);
      expect(back.ids().sort()).toEqual(events.map((e) => e.id).sort());
    } finally {
      await back.close();
    }
  });

  it('gives an attempt a timeout: a receiver that does not answer in time is a failed attempt', async () => {
    const owner = newOwner();
    const endpoint = await webhooks.endpoints.create(owner, { url: `${receiver.url}/slow`, events: ['*'] });
    receiver.answer.delayMs = 1500;
    await writeEvents(owner, 1);
    await deliverDue(webhooks.delivery);
    const [attempt] = await attemptsOf(endpoint.id);
    expect(attempt).toMatchObject({ status_code: null, error: 'no answer within 1000 ms' });
    expect(Number(attempt.duration_ms)).toBeGreaterThanOrEqual(1000);
  });

  it('keeps the first 2 KB of the answer in the delivery log', async () => {
    const owner = newOwner();
    const endpoint = await webhooks.endpoints.create(owner, { url: `${receiver.url}/big`, events: ['*'] });
    receiver.answer.body = 'y'.repeat(5000);
    try {
      await writeEvents(owner, 1);
      await deliverDue(webhooks.delivery);
    } finally {
      receiver.answer.body = 'ok';
    }
    expect((await attemptsOf(endpoint.id))[0].response_body).toHaveLength(2048);
  });
});

describe('disabling an endpoint', () => {
  it('disables the endpoint at a 410, tells the account with an event and a log line, and sends it nothing more', async () => {
    const owner = newOwner();
    const endpoint = await webhooks.endpoints.create(owner, { url: `${receiver.url}/gone`, events: ['container.*'] });
    const watcher = await webhooks.endpoints.create(owner, {
      url: `${receiver.url}/watcher`,
      events: ['webhook_endpoint.*'],
    });
    receiver.answer.status = 410;
    await writeEvents(owner, 1);
    await deliverDue(webhooks.delivery);
    expect(await endpointRow(endpoint.id)).toMatchObject({ status: 'disabled', disabled_reason: 'gone' });
    expect(logLines).toContainEqual(
      expect.objectContaining({ msg: 'webhook endpoint disabled', endpoint: endpoint.id, reason: 'gone' }),
    );
    const watched = receiver.requests.filter((r) => r.path === '/watcher');
    expect(watched.map((r) => JSON.parse(r.body))).toEqual([
      expect.objectContaining({
        type: 'webhook_endpoint.disabled',
        data: { object: expect.objectContaining({ id: endpoint.id, disabled_reason: 'gone' }) },
      }),
    ]);
    verifyDelivery(watcher.secret, watched[0]);

    receiver.answer.status = 200;
    const before = receiver.requests.filter((r) => r.path === '/gone').length;
    await writeEvents(owner, 2);
    await deliverDue(webhooks.delivery);
    expect(receiver.requests.filter((r) => r.path === '/gone')).toHaveLength(before);
  });

  it('disables an endpoint whose deliveries have all failed for the configured days', async () => {
    const owner = newOwner();
    const endpoint = await webhooks.endpoints.create(owner, { url: `${receiver.url}/failing`, events: ['*'] });
    receiver.answer.status = 500;
    await writeEvents(owner, 1);
    await deliverDue(webhooks.delivery);
    const since = (await endpointRow(endpoint.id)).failing_since;
    expect(Number(since)).toBe(clock.now().getTime());
    const hour = 3600 * 1000;
    for (let elapsed = 0; elapsed < webhooks.config.disableAfterMs + 24 * hour; elapsed += 5 * hour) {
      clock.advance(5 * hour);
      await deliverDue(webhooks.delivery);
    }
    expect(await endpointRow(endpoint.id)).toMatchObject({ status: 'disabled', disabled_reason: 'failing' });
    expect(logLines).toContainEqual(
      expect.objectContaining({ msg: 'webhook endpoint disabled', endpoint: endpoint.id, reason: 'failing' }),
    );
    const [disabledEvent] = await db
      .knex('outbox_events')
      .where({ type: 'webhook_endpoint.disabled', subject_id: endpoint.id });
    expect(disabledEvent).toMatchObject({ account_id: owner.accountId });
  });
});

describe('the address checks at delivery', () => {
  it('re-resolves the host at each delivery and refuses it when it now points at a metadata address', async () => {
    let answer = '93.184.215.14';
    const resolver: HostResolver = async () => [{ address: answer, family: 4 }];
    const guarded = createWebhookServices(db.knex, settings({ allowPrivateTargets: false }), clock, logger, resolver);
    try {
      const owner = newOwner();
      const endpoint = await guarded.endpoints.create(owner, { url: 'https://hooks.example.com/x', events: ['*'] });
      answer = '169.254.169.254';
      await writeEvents(owner, 1);
      await deliverDue(guarded.delivery);
      const [attempt] = await attemptsOf(endpoint.id);
      expect(attempt).toMatchObject({
        status_code: null,
        error: 'target refused: hooks.example.com resolves to 169.254.169.254 is a cloud metadata address',
      });
    } finally {
      guarded.close();
    }
  });
});

describe('the address checks at delivery, on translated spellings', () => {
  it('refuses a host whose DNS answer now is a 6to4 spelling of loopback', async () => {
    let answer: { address: string; family: 4 | 6 } = { address: '93.184.215.14', family: 4 };
    const resolver: HostResolver = async () => [answer];
    const guarded = createWebhookServices(db.knex, settings({ allowPrivateTargets: false }), clock, logger, resolver);
    try {
      const owner = newOwner();
      const endpoint = await guarded.endpoints.create(owner, { url: 'https://hooks.example.com/x', events: ['*'] });
      answer = { address: '2002:7f00:1::', family: 6 };
      await writeEvents(owner, 1);
      await deliverDue(guarded.delivery);
      const [attempt] = await attemptsOf(endpoint.id);
      expect(attempt).toMatchObject({
        status_code: null,
        error:
          'target refused: hooks.example.com resolves to 2002:7f00:1:: (IPv4 127.0.0.1) is a private, loopback or link-local address',
      });
    } finally {
      guarded.close();
    }
  });
});

describe('two workers', () => {
  // On MySQL as two processes would (two pools); SQLite serves one process, so there two pumps share its connection.
  it('never send one delivery twice at the same time: each of 200 events reaches the receiver once', async () => {
    const owner = newOwner();
    await webhooks.endpoints.create(owner, { url: `${receiver.url}/pair`, events: ['*'] });
    const events = await writeEvents(owner, 200);
    receiver.answer.delayMs = 5;
    const second = createWebhookServices(
      testDialect === 'mysql' ? db.openAnother().knex : db.knex,
      settings(),
      clock,
      logger,
    );
    let stop = false;
    const errors: unknown[] = [];
    const pump = (services: WebhookServices) =>
      pumpDeliveries(services.delivery, {
        concurrency: 20,
        dispatchBatch: 50,
        idleMs: 20,
        shouldStop: () => stop,
        onError: (e) => errors.push(e),
      });
    const workers = [pump(webhooks), pump(second)];
    const ids = () => receiver.requests.filter((r) => r.path === '/pair').map((r) => String(r.headers['webhook-id']));
    const deadline = Date.now() + 30_000;
    while (ids().length < events.length && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    stop = true;
    await Promise.all(workers);
    second.close();
    expect(errors).toEqual([]);
    expect(ids().sort()).toEqual(events.map((e) => e.id).sort());
    const attempts = await db.knex('webhook_delivery_attempts').whereIn(
      'event_id',
      events.map((e) => e.id),
    );
    expect(attempts).toHaveLength(200);
  });
});

describe('the Agenda job', () => {
  it('delivers outbox events from a started worker, and stops cleanly', async () => {
    const owner = newOwner();
    await webhooks.endpoints.create(owner, { url: `${receiver.url}/agenda`, events: ['*'] });
    const liveClock = createWebhookServices(db.knex, settings({ lanes: 2 }), { now: () => new Date() }, logger);
    const agenda = createScheduler({ db, workerName: 'webhook-test', pollIntervalMs: 100, lockLifetimeMs: 5000 });
    await agenda.start();
    const job = await defineWebhookDeliveryJob(agenda, {
      delivery: liveClock.delivery,
      config: liveClock.config,
      logger,
    });
    try {
      const events = await writeEvents(owner, 20);
      const deadline = Date.now() + 20_000;
      const got = () =>
        receiver.requests.filter((r) => r.path === '/agenda').map((r) => String(r.headers['webhook-id']));
      while (got().length < events.length && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(got().sort()).toEqual(events.map((e) => e.id).sort());
      expect(await db.knex('agenda_jobs').where({ name: 'webhooks.deliver' }).count({ n: '*' })).toEqual([{ n: 2 }]);
    } finally {
      await job.stop();
      await agenda.stop();
      liveClock.close();
    }
  });
});
