import http from 'node:http';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import type { Logger } from 'pino';
import type { Agenda } from 'agenda';
import { Config } from './config/config';
import { Database, openDatabase } from './db/knex';
import { migrateToLatest } from './db/migrate';
import { LoadPlanPool } from './domain/loadplan';
import { BulkFileReader } from './domain/tariff';
import { PdfRenderer } from './domain/pdfs';
import { createAccessServices } from './hosts/access-services';
import { createHostApps } from './hosts/app-factory';
import { bootstrapParcelData, createParcelServices, parcelDataLoaded } from './hosts/parcel-services';
import { bootstrapTariffData, createTariffServices, htsRefreshDeps, tariffDataLoaded } from './hosts/tariff-services';
import { defineHtsRefreshJob } from './jobs/hts-refresh.job';
import { defineHtsBackfillJob, htsBackfillJobName } from './jobs/hts-backfill.job';
import { loadTrackingConfig } from './config/tracking-config';
import { bootstrapPorts, createTrackingServices } from './hosts/tracking-services';
import { startAisFeed } from './jobs/ais-feed';
import { defineTrackingRefreshJob } from './jobs/tracking-refresh.job';
import type { AppDependencies } from './hosts/app-dependencies';
import { HostName, hostNames } from './http/host-names';
import { createHostServer } from './http/host-server';
import { databaseReachable, migrationsApplied, Readiness, storageWritable } from './http/readiness';
import { StorageHealth } from './db/storage-health';
import { createScheduler } from './jobs/scheduler';
import { agendaJobQueue } from './jobs/job-queue';
import { ServiceMetrics } from './observability/metrics';
import { importProgressReporter } from './observability/import-progress-log';
import { loadWebhookConfig } from './config/webhook-config';
import { createWebhookServices } from './hosts/webhook-services';
import { createEdiAutoSend } from './hosts/edi-auto-send-services';
import { loadBillingConfig } from './config/billing-config';
import { createBillingServices } from './hosts/billing-services';
import { createRequestLogServices } from './hosts/request-log-services';
import { releaseImpactNotifier } from './hosts/product-services';
import { defineWebhookDeliveryJob } from './jobs/webhook-delivery.job';
import { defineBillingGraceJob } from './jobs/billing-grace.job';
import { defineBulkJob } from './jobs/bulk-job.job';
import { defineRetentionJob } from './jobs/retention.job';
import { defineEdiAckOverdueJob } from './jobs/edi-ack-overdue.job';
import { defineEdiAutoSendJob } from './jobs/edi-auto-send.job';
import { RetentionRepository } from './db/repositories/retention.repository';
import { EdiInterchangeRepository } from './db/repositories/edi-interchange.repository';
import { loadEdiConfig } from './config/edi-config';
import { EdiAcknowledgementWatch } from './domain/edi';
import { toApiEdiInterchange } from './handlers/outputs/edi.output';
import { bulkJobEngine, createBulkJobService } from './hosts/bulk-job-services';
import { shutdownWaitMs } from './http/request-budget';
import { systemClock } from './domain/shared';

export interface RunningService {
  /** Bound ports by host (all equal in single-port mode). */
  ports: Record<HostName, number>;
  stop(): Promise<void>;
}

/** This process's Agenda: it enqueues jobs (the admin route) and, when the worker runs here, processes them. */
export function createProcessScheduler(db: Database, config: Config): Agenda {
  return createScheduler({
    db,
    workerName: `${os.hostname()}:${process.pid}`,
    pollIntervalMs: config.jobPollIntervalMs,
    lockLifetimeMs: config.jobLockLifetimeMs,
  });
}

/**
 * The composition root: opens the database, migrates, and builds the dependencies of every host,
 * with the process's scheduler (started by startWorker when this process runs the worker).
 */
export async function prepare(config: Config, logger: Logger): Promise<AppDependencies & { scheduler: Agenda }> {
  const db = openDatabase(config.databaseUrl, logger);
  const applied = await migrateToLatest(db);
  if (applied.length > 0) logger.info({ migrations: applied }, 'database migrated');
  const tariff = createTariffServices(db, config);
  const parcel = createParcelServices(db);
  const tracking = createTrackingServices(db.knex, loadTrackingConfig(), systemClock);
  const readiness = new Readiness()
    .add(databaseReachable(db))
    .add(migrationsApplied(db))
    .add(storageWritable(new StorageHealth(db)))
    .add(tariffDataLoaded(tariff))
    .add(parcelDataLoaded(parcel));
  const scheduler = createProcessScheduler(db, config);
  const jobs = agendaJobQueue(() => scheduler);
  const webhooks = createWebhookServices(db.knex, loadWebhookConfig(), systemClock, logger);
  const metrics = new ServiceMetrics({ process: true });
  const access = createAccessServices(db, systemClock);
  const billing = createBillingServices(db.knex, loadBillingConfig(), systemClock, access.accounts, tracking.credits);
  return {
    config,
    db,
    logger,
    clock: systemClock,
    readiness,
    access,
    tariff,
    parcel,
    tracking,
    webhooks,
    billing,
    loadPlanner: new LoadPlanPool(config.loadPlanner),
    bulkFiles: new BulkFileReader(config.bulkFileReader),
    pdfs: new PdfRenderer(config.pdf),
    jobs,
    scheduler,
    metrics,
    requestLog: createRequestLogServices(db.knex, config.requestLog, systemClock, metrics, logger, access.accounts),
  };
}

function listen(server: http.Server, port: number, address: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, address, () => resolve((server.address() as AddressInfo).port));
  });
}

/** For one listener serving all hosts: the app the Host header names (unknown names go to main). */
function appByHostHeader(apps: Record<HostName, Express>, config: Config): (req: http.IncomingMessage) => Express {
  const byName = new Map<string, Express>(hostNames.map((host) => [config.hostNames[host].toLowerCase(), apps[host]]));
  return (req) => byName.get((req.headers.host ?? '').replace(/:\d+$/, '').toLowerCase()) ?? apps.main;
}

async function closeServer(server: http.Server, timeoutMs: number): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const timer = setTimeout(() => server.closeAllConnections(), timeoutMs);
  await closed;
  clearTimeout(timer);
}

export interface Worker {
  stop(): Promise<void>;
}

/**
 * Starts processing jobs on the scheduler: the daily HTS refresh, the backfill of older HTS releases,
 * the tracking refresh, webhook delivery, bulk calculation jobs, the daily pruning of expired records, the EDI
 * acknowledgement watch, and the AIS NMEA feed when one is configured (set
 * TRACKING_AIS_NMEA_TCP on one worker only).
 */
export async function startWorker(
  agenda: Agenda,
  deps: Pick<
    AppDependencies,
    | 'config'
    | 'db'
    | 'logger'
    | 'clock'
    | 'tariff'
    | 'tracking'
    | 'webhooks'
    | 'metrics'
    | 'jobs'
    | 'billing'
    | 'access'
  >,
): Promise<Worker> {
  const { logger, metrics } = deps;
  agenda.on('error', (error: Error) => logger.error({ err: error }, 'job scheduler error'));
  agenda.on('success', (job: { attrs: { name: string } }) => metrics.recordJobRun(job.attrs.name, 'success'));
  agenda.on('fail', (error: Error, job: { attrs: { name: string } }) => {
    metrics.recordJobRun(job.attrs.name, 'failure');
    logger.warn({ err: error, job: job.attrs.name }, 'job failed');
  });
  await agenda.start();
  const progress = importProgressReporter(logger, metrics);
  // Stopping ends an HTS import after the file in hand (a backfill of 40 releases takes minutes); the
  // next start queues the backfill again and it goes on where it stopped.
  const stopping = new AbortController();
  const htsJobDeps = {
    ...htsRefreshDeps(
      deps.tariff,
      deps.clock,
      progress,
      releaseImpactNotifier(deps.db.knex, deps.tariff, deps.clock, logger),
    ),
    signal: stopping.signal,
    logger,
    lockLifetimeMs: deps.config.jobLockLifetimeMs,
  };
  defineHtsBackfillJob(agenda, htsJobDeps);
  await defineHtsRefreshJob(agenda, htsJobDeps);
  const tracking = deps.tracking.config;
  await defineTrackingRefreshJob(agenda, {
    refresh: deps.tracking.refresh,
    every: tracking.refresh.jobEvery,
    maxRunMs: tracking.refresh.maxRunMs,
    positions: deps.tracking.positions,
    positionRetentionMs: tracking.ais.positionRetentionMs,
    onReport: (report) => logger.info({ report }, 'tracking refreshed'),
  });
  defineBulkJob(agenda, {
    bulkJobs: createBulkJobService(deps.db.knex, deps.clock, deps.jobs),
    engine: bulkJobEngine(deps.tariff),
    lockLifetimeMs: deps.config.jobLockLifetimeMs,
    concurrency: 2,
  });
  await defineRetentionJob(agenda, {
    store: new RetentionRepository(deps.db.knex),
    clock: deps.clock,
    onReport: (report) => logger.info({ report }, 'expired records pruned'),
  });
  await defineBillingGraceJob(agenda, {
    billing: deps.billing,
    onDowngrades: (count) => logger.info({ accounts: count }, 'unpaid Tariff Pro ended after its grace period'),
  });
  await defineEdiAckOverdueJob(agenda, {
    watch: new EdiAcknowledgementWatch({
      interchanges: new EdiInterchangeRepository(deps.db.knex),
      clock: () => deps.clock.now().getTime(),
      present: toApiEdiInterchange,
      overdueAfterMs: loadEdiConfig().ackOverdueMs,
    }),
    onOverdue: (count) => logger.info({ interchanges: count }, 'EDI interchanges past their acknowledgement time'),
  });
  await defineEdiAutoSendJob(agenda, {
    autoSend: createEdiAutoSend(
      deps.db.knex,
      deps.access.entitlements,
      () => deps.clock.now().getTime(),
      (event, partner, error) =>
        logger.warn(
          { event: event.id, partner: partner.id, reason: error.message },
          'EDI document not sent on its event',
        ),
    ),
    onReport: (report) =>
      logger.info({ events: report.events, sent: report.sent.length }, 'EDI documents sent on events'),
  });
  const webhookDelivery = await defineWebhookDeliveryJob(agenda, {
    delivery: deps.webhooks.delivery,
    config: deps.webhooks.config,
    logger,
  });
  const aisFeed = startAisFeed(tracking, deps.tracking.positions, (error) =>
    logger.warn({ err: error }, 'AIS feed error'),
  );
  logger.info(
    {
      aisFeed: aisFeed !== null,
      trackingEvery: tracking.refresh.jobEvery,
      dcsaCarriers: tracking.dcsa.map((c) => c.scac),
    },
    'worker started',
  );
  return {
    async stop() {
      stopping.abort();
      await aisFeed?.stop();
      await webhookDelivery.stop();
      await agenda.stop();
    },
  };
}

/** Serves the three hosts (and the worker when configured) until stop() drains and closes them. */
export async function startService(config: Config, logger: Logger): Promise<RunningService> {
  const shutdownMs = shutdownWaitMs(config.shutdownTimeoutMs);
  const deps = await prepare(config, logger);
  const apps = createHostApps(deps);
  const servers: http.Server[] = [];
  const ports = {} as Record<HostName, number>;
  if (config.singlePort !== null) {
    const server = createHostServer(Object.values(apps), appByHostHeader(apps, config));
    servers.push(server);
    const port = await listen(server, config.singlePort, config.bindAddress);
    for (const host of hostNames) ports[host] = port;
  } else {
    for (const host of hostNames) {
      const server = createHostServer([apps[host]], () => apps[host]);
      servers.push(server);
      ports[host] = await listen(server, config.ports[host], config.bindAddress);
    }
  }
  // Reference data imports in the background: /readyz says not ready, and the tariff and parcel routes answer 503, until done.
  const progress = importProgressReporter(logger, deps.metrics);
  const bootstrap = Promise.all([
    bootstrapTariffData(
      deps.tariff,
      config,
      deps.clock,
      logger,
      () => deps.jobs.runNow(htsBackfillJobName),
      progress,
    ).catch((error: unknown) => logger.error({ err: error }, 'tariff data bootstrap failed')),
    bootstrapParcelData(deps.parcel, deps.db, config, logger, progress).catch((error: unknown) =>
      logger.error({ err: error }, 'parcel data bootstrap failed'),
    ),
    bootstrapPorts(deps.tracking, config.dataDir, deps.clock, logger, progress).catch((error: unknown) =>
      logger.error({ err: error }, 'port import failed'),
    ),
  ]);
  const worker = config.runWorker ? await startWorker(deps.scheduler, deps) : null;
  logger.info({ ports, worker: worker !== null, database: deps.db.dialect }, 'tradelane serving');

  return {
    ports,
    async stop() {
      // Stop accepting, let in-flight requests finish, then stop jobs and planner threads, then close the pool.
      await Promise.all(servers.map((server) => closeServer(server, shutdownMs)));
      // The request log's last records, once no request can add one.
      await deps.requestLog.recorder.stop();
      await bootstrap;
      if (worker) await worker.stop();
      await deps.loadPlanner.close();
      await deps.bulkFiles.close();
      await deps.pdfs.close();
      await deps.tariff.searchPool.close();
      deps.webhooks.close();
      await deps.db.knex.destroy();
    },
  };
}
