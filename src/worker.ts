import { loadConfig } from './config/config';
import { openDatabase } from './db/knex';
import { migrateToLatest } from './db/migrate';
import { createLogger } from './logger';
import { runUntilSignalled } from './process-lifecycle';
import { loadTrackingConfig } from './config/tracking-config';
import { createTariffServices } from './hosts/tariff-services';
import { createTrackingServices } from './hosts/tracking-services';
import { createProcessScheduler, startWorker } from './server';
import { agendaJobQueue } from './jobs/job-queue';
import { systemClock } from './domain/shared';
import { ServiceMetrics } from './observability/metrics';
import { loadWebhookConfig } from './config/webhook-config';
import { createWebhookServices } from './hosts/webhook-services';
import { loadBillingConfig } from './config/billing-config';
import { createAccessServices } from './hosts/access-services';
import { createBillingServices } from './hosts/billing-services';

/** `npm run worker`: a job worker alone, for scaling jobs apart from the API (MySQL only in practice). */
const config = loadConfig();
const logger = createLogger(config);
runUntilSignalled(logger, async () => {
  const db = openDatabase(config.databaseUrl, logger);
  await migrateToLatest(db);
  const webhooks = createWebhookServices(db.knex, loadWebhookConfig(), systemClock, logger);
  const scheduler = createProcessScheduler(db, config);
  const tracking = createTrackingServices(db.knex, loadTrackingConfig(), systemClock);
  const access = createAccessServices(db, systemClock);
  const worker = await startWorker(scheduler, {
    config,
    db,
    jobs: agendaJobQueue(() => scheduler),
    logger,
    clock: systemClock,
    tariff: createTariffServices(db, config),
    tracking,
    // A worker alone serves no HTTP: its job counts are not exported (GET /metrics is the API process's).
    metrics: new ServiceMetrics(),
    webhooks,
    access,
    billing: createBillingServices(db.knex, loadBillingConfig(), systemClock, access.accounts, tracking.credits),
  });
  return {
    async stop() {
      await worker.stop();
      webhooks.close();
      await db.knex.destroy();
    },
  };
});
