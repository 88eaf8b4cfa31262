import type { Agenda, Job } from 'agenda';
import type { BulkJobService } from '../domain/tariff/bulk/bulk-job.service';
import type { TariffServices } from '../hosts/tariff-services';
import { loadActiveTariffRules } from '../reference/tariff/import-tariff-rules';

export const bulkJobName = 'bulk-job';

/**
 * Registers the bulk calculation job (`{ bulkJobId }`, queued by POST /api/tariff/bulk-jobs). Each
 * committed chunk renews the lock; a worker that dies mid-job leaves the lock to expire after
 * JOB_LOCK_LIFETIME_MS, and the next worker resumes the job after its last committed chunk.
 */
export function defineBulkJob(agenda: Agenda, deps: { bulkJobs: BulkJobService; tariff: TariffServices; lockLifetimeMs: number; concurrency: number }): void {
  agenda.define(
    bulkJobName,
    async (job: Job<{ bulkJobId: string }>) => {
      await deps.bulkJobs.run(job.attrs.data.bulkJobId, {
        engine: async (today) => {
          // A worker on its own has not bootstrapped the tariff data: it reads the active rules stored by the API.
          if (!deps.tariff.rules.isLoaded() && !(await loadActiveTariffRules(deps.tariff.rulesRepository, deps.tariff.rules))) {
            throw new Error('no duty rules are stored yet');
          }
          return { lines: deps.tariff.lines, rules: deps.tariff.rules.current(), today: () => today };
        },
        progress: async () => {
          await job.touch();
        },
      });
    },
    { concurrency: deps.concurrency, lockLifetime: deps.lockLifetimeMs },
  );
}
