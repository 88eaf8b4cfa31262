import { compareRevisions, revisionTitle } from '../../reference/hts/hts-revision';
import { HtsImported, HtsImportDeps, importHtsFile } from './hts-import.service';
import { HtsReleaseSource, HtsSourceUnavailable } from './hts-ports';

export interface HtsRefreshDeps extends HtsImportDeps {
  source: HtsReleaseSource;
}

export interface HtsRefreshResult {
  /** Releases imported by this run, oldest first. */
  imported: HtsImported[];
  /**
   * Revisions whose file was corrupt or incomplete, with the reason. They are tried again at the
   * next scheduled run (not sooner), unless a later revision has been imported meanwhile.
   */
  rejected: Array<{ title: string; location: string; reason: string }>;
  /** Set when the source or a download failed: nothing more was imported, and the run should be retried. */
  retry: { reason: string } | null;
}

/**
 * Imports every revision the source offers above the newest one imported, oldest first, so each
 * gets its own change set (into an empty database, only the newest). The release in force only
 * changes when an import commits: a failed download stops the run and asks for a retry, a corrupt
 * file is rejected with its reason and the run moves on to later revisions.
 */
export async function refreshHtsReleases(deps: HtsRefreshDeps): Promise<HtsRefreshResult> {
  const result: HtsRefreshResult = { imported: [], rejected: [], retry: null };
  try {
    const available = (await deps.source.listReleases()).sort(compareRevisions);
    const newest = await deps.db.stores.releases.newest();
    const candidates = newest ? available.filter((release) => compareRevisions(release, newest) > 0) : available.slice(-1);
    for (const candidate of candidates) {
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
    }
  } catch (error) {
    if (!(error instanceof HtsSourceUnavailable)) throw error;
    result.retry = { reason: error.message };
  }
  return result;
}
