import { loadTrackingConfig } from '../../src/config/tracking-config';
import { OutboxEventRepository } from '../../src/db/repositories/outbox-event.repository';
import { defineTrackingRefreshJob, trackingRefreshJobName } from '../../src/jobs/tracking-refresh.job';
import { createTrackingServices } from '../../src/hosts/tracking-services';
import { createTestDatabase, TestDatabase, testDialect } from '../support/database';
import { recordingAgenda } from '../support/recording-agenda';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.destroy();
});

describe(`the tracking refresh job on ${testDialect}`, () => {
  test('is defined on Agenda, scheduled, and each run refreshes test-mode subscriptions from the sandbox', async () => {
    let now = Date.parse('2026-11-22T10:00:00Z');
    const clock = { now: () => new Date(now) };
    const config = loadTrackingConfig({ TRACKING_REFRESH_JOB_EVERY: '10 minutes', TRACKING_REFRESH_BATCH_SIZE: '2' });
    const services = createTrackingServices(db.knex, config, clock);
    const created = [];
    // Test mode's sample containers (free on a test key); any other number would need a credit.
    for (const reference of ['MSKU0001018', 'MSKU0001023', 'MSKU0001039', 'MSKU0001044', 'MSKU0001050']) {
      created.push(
        await services.subscriptions.create({
          accountId: 'acct_demo',
          livemode: false,
          referenceType: 'container',
          reference,
          plan: 'free',
        }),
      );
    }
    const { agenda, defined, scheduled } = recordingAgenda();
    const reports: unknown[] = [];
    await defineTrackingRefreshJob(agenda, {
      refresh: services.refresh,
      every: config.refresh.jobEvery,
      maxRunMs: config.refresh.maxRunMs,
      positions: services.positions,
      positionRetentionMs: config.ais.positionRetentionMs,
      clock,
      onReport: (r) => reports.push(r),
    });
    expect(scheduled).toEqual([{ interval: '10 minutes', name: trackingRefreshJobName }]);
    expect(defined.get(trackingRefreshJobName)?.options).toMatchObject({ concurrency: 1 });

    await defined.get(trackingRefreshJobName)!.processor();
    expect(reports).toEqual([{ batches: 3, refreshed: 5, stale: 0, completed: 0, outboxEvents: expect.any(Number) }]);
    const got = await services.subscriptions.get('acct_demo', false, created[0].id);
    const container = await services.subscriptions.getContainer('acct_demo', false, got.containers[0].id);
    expect(container).toMatchObject({
      object: 'container',
      livemode: false,
      container_number: 'MSKU0001018',
      stale: false,
    });
    expect(container.events.length).toBeGreaterThan(5);
    expect(container.origin?.name).toEqual(expect.any(String));
    expect(container.destination?.lat).toEqual(expect.any(Number));
    const outbox = await new OutboxEventRepository(db.knex).listUndelivered(100);
    expect(outbox.filter((e) => e.type === 'container.updated')).toHaveLength(5);
    expect(outbox.every((e) => e.livemode === false && e.accountId === 'acct_demo')).toBe(true);

    // A month later every container has moved on; the clock alone drives the sandbox.
    now += 30 * 86_400_000;
    await defined.get(trackingRefreshJobName)!.processor();
    const later = await services.subscriptions.getContainer('acct_demo', false, 'MSKU0001018');
    expect(later.status).not.toBe(container.status);
  });
});
