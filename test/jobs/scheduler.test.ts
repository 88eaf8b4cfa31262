import type { Agenda, Job } from 'agenda';
import type { Database } from '../../src/db/knex';
import { KnexJobRepository } from '../../src/jobs/knex-job-repository';
import { createScheduler } from '../../src/jobs/scheduler';
import { createTestDatabase, testDialect, TestDatabase } from '../support/database';

const pollIntervalMs = 100;
const lockLifetimeMs = 800;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 8000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

describe(`scheduler on agenda (${testDialect})`, () => {
  let db: TestDatabase;
  let repo: KnexJobRepository;
  let started: Agenda[] = [];

  const scheduler = (workerName: string, on: Database = db) => {
    const agenda = createScheduler({ db: on, workerName, pollIntervalMs, lockLifetimeMs });
    started.push(agenda);
    return agenda;
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    repo = new KnexJobRepository(db.knex);
  });
  afterEach(async () => {
    await Promise.all(started.map((agenda) => agenda.stop()));
    started = [];
    // Let polls already in flight finish before the next test or destroy().
    await sleep(pollIntervalMs);
    await repo.purgeAllJobs();
  });
  afterAll(() => db.destroy());

  it('runs a scheduled job at its time, once, and records completion', async () => {
    const agenda = scheduler('solo');
    const runs: number[] = [];
    agenda.define('scheduled', async () => {
      runs.push(Date.now());
    });
    await agenda.start();
    const due = new Date(Date.now() + 400);
    const job = await agenda.schedule(due, 'scheduled', { shipment: 'S-9' });

    await waitFor(() => runs.length === 1, 'the scheduled run');
    expect(runs[0]).toBeGreaterThanOrEqual(due.getTime());
    await waitFor(
      async () => (await repo.getJobById(String(job.attrs._id)))?.lastFinishedAt !== undefined,
      'completion',
    );
    expect(await repo.getJobById(String(job.attrs._id))).toMatchObject({
      nextRunAt: null,
      lockedAt: undefined,
      data: { shipment: 'S-9' },
    });
    await sleep(3 * pollIntervalMs);
    expect(runs).toHaveLength(1);
  });

  it('starts a now() job without waiting for the next poll', async () => {
    // A long poll, so only the notification can start the job in time. (Not longer: agenda keeps a liveness
    // timer of pollIntervalMs / 2 per run, which would hold the test process open.)
    const agenda = createScheduler({ db, workerName: 'eager', pollIntervalMs: 2000, lockLifetimeMs });
    started.push(agenda);
    let ranAt = 0;
    agenda.define('eager', async () => {
      ranAt = Date.now();
    });
    await agenda.start();
    await sleep(50); // the first poll, made by start(), has found nothing
    const savedAt = Date.now();
    await agenda.now('eager');
    await waitFor(() => ranAt > 0, 'the now() run', 1500);
    expect(ranAt - savedAt).toBeLessThan(500);
  });

  it('repeats an every() job on one row, also when every() is called again', async () => {
    const agenda = scheduler('repeater');
    let runs = 0;
    agenda.define('tick', async () => {
      runs += 1;
    });
    await agenda.every(250, 'tick', { feed: 'rates' });
    await agenda.start();
    await waitFor(() => runs >= 3, 'three ticks');
    await agenda.every(250, 'tick', { feed: 'rates' });

    const { jobs } = await repo.queryJobs({ name: 'tick' });
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ type: 'single', repeatInterval: '250', data: { feed: 'rates' } });
    expect(jobs[0].nextRunAt!.getTime()).toBeGreaterThan(jobs[0].lastRunAt!.getTime());
  });

  it('records a failing job', async () => {
    const agenda = scheduler('failing');
    agenda.define('broken', async () => {
      throw new Error('carrier API down');
    });
    await agenda.start();
    const job = await agenda.now('broken');
    await waitFor(async () => (await repo.getJobById(String(job.attrs._id)))?.failCount === 1, 'the failure');
    expect(await repo.getJobById(String(job.attrs._id))).toMatchObject({
      failReason: 'carrier API down',
      failedAt: expect.any(Date),
    });
  });

  it('never runs one job on two workers at once', async () => {
    // SQLite is single-process, so its two workers share the one connection; on MySQL each has its own pool.
    const workers = {
      'worker-a': scheduler('worker-a'),
      'worker-b': scheduler('worker-b', testDialect === 'mysql' ? db.openAnother() : db),
    };
    const runs: Array<{ id: string; worker: string }> = [];
    for (const [worker, agenda] of Object.entries(workers)) {
      // A small lock limit makes each worker leave jobs for the other.
      agenda.define(
        'race',
        async (job: Job) => {
          runs.push({ id: String(job.attrs._id), worker });
          await sleep(15);
        },
        { lockLimit: 4, concurrency: 4 },
      );
    }
    const jobCount = 40;
    for (let i = 0; i < jobCount; i += 1)
      await repo.saveJob({ name: 'race', priority: 0, nextRunAt: new Date(), type: 'normal', data: { i } }, undefined);
    await Promise.all(Object.values(workers).map((agenda) => agenda.start()));

    await waitFor(() => runs.length >= jobCount, `${jobCount} runs`);
    await sleep(3 * pollIntervalMs); // room for a duplicate to show up
    expect(runs).toHaveLength(jobCount);
    expect(new Set(runs.map((run) => run.id)).size).toBe(jobCount);
    expect(new Set(runs.map((run) => run.worker))).toEqual(new Set(Object.keys(workers)));
  });

  it('takes over a job locked by a dead worker once its lock lifetime has passed', async () => {
    const saved = await repo.saveJob(
      { name: 'orphaned', priority: 0, nextRunAt: new Date(), type: 'normal', data: {} },
      undefined,
    );
    const lockedAt = new Date();
    await repo.saveJobState({ ...saved, lockedAt }, { lastModifiedBy: 'dead-worker' });

    const agenda = scheduler('rescuer');
    let ranAt = 0;
    agenda.define('orphaned', async () => {
      ranAt = Date.now();
    });
    await agenda.start();
    await waitFor(() => ranAt > 0, 'the takeover');
    expect(ranAt - lockedAt.getTime()).toBeGreaterThanOrEqual(lockLifetimeMs);
    await waitFor(async () => (await repo.getJobById(String(saved._id)))?.lockedAt === undefined, 'the unlock');
    expect(await repo.getJobById(String(saved._id))).toMatchObject({
      lastModifiedBy: 'rescuer',
      lastFinishedAt: expect.any(Date),
    });
  });
});
