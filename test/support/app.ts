import type { Express } from 'express';
import pino from 'pino';
import { Config, loadConfig } from '../../src/config/config';
import type { Clock } from '../../src/domain/clock';
import { createAccessServices } from '../../src/hosts/access-services';
import { createHostApp } from '../../src/hosts/app-factory';
import type { AppDependencies } from '../../src/hosts/app-dependencies';
import { HostName, hostNames } from '../../src/hosts/host-names';
import { databaseReachable, migrationsApplied, Readiness } from '../../src/hosts/readiness';
import { bootstrapTariffData, createTariffServices } from '../../src/hosts/tariff-services';
import { createTrackingServices } from '../../src/hosts/tracking-services';
import { loadTrackingConfig } from '../../src/config/tracking-config';
import { createTestDatabase, TestDatabase } from './database';
import { withStatusLog } from './status-log';

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

/** The real hosts over a fresh database, with responses validated and their statuses logged. */
export async function createTestApp(options: { migrate?: boolean; config?: Partial<Config>; db?: TestDatabase; withTariffData?: boolean } = {}): Promise<TestApp> {
  const db = options.db ?? (await createTestDatabase({ migrate: options.migrate }));
  const config: Config = { ...loadConfig(process.env), databaseUrl: db.url, validateResponses: true, ...options.config };
  const clock = new TestClock();
  const readiness = new Readiness().add(databaseReachable(db)).add(migrationsApplied(db));
  const logger = pino({ level: config.logLevel });
  const deps: AppDependencies = { config, db, logger, clock, readiness, access: createAccessServices(db, clock), tariff: createTariffServices(db, config), tracking: createTrackingServices(db.knex, loadTrackingConfig(process.env), clock) };
  if (options.withTariffData) await bootstrapTariffData(deps.tariff, config, clock, logger);
  const hosts = Object.fromEntries(hostNames.map((host) => [host, withStatusLog(host, createHostApp(host, deps))])) as Record<HostName, Express>;
  return { hosts, deps, db, clock, close: () => db.destroy() };
}
