import { HtsImported, HtsImportDeps, importHtsFile } from './hts-import.service';
import { AvailableHtsRelease, HtsReleaseSource, HtsSourceUnavailable } from './hts-ports';
import { compareRevisions, type HtsRelease, revisionTitle } from './model';
import type { ImportProgress } from '../shared';

export interface HtsRefreshDeps extends HtsImportDeps {
  source: HtsReleaseSource;
  /** Told after each file of a run (imported, present or rejected). */
  progress?: ImportProgress;
  /** When aborted (the process is stopping), the run ends after the file in hand and asks for a retry. */
  signal?: AbortSignal;
}

export interface HtsRefreshResult {
  /** Releases imported by this run, in import order (a refresh oldest first, a backfill newest first). */
  imported: HtsImported[];
  /**
   * Revisions whose file was corrupt or incomplete, with the reason. They are tried again at the
   * next scheduled run (not sooner), unless a later revision has been imported meanwhile.
   */
  rejected: Array<{ title: string; location: string; reason: string }>;
  /** Set when the source or a download failed: nothing more was imported, and the run should be retried. */
  retry: { reason: string } | null;
}

/** Picks, from what the source offers (oldest first), the revisions to import, in import order, given those already imported. */
type Choice = (available: AvailableHtsRelease[], imported: HtsRelease[]) => AvailableHtsRelease[];

/** Fetches and imports the chosen revisions in order, stopping (for a retry) at the first failed download. */
async function importFromSource(deps: HtsRefreshDeps, choose: Choice): Promise<HtsRefreshResult> {
  const result: HtsRefreshResult = { imported: [], rejected: [], retry: null };
  try {
    const available = (await deps.source.listReleases()).sort(compareRevisions);
    const candidates = choose(available, await deps.db.stores.releases.listByEffectiveDate());
    for (const [index, candidate] of candidates.entries()) {
      if (deps.signal?.aborted) {
        result.retry = { reason: `stopped after ${index} of ${candidates.length} files` };
        break;
      }
      const started = performance.now();
      const bytes = await deps.source.fetchRelease(candidate);
      const outcome = await importHtsFile(deps, {
        bytes,
        revision: candidate,
        format: candidate.format,
        source: candidate.location,
        effectiveDate: candidate.effectiveDate,
        effectiveDateSource: candidate.effectiveDate ? 'source' : undefined,
      });
      if (outcome.outcome === 'imported') result.imported.push(outcome);
      else if (outcome.outcome === 'rejected') {
        result.rejected.push({ title: revisionTitle(candidate), location: candidate.location, reason: outcome.reason });
      }
      deps.progress?.({
        dataset: 'hts',
        done: index + 1,
        total: candidates.length,
        item: revisionTitle(candidate),
        outcome: outcome.outcome,
        rows: outcome.outcome === 'imported' ? outcome.release.rowCount : 0,
        elapsedMs: performance.now() - started,
      });
    }
  } catch (error) {
    if (!(error instanceof HtsSourceUnavailable)) throw error;
    result.retry = { reason: error.message };
  }
  return result;
}

/**
 * The daily refresh. Imports every revision the source offers above the newest one imported,
 * oldest first, so each gets its own change set (into an empty database, only the newest). The
 * release in force only changes when an import commits: a failed download stops the run and asks
 * for a retry, a corrupt file is rejected with its reason and the run moves on to later revisions.
 */
export function refreshHtsReleases(deps: HtsRefreshDeps): Promise<HtsRefreshResult> {
  return importFromSource(deps, (available, imported) => {
    if (imported.length === 0) return available.slice(-1);
    const newest = imported.reduce((a, b) => (compareRevisions(a, b) >= 0 ? a : b));
    return available.filter((release) => compareRevisions(release, newest) > 0);
  });
}

/**
 * Imports every revision the source offers that is not imported yet, newest first (the recent past
 * is asked about most), so that history reaches back as far as the files do; change sets are
 * recorded between neighbours (see importHtsFile). Meant for a local data directory: against USITC
 * it would download every release.
 */
export function backfillHtsReleases(deps: HtsRefreshDeps): Promise<HtsRefreshResult> {
  return importFromSource(deps, (available, imported) =>
    available.filter((release) => !imported.some((done) => compareRevisions(done, release) === 0)).reverse(),
  );
}
