import type { Agenda, Job } from 'agenda';
import type { BulkJobService, DutyEngineDependencies } from '../domain/tariff';

export const bulkJobName = 'bulk-job';

/**
 * Registers the bulk calculation job (`{ bulkJobId }`, queued by POST /api/tariff/bulk-jobs). Each
 * committed chunk renews the lock; a worker that dies mid-job leaves the lock to expire after
 * JOB_LOCK_LIFETIME_MS, and the next worker resumes the job after its last committed chunk.
 */
export function defineBulkJob(agenda: Agenda, deps: { bulkJobs: BulkJobService; engine: (today: string) => Promise<DutyEngineDependencies>; lockLifetimeMs: number; concurrency: number }): void {
  agenda.define(
    bulkJobName,
    async (job: Job<{ bulkJobId: string }>) => {
      await deps.bulkJobs.run(job.attrs.data.bulkJobId, {
        engine: deps.engine,
        progress: async () => {
          await job.touch();
        },
      });
    },
    { concurrency: deps.concurrency, lockLifetime: deps.lockLifetimeMs },
  );
}
