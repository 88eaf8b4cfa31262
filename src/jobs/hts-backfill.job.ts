import type { Agenda, Job } from 'agenda';
import { JobLogger, refreshSummary } from './hts-refresh.job';
import { backfillHtsReleases, HtsRefreshDeps } from '../domain/hts';

export const htsBackfillJobName = 'hts-backfill';

/**
 * Registers the backfill of older HTS releases from the data directory, run once after a start
 * (`jobs.runNow(htsBackfillJobName)`): every revision there not yet imported, newest first, each
 * with its change set, logging each file done (n of N, rows per second). The lock is renewed after
 * every file, so a backfill of many releases is not taken for a dead run; one that dies is taken
 * over after JOB_LOCK_LIFETIME_MS and goes on where it stopped (imported releases are skipped).
 */
export function defineHtsBackfillJob(
  agenda: Agenda,
  deps: HtsRefreshDeps & { logger: JobLogger; lockLifetimeMs: number },
): void {
  agenda.define(
    htsBackfillJobName,
    async (job: Job) => {
      const started = Date.now();
      const result = await backfillHtsReleases({
        ...deps,
        // The import progress reporter logs each file (n of N, rows per second); the job renews its lock.
        progress: (step) => {
          deps.progress?.(step);
          void job.touch().catch(() => undefined);
        },
      });
      // Stopping the process is no failure: the next start queues the backfill again and it goes on.
      if (result.retry && deps.signal?.aborted) {
        deps.logger.info({ ...refreshSummary(result), reason: result.retry.reason }, 'HTS backfill paused at stop');
        return;
      }
      if (result.retry) throw new Error(`HTS backfill incomplete, will retry: ${result.retry.reason}`);
      deps.logger.info({ ...refreshSummary(result), ms: Date.now() - started }, 'HTS backfill done');
    },
    { concurrency: 1, lockLifetime: deps.lockLifetimeMs },
  );
}
