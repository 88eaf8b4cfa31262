import type { Knex } from 'knex';
import { BulkJobRepository } from '../db/repositories/bulk-job.repository';
import type { Clock } from '../domain/clock';
import { BulkJobService } from '../domain/tariff/bulk/bulk-job.service';
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
