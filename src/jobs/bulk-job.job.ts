import { type Agenda, exponential, type Job } from 'agenda';
import type { BulkJobService, DutyEngineDependencies } from '../domain/tariff';

export const bulkJobName = 'bulk-job';

/** Runs after the first that a failed bulk job gets: 30 s, 1, 2 and 4 min later. */
export const bulkJobRetries = 4;
export const bulkJobBackoff = exponential({ delay: 30_000, factor: 2, maxRetries: bulkJobRetries });

/** Whether a run is the last the queue gives a job that has failed `failCount` times before it. */
export const isFinalBulkAttempt = (failCount: number | undefined): boolean => (failCount ?? 0) >= bulkJobRetries;

/**
 * Registers the bulk calculation job (`{ bulkJobId }`, queued by POST /api/tariff/bulk-jobs). Each
 * committed chunk renews the lock; a worker that dies mid-job leaves the lock to expire after
 * JOB_LOCK_LIFETIME_MS, and the next worker resumes the job after its last committed chunk. A run
 * that fails (the database went away, the rules are not loaded yet) is retried with backoff from
 * its last committed chunk; only the last run marks the job failed, with the reason.
 */
export function defineBulkJob(
  agenda: Agenda,
  deps: {
    bulkJobs: BulkJobService;
    engine: (today: string) => Promise<DutyEngineDependencies>;
    lockLifetimeMs: number;
    concurrency: number;
  },
): void {
  agenda.define(
    bulkJobName,
    async (job: Job<{ bulkJobId: string }>) => {
      await deps.bulkJobs.run(job.attrs.data.bulkJobId, {
        engine: deps.engine,
        progress: async () => {
          await job.touch();
        },
        finalAttempt: isFinalBulkAttempt(job.attrs.failCount),
      });
    },
    { concurrency: deps.concurrency, lockLifetime: deps.lockLifetimeMs, backoff: bulkJobBackoff },
  );
}
