import type { Agenda } from 'agenda';
import { createScheduler } from '../../src/jobs/scheduler';
import { defineBulkJob } from '../../src/jobs/bulk-job.job';
import { bulkJobEngine, createBulkJobService } from '../../src/hosts/bulk-job-services';
import type { TestApp } from './app';

/** A worker on the test database with only the bulk job defined, started; stop it after the tests. */
export async function startBulkWorker(app: TestApp, workerName = 'bulk-test-worker'): Promise<Agenda> {
  const agenda = createScheduler({ db: app.db, workerName, pollIntervalMs: 100, lockLifetimeMs: 5000 });
  defineBulkJob(agenda, {
    bulkJobs: createBulkJobService(app.db.knex, app.clock, app.deps.jobs),
    engine: bulkJobEngine(app.deps.tariff),
    lockLifetimeMs: 5000,
    concurrency: 1,
  });
  await agenda.start();
  return agenda;
}
