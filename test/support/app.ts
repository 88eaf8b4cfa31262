import fs from 'node:fs';
import type { Express } from 'express';
import pino from 'pino';
import { Config, Env, loadConfig } from '../../src/config/config';
import type { Clock } from '../../src/domain/shared/clock';
import { LoadPlanPool } from '../../src/domain/loadplan';
import { BulkFileReader } from '../../src/domain/tariff';
import { PdfRenderer } from '../../src/domain/pdfs';
import { createAccessServices } from '../../src/hosts/access-services';
import { createHostApp } from '../../src/hosts/app-factory';
import type { AppDependencies } from '../../src/hosts/app-dependencies';
import { HostName, hostNames } from '../../src/http/host-names';
import { bootstrapParcelData, createParcelServices } from '../../src/hosts/parcel-services';
import { databaseReachable, migrationsApplied, Readiness, storageWritable } from '../../src/http/readiness';
import { StorageHealth } from '../../src/db/storage-health';
import { bootstrapTariffData, createTariffServices, htsRefreshDeps } from '../../src/hosts/tariff-services';
import { backfillHtsReleases } from '../../src/domain/hts/hts-refresh.service';
import { htsDataFolder } from './hts-fixtures';
import { agendaJobQueue } from '../../src/jobs/job-queue';
import { createScheduler } from '../../src/jobs/scheduler';
import { createTrackingServices } from '../../src/hosts/tracking-services';
import { loadTrackingConfig } from '../../src/config/tracking-config';
import { createTestDatabase, DatabaseTemplate, TestDatabase } from './database';
import { importProgressReporter } from '../../src/observability/import-progress-log';
import { ServiceMetrics } from '../../src/observability/metrics';
import { repoDataDir } from './reference-data';
import { loadWebhookConfig, WebhookConfig } from '../../src/config/webhook-config';
import { createWebhookServices } from '../../src/hosts/webhook-services';
import { BillingConfig, loadBillingConfig } from '../../src/config/billing-config';
import { createBillingServices } from '../../src/hosts/billing-services';
import { createRequestLogServices } from '../../src/hosts/request-log-services';
import { withStatusLog } from './status-log';
import { loadParcelCarrierConfig } from '../../src/config/parcel-carrier-config';

/** A clock tests can set and move. */
export class TestClock implements Clock {
  constructor(private current: Date = new Date()) {}
  now(): Date {
    return new Date(this.current);
  }
  set(at: Date | string): void {
    this.current = new Date(at);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export interface TestApp {
  hosts: Record<HostName, Express>;
  deps: AppDependencies;
  db: TestDatabase;
  clock: TestClock;
  close(): Promise<void>;
}

export interface TestAppOptions {
  migrate?: boolean;
  config?: Partial<Config>;
  db?: TestDatabase;
  /**
   * Import these real HTS files (names in `data/hts`) and the duty rules as a start does, from a
   * data folder made for this app (the newest first, then the others inline for history).
   */
  withTariffData?: string[];
  /** Import the parcel reference files of this data directory (the start-up bootstrap, on it). */
  withParcelData?: string;
  /** Environment of the parcel services (live carrier credentials and base URLs); none by default. */
  parcelEnv?: Env;
  /**
   * Import the reference data into this app's own database, as a first start does (a test of the
   * import itself). Otherwise the app gets a copy of a database the run imported it into once.
   */
  freshImport?: boolean;
  /** Stripe settings (billing is off without them, whatever the environment says). */
  billing?: BillingConfig;
  /** Webhook settings over those of the environment. */
  webhooks?: Partial<WebhookConfig>;
  /** Where the hosts log (the access log included); a silent logger at LOG_LEVEL otherwise. */
  logger?: pino.Logger;
}

/**
 * A migrated database with the app's reference data imported as a first start imports it (the named
 * HTS files and the duty rules, the parcel files): made once per run, since an import takes seconds
 * to tens of seconds, and copied for each test file. The copy's app then starts as a restart does,
 * finding the data imported.
 */
function referenceDataTemplate(options: TestAppOptions): DatabaseTemplate | undefined {
  const { withTariffData: htsFiles, withParcelData: parcelDir } = options;
  if (options.freshImport || (!htsFiles && !parcelDir)) return undefined;
  return {
    key: `reference data: hts ${htsFiles?.join(' ') ?? '-'}; parcel ${parcelDir ?? '-'}`,
    async fill(db) {
      const logger = pino({ level: 'silent' });
      const clock = new TestClock();
      const config: Config = { ...loadConfig(process.env), databaseUrl: db.url, dataDir: null };
      if (htsFiles) {
        const dataDir = htsDataFolder(htsFiles);
        try {
          const tariff = createTariffServices(db, { ...config, dataDir });
          const htsDeps = htsRefreshDeps(tariff, clock);
          await bootstrapTariffData(tariff, { ...config, dataDir }, clock, logger, () => backfillHtsReleases(htsDeps));
          await tariff.lines.warm();
        } finally {
          fs.rmSync(dataDir, { recursive: true, force: true });
        }
      }
      if (parcelDir)
        await bootstrapParcelData(
          createParcelServices(db, loadParcelCarrierConfig({})),
          db,
          {
            ...config,
            dataDir: parcelDir,
          },
          logger,
        );
    },
  };
}

/**
 * The real hosts over a fresh database, with their statuses logged and responses validated (unless
 * VALIDATE_RESPONSES=false, to run a test file as production runs: see test/support/env.ts).
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const db =
    options.db ??
    (await createTestDatabase({
      migrate: options.migrate,
      template: referenceDataTemplate(options),
    }));
  const tariffDataDir = options.withTariffData ? htsDataFolder(options.withTariffData) : null;
  // The repository's data/, whatever DATA_DIR says (a test's data never depends on the machine); a test
  // that imports tariff data gets a folder holding only the HTS files it names.
  const config: Config = {
    ...loadConfig(process.env),
    databaseUrl: db.url,
    dataDir: repoDataDir,
    ...options.config,
    ...(tariffDataDir ? { dataDir: tariffDataDir } : {}),
  };
  const clock = new TestClock();
  const readiness = new Readiness()
    .add(databaseReachable(db))
    .add(migrationsApplied(db))
    .add(storageWritable(new StorageHealth(db)));
  const logger = options.logger ?? pino({ level: config.logLevel });
  // Enqueues only (nothing is started here): a test that wants the jobs run starts a worker on the same database.
  const jobs = agendaJobQueue(() =>
    createScheduler({ db, workerName: 'test-app', pollIntervalMs: 100, lockLifetimeMs: 1000 }),
  );
  const access = createAccessServices(db, clock);
  const tracking = createTrackingServices(db.knex, loadTrackingConfig(process.env), clock);
  const metrics = new ServiceMetrics();
  const deps: AppDependencies = {
    config,
    db,
    logger,
    clock,
    readiness,
    access,
    tariff: createTariffServices(db, config),
    loadPlanner: new LoadPlanPool(config.loadPlanner),
    bulkFiles: new BulkFileReader(config.bulkFileReader),
    pdfs: new PdfRenderer(config.pdf),
    parcel: createParcelServices(db, loadParcelCarrierConfig(options.parcelEnv ?? {})),
    tracking,
    webhooks: createWebhookServices(db.knex, { ...loadWebhookConfig(process.env), ...options.webhooks }, clock, logger),
    billing: createBillingServices(
      db.knex,
      options.billing ?? loadBillingConfig({}),
      clock,
      access.accounts,
      tracking.credits,
    ),
    jobs,
    metrics,
    requestLog: createRequestLogServices(db.knex, config.requestLog, clock, metrics, logger, access.accounts),
  };
  const progress = importProgressReporter(logger, deps.metrics);
  if (tariffDataDir) {
    const htsDeps = htsRefreshDeps(deps.tariff, clock);
    await bootstrapTariffData(deps.tariff, config, clock, logger, () => backfillHtsReleases(htsDeps), progress);
  }
  if (options.withParcelData)
    await bootstrapParcelData(deps.parcel, db, { ...config, dataDir: options.withParcelData }, logger, progress);
  const hosts = Object.fromEntries(
    hostNames.map((host) => [host, withStatusLog(host, createHostApp(host, deps))]),
  ) as Record<HostName, Express>;
  return {
    hosts,
    deps,
    db,
    clock,
    close: async () => {
      await deps.requestLog.recorder.stop();
      await deps.loadPlanner.close();
      await deps.bulkFiles.close();
      await deps.pdfs.close();
      await deps.tariff.searchPool.close();
      deps.webhooks.close();
      await db.destroy();
      if (tariffDataDir) fs.rmSync(tariffDataDir, { recursive: true, force: true });
    },
  };
}
