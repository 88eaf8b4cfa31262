import type { JobParameters } from 'agenda';
import { KnexJobRepository } from '../../src/jobs/knex-job-repository';
import { createTestDatabase, testDialect, TestDatabase } from '../support/database';

const minute = 60_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs);
const job = (fields: Partial<JobParameters> & { name: string }): JobParameters => ({
  priority: 0,
  nextRunAt: at(-1000),
  type: 'normal',
  data: {},
  ...fields,
});
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe(`KnexJobRepository (${testDialect})`, () => {
  let db: TestDatabase;
  let repo: KnexJobRepository;
  const save = (fields: Partial<JobParameters> & { name: string }) =>
    repo.saveJob(job(fields), { lastModifiedBy: 'tester' });
  const lockNext = (name: string, lockDeadline = at(-10 * minute), target = repo) =>
    target.getNextJobToRun(name, at(1000), lockDeadline, undefined, { lastModifiedBy: 'worker' });

  beforeAll(async () => {
    db = await createTestDatabase();
    repo = new KnexJobRepository(db.knex);
    await repo.connect();
  });
  afterAll(() => db.destroy());
  beforeEach(() => repo.purgeAllJobs());

  describe('saveJob', () => {
    it('inserts a job and reads every field back unchanged', async () => {
      const fields = {
        name: 'roundtrip',
        priority: 10,
        nextRunAt: new Date('2030-01-02T03:04:05.678Z'),
        data: { shipment: 'S-1', lines: [1, 2], nested: { ok: true } },
        repeatInterval: '5 minutes',
        repeatTimezone: 'America/New_York',
        startDate: new Date('2030-01-01T00:00:00.000Z'),
        endDate: new Date('2031-01-01T00:00:00.000Z'),
        skipDays: [0, 6],
        fork: true,
      };
      const saved = await save(fields);
      expect(saved).toMatchObject({ ...fields, type: 'normal', disabled: false, lastModifiedBy: 'tester' });
      expect(await repo.getJobById(saved._id as string)).toMatchObject({ ...fields, _id: saved._id, failCount: 0 });
      expect(await repo.getJobById('00000000-0000-0000-0000-000000000000')).toBeNull();
    });

    it('keeps undefined data undefined and null data null', async () => {
      const none = await save({ name: 'no-data', data: undefined });
      const explicitNull = await save({ name: 'null-data', data: null });
      expect((await repo.getJobById(none._id as string))?.data).toBeUndefined();
      expect((await repo.getJobById(explicitNull._id as string))?.data).toBeNull();
    });

    it('updates by _id without touching what the processor owns, and does not resurrect a removed job', async () => {
      const saved = await save({ name: 'update-me', data: { version: 1 } });
      await repo.saveJobState(
        { ...saved, failCount: 2, failReason: 'boom', failedAt: at(0), lastRunAt: at(0) },
        undefined,
      );
      // Job.save() sends the job without the processor's fields.
      const { failCount: _c, failReason: _r, failedAt: _f, lastRunAt: _l, ...userFields } = saved;
      const updated = await repo.saveJob({ ...userFields, priority: 20, data: { version: 2 } }, undefined);
      expect(updated).toMatchObject({
        _id: saved._id,
        priority: 20,
        data: { version: 2 },
        failCount: 2,
        failReason: 'boom',
      });

      await repo.removeJobs({ id: saved._id });
      const orphan = { ...updated, data: { version: 3 } };
      expect(await repo.saveJob(orphan, undefined)).toBe(orphan);
      expect(await repo.getJobById(saved._id as string)).toBeNull();
    });

    it('upserts type single by name and keeps a stored schedule that a due nextRunAt would reset', async () => {
      const first = await save({
        name: 'every',
        type: 'single',
        nextRunAt: at(minute),
        repeatInterval: '1 minute',
        data: { run: 1 },
      });
      const later = await save({
        name: 'every',
        type: 'single',
        nextRunAt: at(2 * minute),
        priority: 5,
        data: { run: 2 },
      });
      expect(later).toMatchObject({ _id: first._id, priority: 5, data: { run: 2 }, nextRunAt: expect.any(Date) });
      expect(later.nextRunAt?.getTime()).toBeGreaterThan(at(minute).getTime());

      const restarted = await save({ name: 'every', type: 'single', nextRunAt: at(0), data: { run: 3 } });
      expect(restarted).toMatchObject({ _id: first._id, data: { run: 3 }, nextRunAt: later.nextRunAt });
      expect((await repo.queryJobs({ name: 'every' })).total).toBe(1);
      // A plain job of the same name is a separate row.
      await save({ name: 'every' });
      expect((await repo.queryJobs({ name: 'every' })).total).toBe(2);
    });

    it('upserts unique jobs by name and criteria, whatever the key order', async () => {
      const first = await save({
        name: 'sync',
        unique: { 'data.user': 1, 'data.kind': 'a' },
        data: { user: 1, kind: 'a', n: 1 },
      });
      const again = await save({
        name: 'sync',
        unique: { 'data.kind': 'a', 'data.user': 1 },
        data: { user: 1, kind: 'a', n: 2 },
      });
      const other = await save({
        name: 'sync',
        unique: { 'data.user': 2, 'data.kind': 'a' },
        data: { user: 2, kind: 'a', n: 1 },
      });
      expect(again).toMatchObject({ _id: first._id, data: { n: 2 }, unique: { 'data.kind': 'a', 'data.user': 1 } });
      expect(other._id).not.toBe(first._id);
      expect((await repo.queryJobs({ name: 'sync' })).total).toBe(2);
    });

    it('returns the existing unique job unchanged with insertOnly', async () => {
      const unique = { 'data.id': 7 };
      const first = await save({
        name: 'once',
        unique,
        uniqueOpts: { insertOnly: true },
        data: { id: 7, v: 1 },
        nextRunAt: at(minute),
      });
      const second = await save({
        name: 'once',
        unique,
        uniqueOpts: { insertOnly: true },
        data: { id: 7, v: 2 },
        nextRunAt: at(0),
      });
      expect(second).toMatchObject({ _id: first._id, data: { v: 1 }, nextRunAt: first.nextRunAt });
      expect((await repo.queryJobs({ name: 'once' })).total).toBe(1);
    });

    it('debounces trailing saves, capped by maxWait', async () => {
      const debounced = (n: number) =>
        save({
          name: 'reindex',
          unique: { 'data.key': 'k' },
          uniqueOpts: { debounce: { delay: 1000, maxWait: 1500 } },
          data: { key: 'k', n },
        });
      const before = Date.now();
      const first = await debounced(1);
      expect(first.nextRunAt!.getTime()).toBeGreaterThanOrEqual(before + 1000);
      expect(first.debounceStartedAt).toBeInstanceOf(Date);
      await sleep(700);
      const second = await debounced(2);
      expect(second).toMatchObject({ _id: first._id, data: { n: 2 }, debounceStartedAt: first.debounceStartedAt });
      // now + delay would pass the maxWait deadline, so the deadline wins.
      expect(second.nextRunAt!.getTime()).toBe(first.debounceStartedAt!.getTime() + 1500);
      await sleep(900);
      const third = await debounced(3);
      expect(third.nextRunAt!.getTime()).toBeLessThanOrEqual(Date.now());
      expect(third.debounceStartedAt).toBeUndefined();
    });

    it('debounces leading saves: runs the first at once and only updates data within the delay', async () => {
      const leading = (n: number) =>
        save({
          name: 'notify',
          unique: { 'data.ch': 'x' },
          uniqueOpts: { debounce: { delay: 5000, strategy: 'leading' } },
          data: { ch: 'x', n },
          nextRunAt: at(0),
        });
      const first = await leading(1);
      expect(first.nextRunAt!.getTime()).toBeLessThanOrEqual(Date.now());
      await sleep(20);
      const second = await leading(2);
      expect(second).toMatchObject({ _id: first._id, data: { n: 2 }, nextRunAt: first.nextRunAt });
    });

    it('inserts plain jobs with debounce but no unique criteria as separate jobs', async () => {
      await save({ name: 'loose', uniqueOpts: { debounce: { delay: 1000 } } });
      await save({ name: 'loose', uniqueOpts: { debounce: { delay: 1000 } } });
      expect((await repo.queryJobs({ name: 'loose' })).total).toBe(2);
    });
  });

  describe('locking', () => {
    it('getNextJobToRun locks the earliest due job, highest priority first, and skips the rest', async () => {
      const due = at(-minute);
      await save({ name: 'work', nextRunAt: due, priority: 1, data: { pick: 'low' } });
      await save({ name: 'work', nextRunAt: due, priority: 9, data: { pick: 'high' } });
      await save({ name: 'work', nextRunAt: at(-2 * minute), disabled: true });
      await save({ name: 'work', nextRunAt: at(minute) });
      await save({ name: 'other', nextRunAt: at(-3 * minute) });

      const first = await lockNext('work');
      expect(first).toMatchObject({ data: { pick: 'high' }, lastModifiedBy: 'worker', lockedAt: expect.any(Date) });
      expect(Date.now() - first!.lockedAt!.getTime()).toBeLessThan(5000);
      expect(await lockNext('work')).toMatchObject({ data: { pick: 'low' } });
      expect(await lockNext('work')).toBeUndefined();
    });

    it('getNextJobToRun takes over a lock only once it is older than the deadline', async () => {
      const saved = await save({ name: 'orphan' });
      await repo.saveJobState({ ...saved, lockedAt: at(-5000) }, undefined);
      expect(await lockNext('orphan', at(-10_000))).toBeUndefined();
      const taken = await lockNext('orphan', at(-1000));
      expect(taken).toMatchObject({ _id: saved._id, lastModifiedBy: 'worker' });
      expect(taken!.lockedAt!.getTime()).toBeGreaterThan(Date.now() - 1000);
    });

    it('never hands one job to two pools locking at the same time', async () => {
      const other = new KnexJobRepository(testDialect === 'mysql' ? db.openAnother().knex : db.knex);
      await Promise.all(Array.from({ length: 30 }, (_, i) => save({ name: 'contended', data: { i } })));
      const drain = async (target: KnexJobRepository, got: string[]) => {
        for (
          let next = await lockNext('contended', undefined, target);
          next;
          next = await lockNext('contended', undefined, target)
        ) {
          got.push(String(next._id));
        }
        return got;
      };
      const results = await Promise.all([drain(repo, []), drain(other, []), drain(repo, []), drain(other, [])]);
      const all = results.flat();
      expect(all).toHaveLength(30);
      expect(new Set(all).size).toBe(30);
    });

    it('lockJob locks only an unlocked job whose nextRunAt is unchanged; unlockJob(s) release', async () => {
      const saved = await save({ name: 'cas' });
      expect(await repo.lockJob({ ...saved, nextRunAt: at(5000) }, undefined)).toBeUndefined();
      const locked = await repo.lockJob(saved, { lastModifiedBy: 'w1' });
      expect(locked).toMatchObject({ _id: saved._id, lockedAt: expect.any(Date), lastModifiedBy: 'w1' });
      expect(await repo.lockJob(saved, undefined)).toBeUndefined();

      await repo.unlockJob(locked!);
      expect((await repo.getJobById(saved._id as string))?.lockedAt).toBeUndefined();

      const second = await save({ name: 'cas' });
      await repo.lockJob(saved, undefined);
      await repo.lockJob(second, undefined);
      await repo.unlockJobs([saved._id as string, second._id as string]);
      expect((await repo.queryJobs({ name: 'cas', state: 'running' })).total).toBe(0);
    });

    it('unlockJob leaves a running one-off job (nextRunAt null) locked', async () => {
      const saved = await save({ name: 'running-once' });
      await repo.saveJobState({ ...saved, nextRunAt: null, lockedAt: at(0), lastRunAt: at(0) }, undefined);
      await repo.unlockJob(saved);
      expect((await repo.getJobById(saved._id as string))?.lockedAt).toBeInstanceOf(Date);
    });
  });

  describe('saveJobState', () => {
    it('writes the processor fields, also when nothing changed', async () => {
      const saved = await save({ name: 'state' });
      const state = {
        ...saved,
        lockedAt: at(0),
        lastRunAt: at(0),
        progress: 42.5,
        failCount: 1,
        failReason: 'x',
        failedAt: at(0),
      };
      await repo.saveJobState(state, { lastModifiedBy: 'w' });
      await expect(repo.saveJobState(state, { lastModifiedBy: 'w' })).resolves.toBeUndefined();
      expect(await repo.getJobById(saved._id as string)).toMatchObject({
        lockedAt: state.lockedAt,
        progress: 42.5,
        failCount: 1,
        failReason: 'x',
        lastModifiedBy: 'w',
      });
    });

    it('throws when the job is gone', async () => {
      const saved = await save({ name: 'gone' });
      await repo.removeJobs({ id: saved._id });
      await expect(repo.saveJobState(saved, undefined)).rejects.toThrow(/no longer in the database/);
    });
  });

  describe('queries', () => {
    let ids: Record<string, string>;
    beforeEach(async () => {
      const now = Date.now();
      const saved = {
        queued: await save({
          name: 'report-a',
          nextRunAt: new Date(now - minute),
          data: { region: 'us', tags: ['x', 'y'] },
        }),
        scheduled: await save({
          name: 'report-a',
          nextRunAt: new Date(now + minute),
          priority: 5,
          data: { region: 'eu' },
        }),
        repeating: await save({
          name: 'Report-B',
          nextRunAt: new Date(now + 2 * minute),
          repeatInterval: '1 hour',
          data: { region: 'us' },
        }),
        paused: await save({ name: 'cleanup', nextRunAt: new Date(now - 2 * minute), disabled: true }),
        completed: await save({ name: 'cleanup', nextRunAt: null }),
        failed: await save({ name: 'cleanup', nextRunAt: null }),
        running: await save({ name: 'cleanup', nextRunAt: new Date(now - 3 * minute) }),
      };
      await repo.saveJobState(
        { ...saved.completed, lastRunAt: new Date(now - 1000), lastFinishedAt: new Date(now - 500) },
        undefined,
      );
      await repo.saveJobState(
        { ...saved.failed, lastFinishedAt: new Date(now - 500), failedAt: new Date(now - 500), failCount: 1 },
        undefined,
      );
      await repo.saveJobState({ ...saved.running, lockedAt: new Date(now) }, undefined);
      ids = Object.fromEntries(Object.entries(saved).map(([key, value]) => [key, String(value._id)]));
    });
    const regionsOf = (result: { jobs: JobParameters[] }) =>
      result.jobs.map((j) => j.data && (j.data as { region?: string }).region);

    it('filters by name, names, id, ids, case-insensitive search and disabled', async () => {
      expect((await repo.queryJobs()).total).toBe(7);
      expect((await repo.queryJobs({ name: 'report-a' })).total).toBe(2);
      expect((await repo.queryJobs({ names: ['report-a', 'Report-B'] })).total).toBe(3);
      expect((await repo.queryJobs({ id: ids.scheduled })).jobs.map((j) => j._id)).toEqual([ids.scheduled]);
      expect((await repo.queryJobs({ ids: [ids.queued, ids.paused] })).total).toBe(2);
      expect((await repo.queryJobs({ search: 'REPORT' })).total).toBe(3);
      expect((await repo.queryJobs({ search: '%' })).total).toBe(0);
      expect((await repo.queryJobs({ includeDisabled: false })).total).toBe(6);
    });

    it('filters by partial data, including array elements', async () => {
      expect((await repo.queryJobs({ data: { region: 'us' } })).total).toBe(2);
      expect((await repo.queryJobs({ data: { tags: ['y'] } })).jobs.map((j) => j._id)).toEqual([ids.queued]);
      expect((await repo.queryJobs({ data: { region: 'us', tags: ['z'] } })).total).toBe(0);
    });

    it('computes each state and filters by it', async () => {
      const { jobs } = await repo.queryJobs();
      const stateOf = Object.fromEntries(jobs.map((j) => [j._id, j.state]));
      expect(stateOf).toEqual({
        [ids.queued]: 'queued',
        [ids.scheduled]: 'scheduled',
        [ids.repeating]: 'repeating',
        [ids.paused]: 'queued',
        [ids.completed]: 'completed',
        [ids.failed]: 'failed',
        [ids.running]: 'running',
      });
      expect((await repo.queryJobs({ state: 'paused' })).jobs.map((j) => j._id)).toEqual([ids.paused]);
      expect((await repo.queryJobs({ state: 'queued', name: 'report-a' })).jobs.map((j) => j._id)).toEqual([
        ids.queued,
      ]);
    });

    it('sorts with nulls last and paginates after filtering', async () => {
      const byNextRun = await repo.queryJobs({ names: ['report-a', 'Report-B'], sort: { nextRunAt: 'asc' } });
      expect(regionsOf(byNextRun)).toEqual(['us', 'eu', 'us']);
      const byDefault = await repo.queryJobs({ name: 'cleanup' });
      expect(byDefault.jobs.slice(-2).map((j) => j.nextRunAt)).toEqual([null, null]);
      const page = await repo.queryJobs({ sort: { priority: 'desc' }, skip: 0, limit: 1 });
      expect(page).toMatchObject({ total: 7, jobs: [{ _id: ids.scheduled }] });
      expect((await repo.queryJobs({ skip: 5 })).jobs).toHaveLength(2);
    });

    it('reports names, an overview per name and the queue size', async () => {
      expect(await repo.getDistinctJobNames()).toEqual(expect.arrayContaining(['Report-B', 'cleanup', 'report-a']));
      expect(await repo.getDistinctJobNames()).toHaveLength(3);
      const overview = await repo.getJobsOverview();
      expect(overview.find((o) => o.name === 'cleanup')).toEqual({
        name: 'cleanup',
        total: 4,
        running: 1,
        scheduled: 0,
        queued: 1,
        completed: 1,
        failed: 1,
        repeating: 0,
        paused: 1,
      });
      expect(await repo.getQueueSize()).toBe(3);
    });

    it('removes by id, ids, name, names, notNames and data, and nothing without criteria', async () => {
      expect(await repo.removeJobs({})).toBe(0);
      expect(await repo.removeJobs({ ids: [] })).toBe(0);
      expect(await repo.removeJobs({ id: ids.queued })).toBe(1);
      expect(await repo.removeJobs({ ids: [ids.scheduled, ids.repeating] })).toBe(2);
      expect(await repo.removeJobs({ name: 'cleanup', data: { none: true } })).toBe(0);
      expect(await repo.removeJobs({ notNames: ['cleanup'] })).toBe(0);
      await save({ name: 'extra', data: { region: 'us' } });
      expect(await repo.removeJobs({ data: { region: 'us' } })).toBe(1);
      expect(await repo.removeJobs({ names: ['cleanup', 'nope'] })).toBe(4);
      expect((await repo.queryJobs()).total).toBe(0);
    });

    it('disables and enables by selector, and a disabled job is never locked', async () => {
      expect(await repo.disableJobs({})).toBe(0);
      expect(await repo.disableJobs({ name: 'report-a' })).toBe(2);
      expect(await lockNext('report-a')).toBeUndefined();
      expect((await repo.queryJobs({ state: 'paused' })).total).toBe(3);
      expect(await repo.enableJobs({ name: 'report-a', data: { region: 'us' } })).toBe(1);
      expect(await lockNext('report-a')).toMatchObject({ _id: ids.queued });
    });

    it('purges everything', async () => {
      expect(await repo.purgeAllJobs()).toBe(7);
      expect(await repo.getDistinctJobNames()).toEqual([]);
    });
  });
});
