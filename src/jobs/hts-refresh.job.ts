import { Agenda, exponential } from 'agenda';
import { HtsRefreshDeps, HtsRefreshResult, refreshHtsReleases } from '../domain/hts';

export const htsRefreshJobName = 'hts-refresh';

/** The part of a pino logger the job uses. */
export interface JobLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/** What a run reports in the log: revisions and counts, not the changes themselves. */
export function refreshSummary(result: HtsRefreshResult): object {
  return {
    imported: result.imported.map(({ release, changeSet, eventsWritten }) => ({
      release: release.id,
      changes: changeSet?.counts ?? null,
      eventsWritten,
    })),
    rejected: result.rejected,
    retry: result.retry,
  };
}

/**
 * Registers the daily HTS refresh: look for newer revisions at the source, import them, record
 * change sets and alert events. A failed download throws, so Agenda retries with backoff (5 min,
 * 10, 20, 40, 80) while the release in force stays; the daily schedule goes on either way. A
 * corrupt file is logged with its reason and tried again at the next daily run, not sooner.
 * `agenda.now(htsRefreshJobName)` runs it on demand (the admin route). A run that holds its lock
 * longer than `lockLifetimeMs` (JOB_LOCK_LIFETIME_MS, 10 min by default, against an import of under
 * a minute) is taken for dead: it is cancelled, and another worker may take it over.
 */
export async function defineHtsRefreshJob(
  agenda: Agenda,
  deps: HtsRefreshDeps & { logger: JobLogger; lockLifetimeMs: number },
): Promise<void> {
  agenda.define(
    htsRefreshJobName,
    async () => {
      const result = await refreshHtsReleases(deps);
      if (result.retry) throw new Error(`HTS refresh incomplete, will retry: ${result.retry.reason}`);
      if (result.rejected.length > 0) deps.logger.warn(refreshSummary(result), 'HTS refresh rejected a file');
      else
        deps.logger.info(
          refreshSummary(result),
          result.imported.length > 0 ? 'HTS releases imported' : 'HTS up to date',
        );
    },
    {
      concurrency: 1,
      lockLifetime: deps.lockLifetimeMs,
      backoff: exponential({ delay: 5 * 60_000, factor: 2, maxRetries: 5 }),
    },
  );
  await agenda.every('1 day', htsRefreshJobName);
}
