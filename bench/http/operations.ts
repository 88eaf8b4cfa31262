import type { AppDependencies } from '../../src/hosts/app-dependencies';
import type { HostName } from '../../src/http/host-names';
import { loadConfig } from '../../src/config/config';
import { calculationMix } from '../tariff-requests';
import { built } from './built';

const { bootstrapParcelData } = built<typeof import('../../src/hosts/parcel-services')>('hosts/parcel-services');
const { bootstrapTariffData } = built<typeof import('../../src/hosts/tariff-services')>('hosts/tariff-services');

/** A named operation the HTTP bench can load: where it lives, what to send, and any set-up it needs. */
export interface BenchOperation {
  host: HostName;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** Different bodies to send instead of one (each request takes one at random), so no cache of answers can help. */
  mix?: () => unknown[];
  /** The targets, as ratios to the framework floor in the same run. */
  targets?: { cpu: number; throughput?: number };
  /** Prepares data (keys, reference data) in the bench database and returns extra request headers. */
  prepare?: (deps: AppDependencies) => Promise<Record<string, string>>;
}

/** A Tariff Pro key (unlimited), as a paying integration would call with. */
async function proKey(deps: AppDependencies): Promise<Record<string, string>> {
  const { account, key } = await deps.access.accounts.signUp(`bench-${Date.now()}@example.com`);
  await deps.access.accounts.changePlan(account.email, 'tariff_pro', 'bench', null);
  return { 'X-API-Key': key.secret };
}

/** A test-mode key whose account tracks a sample container (free, at sea), refreshed once so the read has a full timeline. */
async function trackedContainerKey(deps: AppDependencies): Promise<Record<string, string>> {
  const { account } = await deps.access.accounts.signUp(`bench-${Date.now()}@example.com`);
  const { secret } = await deps.access.accounts.createKey(
    { accountId: account.id, mode: 'live', expiring: false },
    'test',
    'bench',
  );
  await deps.tracking.subscriptions.create({
    accountId: account.id,
    livemode: false,
    referenceType: 'container',
    reference: 'MSKU0001039',
    plan: 'free',
  });
  await deps.tracking.refresh.refreshDue();
  return { 'X-API-Key': secret };
}

export const benchOperations: Record<string, BenchOperation> = {
  health: { host: 'main', method: 'GET', path: '/healthz' },
  readiness: { host: 'main', method: 'GET', path: '/readyz' },
  calculate: {
    host: 'tariff',
    method: 'POST',
    path: '/api/tariff/public/calculate',
    // 1,200 different lines, origins, entry dates and values (bench/tariff-requests.ts).
    mix: () => calculationMix(loadConfig().dataDir as string),
    targets: { cpu: 1.8, throughput: 0.55 },
    prepare: async (deps) => {
      // The release in force is enough for the benchmark: no backfill of older releases.
      await bootstrapTariffData(deps.tariff, deps.config, deps.clock, deps.logger, async () => undefined);
      return proKey(deps);
    },
  },
  'load-plan': {
    host: 'main',
    method: 'POST',
    path: '/api/load-plans',
    // A pallet-sized consignment for two stops in a 20GP with the fit analysis: the HTTP layer, the
    // hop to a worker thread and a 200 ms planning budget (as many plans at once as there are threads).
    body: {
      length_unit: 'cm',
      weight_unit: 'kg',
      items: [
        { id: 'carton', length: 60, width: 40, height: 40, weight: 12, quantity: 80, stop: 2 },
        {
          id: 'crate',
          length: 120,
          width: 80,
          height: 90,
          weight: 150,
          quantity: 4,
          orientation: 'this_side_up',
          fragile: true,
        },
      ],
      container: { kind: 'standard', type: '20GP' },
      options: { time_budget_ms: 200 },
    },
    prepare: proKey,
  },
  'parcel-quote': {
    host: 'main',
    method: 'POST',
    path: '/api/parcel/quotes',
    // Phoenix → Chicago, one box to a residence: every USPS, UPS and FedEx service from the cards
    // (live carriers only when their credentials are in the environment).
    body: {
      origin: { postal_code: '85004' },
      destination: { postal_code: '60606' },
      parcels: [{ length: 12, width: 10, height: 8, length_unit: 'in', weight: 5, weight_unit: 'lb' }],
      residential: true,
      ship_date: '2026-11-23',
    },
    targets: { cpu: 1.6 },
    prepare: async (deps) => {
      await bootstrapParcelData(deps.parcel, deps.db, deps.config, deps.logger);
      if (!deps.parcel.reference.isLoaded())
        throw new Error('no parcel rate cards: set DATA_DIR to a directory with parcel/');
      return proKey(deps);
    },
  },
  // A container read: subscription, snapshot, timeline and ports from the database (no provider call).
  container: {
    host: 'main',
    method: 'GET',
    path: '/api/tracking/containers/MSKU0001039',
    prepare: trackedContainerKey,
  },
};
