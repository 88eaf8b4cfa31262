import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { TrackingConfig } from '../config/tracking-config';
import { CreditLedgerRepository } from '../db/repositories/credit-ledger.repository';
import { PortRepository } from '../db/repositories/port.repository';
import { ProviderHealthRepository } from '../db/repositories/provider-health.repository';
import { TrackingSubscriptionRepository } from '../db/repositories/tracking-subscription.repository';
import { trackingUnitOfWork } from '../db/repositories/tracking-unit-of-work';
import { VesselPositionRepository } from '../db/repositories/vessel-position.repository';
import { hasPortSources, importPorts } from '../reference/ports/import-ports';
import { Clock, type ImportProgress, systemClock } from '../domain/shared';
import {
  defaultEtaOptions,
  sandboxPorts,
  SeaRouter,
  TrackingCreditService,
  trackingProviders,
  TrackingRefreshService,
  TrackingSubscriptionService,
  withFallbackPorts,
} from '../domain/tracking';

export type TrackingServices = ReturnType<typeof createTrackingServices>;

/**
 * Builds the tracking services on one database: the subscription and credit use cases (for the
 * HTTP handlers) and the refresh (for the job). One router per process: the network is built once.
 */
export function createTrackingServices(knex: Knex, config: TrackingConfig, systemTime: Clock = systemClock) {
  // The tracking domain reads time as epoch milliseconds.
  const clock = () => systemTime.now().getTime();
  const router = new SeaRouter();
  const subscriptions = new TrackingSubscriptionRepository(knex);
  const positions = new VesselPositionRepository(knex);
  const portTable = new PortRepository(knex);
  const ports = withFallbackPorts(portTable, sandboxPorts);
  const providers = trackingProviders({
    dcsa: config.dcsa,
    aishub: config.ais.aishub,
    storedPositions: positions,
    router,
    clock,
  });
  const refresh = new TrackingRefreshService({
    store: subscriptions,
    health: new ProviderHealthRepository(knex),
    positions,
    ports,
    providers,
    router,
    clock,
    config: {
      intervalMs: config.refresh.intervalMs,
      batchSize: config.refresh.batchSize,
      parallelism: config.refresh.parallelism,
      etaChangeThresholdMs: config.refresh.etaChangeThresholdMs,
      staleAfterMs: config.refresh.staleAfterMs,
      backoff: config.refresh.backoff,
      eta: { ...defaultEtaOptions, avoidPassages: config.refresh.avoidPassages },
    },
  });
  const subscriptionService = new TrackingSubscriptionService({
    unitOfWork: trackingUnitOfWork(knex),
    reader: subscriptions,
    ports,
    clock,
    staleAfterMs: config.refresh.staleAfterMs,
  });
  const credits = new TrackingCreditService({ ledger: new CreditLedgerRepository(knex), clock });
  return { config, refresh, subscriptions: subscriptionService, credits, positions, portTable, providers, router };
}

/**
 * Fills the port table from the data directory on a first start (names and coordinates for
 * timelines, coordinates for predicted ETAs). Until then, and without a data directory, the
 * sandbox's built-in ports answer; nothing waits for this.
 */
export async function bootstrapPorts(
  services: TrackingServices,
  dataDir: string | null,
  clock: Clock,
  logger: Logger,
  progress?: ImportProgress,
): Promise<void> {
  if ((await services.portTable.count()) > 0) return;
  if (dataDir === null || !hasPortSources(dataDir)) {
    logger.warn(
      'no ports stored and no port list in the data directory; port names and predicted ETAs cover the sandbox ports only',
    );
    return;
  }
  const started = performance.now();
  const imported = await importPorts(dataDir, services.portTable, clock.now().getTime());
  progress?.({
    dataset: 'ports',
    done: 1,
    total: 1,
    item: 'port list',
    rows: imported.ports,
    elapsedMs: performance.now() - started,
  });
  logger.info({ ports: imported.ports, withCoordinates: imported.withCoordinates }, 'ports imported');
}
