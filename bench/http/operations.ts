import type { AppDependencies } from '../../src/hosts/app-dependencies';
import type { HostName } from '../../src/hosts/host-names';
import { bootstrapTariffData } from '../../src/hosts/tariff-services';

/** A named operation the HTTP bench can load: where it lives, what to send, and any set-up it needs. */
export interface BenchOperation {
  host: HostName;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** Prepares data (keys, reference data) in the bench database and returns extra request headers. */
  prepare?: (deps: AppDependencies) => Promise<Record<string, string>>;
}

/** A Tariff Pro key (unlimited), as a paying integration would call with. */
async function proKey(deps: AppDependencies): Promise<Record<string, string>> {
  const { account, key } = await deps.access.accounts.signUp(`bench-${Date.now()}@example.com`);
  await deps.access.accounts.changePlan(account.email, 'tariff_pro', 'bench', null);
  return { 'X-API-Key': key.secret };
}

/** A test-mode key whose account tracks a sandbox container, refreshed once so the read has a full timeline. */
async function trackedContainerKey(deps: AppDependencies): Promise<Record<string, string>> {
  const { account } = await deps.access.accounts.signUp(`bench-${Date.now()}@example.com`);
  const { secret } = await deps.access.accounts.createKey(account.id, 'test', 'bench');
  await deps.tracking.subscriptions.create({ accountId: account.id, livemode: false, referenceType: 'container', reference: 'MSKU1234565', plan: 'free', ownShipment: false });
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
    // Steers from China on a fixed date: a specific base rate and two Section 301 measures.
    body: { hts_code: '0102.29.40.24', country_code: 'CN', entry_date: '2026-10-09', declared_value: 10000, quantity: { value: 1000, unit: 'kg' } },
    prepare: async (deps) => {
      await bootstrapTariffData(deps.tariff, deps.config, deps.clock, deps.logger);
      return proKey(deps);
    },
  },
  // A container read: subscription, snapshot, timeline and ports from the database (no provider call).
  container: { host: 'main', method: 'GET', path: '/api/tracking/containers/MSKU1234565', prepare: trackedContainerKey },
};
