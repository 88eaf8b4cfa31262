import type { Knex } from 'knex';
import { BulkJobRepository } from '../db/repositories/bulk-job.repository';
import type { Clock } from '../domain/shared';
import { BulkJobService, type DutyEngineDependencies } from '../domain/tariff';
import type { TariffServices } from '../handlers/services';
import { loadActiveTariffRules } from '../reference/tariff/import-tariff-rules';
import { toApiBulkJob } from '../handlers/outputs/bulk-job.output';
import { bulkJobName } from '../jobs/bulk-job.job';
import type { JobQueue } from '../jobs/job-queue';

/** The bulk jobs use case: the API creates and reads jobs, the worker runs them. */
export function createBulkJobService(knex: Knex, clock: Clock, jobs: JobQueue): BulkJobService {
  return new BulkJobService({
    store: new BulkJobRepository(knex),
    clock: () => clock.now().getTime(),
    enqueue: (jobId) => jobs.runNow(bulkJobName, { bulkJobId: jobId }),
    present: toApiBulkJob,
  });
}

/** The duty engine a bulk job computes with, as of the job's creation date. */
export function bulkJobEngine(tariff: TariffServices): (today: string) => Promise<DutyEngineDependencies> {
  return async (today) => {
    // A worker on its own has not bootstrapped the tariff data: it reads the active rules stored by the API.
    if (!tariff.rules.isLoaded() && !(await loadActiveTariffRules(tariff.rulesRepository, tariff.rules))) {
      throw new Error('no duty rules are stored yet');
    }
    return { lines: tariff.lines, rules: tariff.rules.current(), today: () => today };
  };
}
