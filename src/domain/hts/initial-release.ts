import type { HtsRelease } from './model';
import { HtsRefreshDeps, refreshHtsReleases } from './hts-refresh.service';

export type InitialReleaseResult =
  | { outcome: 'present' }
  | { outcome: 'imported'; release: HtsRelease }
  /** Nothing to import: no file in the source, the source unreadable, or the newest file rejected. */
  | { outcome: 'unavailable'; reason: string };

/**
 * First start: when the database holds no HTS release, imports the newest one the source offers
 * (the data directory's `hts/` folder, or USITC). Tariff routes should not
 * be served, and readyz should say not ready, until this returns 'present' or 'imported'.
 */
export async function ensureInitialRelease(deps: HtsRefreshDeps): Promise<InitialReleaseResult> {
  if ((await deps.db.stores.releases.count()) > 0) return { outcome: 'present' };
  const result = await refreshHtsReleases(deps);
  if (result.imported.length > 0) return { outcome: 'imported', release: result.imported[0].release };
  // Another process may have imported it meanwhile.
  if ((await deps.db.stores.releases.count()) > 0) return { outcome: 'present' };
  const reason =
    result.retry?.reason ?? result.rejected[0]?.reason ?? `${deps.source.description} has no HTS release file`;
  return { outcome: 'unavailable', reason };
}
