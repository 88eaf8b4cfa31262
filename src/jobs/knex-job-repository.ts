import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { computeJobState, toJobId } from 'agenda';
import type {
  DebounceOptions,
  JobId,
  JobParameters,
  JobRepository,
  JobRepositoryOptions,
  JobsOverview,
  JobsQueryOptions,
  JobsResult,
  JobsSort,
  JobWithState,
  RemoveJobsOptions,
  SortDirection,
} from 'agenda';

const TABLE = 'agenda_jobs';
/** Candidates read per round of getNextJobToRun; a round only repeats when other workers took all of them. */
const LOCK_CANDIDATES = 10;

/** A row of agenda_jobs as the drivers return it: times are epoch ms, booleans may come back as 0/1. */
interface JobRow {
  id: string;
  name: string;
  priority: number;
  type: 'normal' | 'single';
  single_key: string | null;
  unique_key: string | null;
  unique_query: string | null;
  unique_opts: string | null;
  next_run_at: number | null;
  locked_at: number | null;
  last_run_at: number | null;
  last_finished_at: number | null;
  failed_at: number | null;
  fail_count: number;
  fail_reason: string | null;
  repeat_interval: string | null;
  repeat_timezone: string | null;
  repeat_at: string | null;
  start_date: number | null;
  end_date: number | null;
  skip_days: string | null;
  data: string | null;
  debounce_started_at: number | null;
  disabled: boolean | number;
  fork: boolean | number;
  progress: number | null;
  last_modified_by: string | null;
}

type Query = Knex.QueryBuilder;
type Options = JobRepositoryOptions | undefined;
/** The job-selecting part of RemoveJobsOptions and JobsQueryOptions. */
type Selector = { id?: string; ids?: string[]; name?: string; names?: string[]; notNames?: string[] };

const toMs = (date: Date | null | undefined): number | null => (date == null ? null : date.getTime());
const toDate = (ms: number | null): Date | undefined => (ms == null ? undefined : new Date(ms));
const toJson = (value: unknown): string | null => (value === undefined ? null : JSON.stringify(value));
const fromJson = <T>(text: string | null): T | undefined => (text == null ? undefined : (JSON.parse(text) as T));

// The row <-> JobParameters mapping, in one place.

function fromRow<DATA = unknown>(row: JobRow): JobParameters<DATA> & { _id: JobId } {
  return {
    _id: toJobId(row.id),
    name: row.name,
    priority: row.priority,
    type: row.type,
    nextRunAt: toDate(row.next_run_at) ?? null,
    lockedAt: toDate(row.locked_at),
    lastRunAt: toDate(row.last_run_at),
    lastFinishedAt: toDate(row.last_finished_at),
    failedAt: toDate(row.failed_at),
    failCount: row.fail_count,
    failReason: row.fail_reason ?? undefined,
    repeatInterval: row.repeat_interval ?? undefined,
    repeatTimezone: row.repeat_timezone ?? undefined,
    repeatAt: row.repeat_at ?? undefined,
    startDate: toDate(row.start_date),
    endDate: toDate(row.end_date),
    skipDays: fromJson(row.skip_days),
    data: fromJson(row.data) as DATA,
    unique: fromJson(row.unique_query),
    uniqueOpts: fromJson(row.unique_opts),
    debounceStartedAt: toDate(row.debounce_started_at),
    disabled: Boolean(row.disabled),
    fork: Boolean(row.fork),
    progress: row.progress ?? undefined,
    lastModifiedBy: row.last_modified_by ?? undefined,
  };
}

/** Identifies a unique() job: its name plus the criteria, with object keys sorted so key order doesn't matter. */
function uniqueKey(name: string, unique: Record<string, unknown>): string {
  const canonical = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(canonical);
    if (value === null || typeof value !== 'object' || value instanceof Date) return value;
    const object = value as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(object)
        .sort()
        .map((key) => [key, canonical(object[key])]),
    );
  };
  return crypto
    .createHash('sha256')
    .update(JSON.stringify([name, canonical(unique)]))
    .digest('hex');
}

/** Columns that say which job this is; they never change in an upsert. */
function identityColumns(job: JobParameters) {
  return {
    name: job.name,
    type: job.type,
    single_key: job.type === 'single' ? job.name : null,
    // saveJob treats a single job as single even when unique() was set, so it gets no unique key.
    unique_key: job.unique && job.type !== 'single' ? uniqueKey(job.name, job.unique) : null,
  } satisfies Partial<JobRow>;
}

/** Columns the user sets through Job.save(). */
function settingColumns(job: JobParameters, options: Options) {
  return {
    priority: job.priority,
    next_run_at: toMs(job.nextRunAt),
    unique_query: toJson(job.unique),
    unique_opts: toJson(job.uniqueOpts),
    repeat_interval: job.repeatInterval == null ? null : String(job.repeatInterval),
    repeat_timezone: job.repeatTimezone ?? null,
    repeat_at: job.repeatAt ?? null,
    start_date: toMs(job.startDate),
    end_date: toMs(job.endDate),
    skip_days: toJson(job.skipDays),
    data: toJson(job.data),
    debounce_started_at: toMs(job.debounceStartedAt),
    disabled: Boolean(job.disabled),
    fork: Boolean(job.fork),
    last_modified_by: options?.lastModifiedBy ?? null,
  } satisfies Partial<JobRow>;
}

/** Columns the job processor owns; Job.save() leaves them out, saveJobState() writes them. */
function stateColumns(job: JobParameters, options: Options) {
  return {
    locked_at: toMs(job.lockedAt),
    next_run_at: toMs(job.nextRunAt),
    last_run_at: toMs(job.lastRunAt),
    last_finished_at: toMs(job.lastFinishedAt),
    failed_at: toMs(job.failedAt),
    fail_count: job.failCount ?? 0,
    fail_reason: job.failReason ?? null,
    progress: job.progress ?? null,
    last_modified_by: options?.lastModifiedBy ?? null,
  } satisfies Partial<JobRow>;
}

function newRow(job: JobParameters, options: Options) {
  return {
    id: crypto.randomUUID(),
    ...identityColumns(job),
    ...settingColumns(job, options),
    ...stateColumns(job, options),
  };
}

/**
 * When a debounced save should run. Trailing: `delay` after the latest save, but never later than `maxWait` after
 * the first save of the burst (a burst ends once the job has run). Leading: at once, and saves within `delay` of
 * that only update the data.
 */
function debounced(job: JobParameters, debounce: DebounceOptions, now: number, existing?: JobParameters) {
  const started = existing?.debounceStartedAt?.getTime();
  if (debounce.strategy === 'leading') {
    return started !== undefined && now - started < debounce.delay
      ? { next_run_at: toMs(existing?.nextRunAt), debounce_started_at: started }
      : { next_run_at: toMs(job.nextRunAt), debounce_started_at: now };
  }
  const ranSince = started !== undefined && (existing?.lastRunAt?.getTime() ?? -Infinity) >= started;
  const burstStart = started === undefined || ranSince ? now : started;
  if (debounce.maxWait === undefined) return { next_run_at: now + debounce.delay, debounce_started_at: burstStart };
  if (now - burstStart >= debounce.maxWait) return { next_run_at: now, debounce_started_at: null };
  return {
    next_run_at: Math.min(now + debounce.delay, burstStart + debounce.maxWait),
    debounce_started_at: burstStart,
  };
}

/** JSON containment like Postgres `@>`: objects match on a subset of keys, arrays on a subset of elements. */
function contains(value: unknown, pattern: unknown): boolean {
  if (Array.isArray(pattern)) return Array.isArray(value) && pattern.every((p) => value.some((v) => contains(v, p)));
  if (pattern === null || typeof pattern !== 'object') return value === pattern;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const object = value as Record<string, unknown>;
  return Object.entries(pattern).every(([key, p]) => contains(object[key], p));
}

/** A data filter compared the way it is stored, as JSON (a Date becomes its ISO string). */
const dataMatcher = (pattern: unknown) => {
  const stored = JSON.parse(JSON.stringify(pattern)) as unknown;
  return (data: unknown) => contains(data, stored);
};

function whereSelected(query: Query, selector: Selector): void {
  if (selector.id) query.where('id', selector.id);
  else if (selector.ids?.length) query.whereIn('id', selector.ids);
  if (selector.name) query.where('name', selector.name);
  else if (selector.names?.length) query.whereIn('name', selector.names);
  else if (selector.notNames?.length) query.whereNotIn('name', selector.notNames);
}

const hasSelector = (s: Selector) => Boolean(s.id || s.ids?.length || s.name || s.names?.length || s.notNames?.length);

/** NULLs sort last in both directions; SQLite and MySQL put them first in ascending order. */
function orderNullsLast(query: Query, column: string, direction: SortDirection): void {
  query.orderByRaw('?? is null', [column]).orderBy(column, direction);
}

const sortColumns: Partial<Record<keyof JobsSort, string>> = {
  nextRunAt: 'next_run_at',
  lastRunAt: 'last_run_at',
  lastFinishedAt: 'last_finished_at',
  priority: 'priority',
  name: 'name',
};
const defaultSort: JobsSort = { nextRunAt: 'desc', lastRunAt: 'desc' };

/**
 * Agenda's job store on knex, one code path for SQLite and MySQL/MariaDB. Locks are taken by compare-and-set: a
 * conditional UPDATE that repeats the "lockable" condition and must change exactly one row, so two workers can never
 * both lock a job, without RETURNING or SKIP LOCKED. The table comes from a migration; nothing here runs DDL.
 */
export class KnexJobRepository implements JobRepository {
  constructor(private readonly knex: Knex) {}

  private jobs() {
    return this.knex<JobRow>(TABLE);
  }

  private async load<DATA = unknown>(where: Partial<JobRow>): Promise<JobParameters<DATA> | undefined> {
    const row = await this.jobs().where(where).first();
    return row && fromRow<DATA>(row);
  }

  /** Fails fast (when agenda starts) if the database is unreachable or the migration has not run. */
  async connect(): Promise<void> {
    await this.jobs().select('id').limit(1);
  }

  async getJobById(id: string): Promise<JobParameters | null> {
    return (await this.load({ id })) ?? null;
  }

  async queryJobs(options: JobsQueryOptions = {}): Promise<JobsResult> {
    const { search, data, state, includeDisabled = true, sort, skip = 0, limit = 0 } = options;
    const query = this.jobs().select('*').modify(whereSelected, options);
    if (!includeDisabled) query.where('disabled', false);
    const order = sort && Object.keys(sort).length > 0 ? sort : defaultSort;
    for (const [key, direction] of Object.entries(order) as Array<[keyof JobsSort, SortDirection]>) {
      const column = sortColumns[key];
      if (column) orderNullsLast(query, column, direction);
    }
    // Search, data and state are matched here rather than in SQL: data is JSON text and state is computed.
    const needle = search?.toLowerCase();
    const dataMatches = data === undefined ? undefined : dataMatcher(data);
    const now = new Date();
    const jobs: JobWithState[] = ((await query) as JobRow[])
      .map((row) => fromRow(row))
      .filter((job) => (!needle || job.name.toLowerCase().includes(needle)) && (!dataMatches || dataMatches(job.data)))
      .map((job) => ({ ...job, state: computeJobState(job, now) }))
      .filter((job) => !state || (state === 'paused' ? job.disabled : job.state === state));
    return { jobs: limit > 0 ? jobs.slice(skip, skip + limit) : jobs.slice(skip), total: jobs.length };
  }

  async getJobsOverview(): Promise<JobsOverview[]> {
    const now = new Date();
    const overviews = new Map<string, JobsOverview>();
    for (const row of await this.jobs().select('*').orderBy('name')) {
      const job = fromRow(row);
      let overview = overviews.get(job.name);
      if (!overview) {
        const counts = {
          total: 0,
          running: 0,
          scheduled: 0,
          queued: 0,
          completed: 0,
          failed: 0,
          repeating: 0,
          paused: 0,
        };
        overview = { name: job.name, ...counts };
        overviews.set(job.name, overview);
      }
      overview.total += 1;
      overview[computeJobState(job, now)] += 1;
      if (job.disabled) overview.paused += 1;
    }
    return [...overviews.values()];
  }

  async getDistinctJobNames(): Promise<string[]> {
    const rows = await this.jobs().distinct('name').orderBy('name');
    return rows.map((row) => row.name);
  }

  async getQueueSize(): Promise<number> {
    const [{ count }] = await this.jobs().where('next_run_at', '<', Date.now()).count({ count: '*' });
    return Number(count);
  }

  /**
   * A where-clause for the jobs the options select, or undefined when they name no criteria (which selects
   * nothing, so that e.g. `cancel({})` cannot wipe the table). A data filter is resolved to ids first.
   */
  private async targets(options: RemoveJobsOptions): Promise<((query: Query) => void) | undefined> {
    const { data, ...selector } = options;
    if (data === undefined) return hasSelector(selector) ? (query) => whereSelected(query, selector) : undefined;
    const dataMatches = dataMatcher(data);
    const rows = (await this.jobs().select('id', 'data').modify(whereSelected, selector)) as Array<
      Pick<JobRow, 'id' | 'data'>
    >;
    const ids = rows.filter((row) => dataMatches(fromJson(row.data))).map((row) => row.id);
    return (query) => query.whereIn('id', ids);
  }

  async removeJobs(options: RemoveJobsOptions): Promise<number> {
    const targets = await this.targets(options);
    return targets ? this.jobs().modify(targets).delete() : 0;
  }

  async disableJobs(options: RemoveJobsOptions): Promise<number> {
    return this.setDisabled(options, true);
  }

  async enableJobs(options: RemoveJobsOptions): Promise<number> {
    return this.setDisabled(options, false);
  }

  private async setDisabled(options: RemoveJobsOptions, disabled: boolean): Promise<number> {
    const targets = await this.targets(options);
    return targets ? this.jobs().modify(targets).update({ disabled }) : 0;
  }

  async purgeAllJobs(): Promise<number> {
    return this.jobs().delete();
  }

  async saveJob<DATA = unknown>(job: JobParameters<DATA>, options: Options): Promise<JobParameters<DATA>> {
    if (job._id) {
      const changed = await this.jobs()
        .where({ id: job._id, name: job.name })
        .update({ ...identityColumns(job), ...settingColumns(job, options) });
      // A job removed meanwhile (e.g. cancelled while running) is returned as given, not resurrected.
      return (changed > 0 && (await this.load<DATA>({ id: job._id }))) || job;
    }
    if (job.type === 'single') return this.saveSingle(job, options);
    if (job.unique) return this.saveUnique(job, options);
    const row = newRow(job, options);
    await this.jobs().insert(row);
    return fromRow<DATA>(row);
  }

  /** every() jobs: one row per name, updated in place. */
  private async saveSingle<DATA>(job: JobParameters<DATA>, options: Options): Promise<JobParameters<DATA>> {
    const settings = settingColumns(job, options);
    // every() runs at each start and computes nextRunAt = now; keep the stored schedule so restarts add no runs.
    const keepStored = job.nextRunAt !== null && job.nextRunAt.getTime() <= Date.now();
    const nextRunAt = keepStored
      ? this.knex.raw('coalesce(??, ?)', ['next_run_at', settings.next_run_at])
      : settings.next_run_at;
    await this.jobs()
      .insert(newRow(job, options))
      .onConflict('single_key')
      .merge({ ...settings, next_run_at: nextRunAt });
    return (await this.load<DATA>({ single_key: job.name })) ?? job;
  }

  /**
   * unique() jobs: one row per name and criteria. Inserting is atomic through the unique_key index; an existing
   * row is returned as is for insertOnly, else updated (with the debounce rules).
   */
  private async saveUnique<DATA>(job: JobParameters<DATA>, options: Options): Promise<JobParameters<DATA>> {
    const debounce = job.uniqueOpts?.debounce;
    const now = Date.now();
    const row = { ...newRow(job, options), ...(debounce && debounced(job, debounce, now)) };
    // A no-op merge rather than ignore(): MySQL's INSERT IGNORE would also swallow unrelated errors.
    await this.jobs()
      .insert(row)
      .onConflict('unique_key')
      .merge({ id: this.knex.ref('id') });
    const existing = await this.load<DATA>({ unique_key: row.unique_key });
    if (!existing || existing._id === row.id || (job.uniqueOpts?.insertOnly && !debounce)) return existing ?? job;
    await this.jobs()
      .where({ id: existing._id })
      .update({ ...settingColumns(job, options), ...(debounce && debounced(job, debounce, now, existing)) });
    return (await this.load<DATA>({ id: existing._id })) ?? job;
  }

  async saveJobState(job: JobParameters, options: Options): Promise<void> {
    if (!job._id) throw new Error(`job ${job.name} has no _id: save it before saving its state`);
    const changed = await this.jobs().where({ id: job._id, name: job.name }).update(stateColumns(job, options));
    if (changed === 0) throw new Error(`job ${job._id} (${job.name}) is no longer in the database`);
  }

  /** Compare-and-set: locks the job only if `condition` still holds for it, and returns it as locked. */
  private async lock(id: string, condition: (query: Query) => void, now: Date, options: Options) {
    const changed = await this.jobs()
      .where({ id })
      .modify(condition)
      .update({ locked_at: now.getTime(), last_modified_by: options?.lastModifiedBy ?? null });
    return changed === 1 ? this.load({ id }) : undefined;
  }

  async lockJob(job: JobParameters, options: Options): Promise<JobParameters | undefined> {
    if (!job._id) return undefined;
    const unchanged = (query: Query) =>
      query.where({ name: job.name, disabled: false, next_run_at: toMs(job.nextRunAt) }).whereNull('locked_at');
    return this.lock(job._id, unchanged, new Date(), options);
  }

  async getNextJobToRun(
    jobName: string,
    nextScanAt: Date,
    lockDeadline: Date,
    now: Date = new Date(),
    options?: JobRepositoryOptions,
  ): Promise<JobParameters | undefined> {
    // Due (or due before the next scan) and unlocked, or locked by a worker whose lock has expired.
    const lockable = (query: Query) =>
      query
        .where({ name: jobName, disabled: false })
        .where((q) =>
          q
            .where((free) => free.whereNull('locked_at').where('next_run_at', '<=', nextScanAt.getTime()))
            .orWhere('locked_at', '<=', lockDeadline.getTime()),
        );
    for (;;) {
      const candidates = this.jobs().select('id').modify(lockable);
      orderNullsLast(candidates, 'next_run_at', 'asc');
      const rows = (await candidates.orderBy('priority', 'desc').limit(LOCK_CANDIDATES)) as Array<Pick<JobRow, 'id'>>;
      if (rows.length === 0) return undefined;
      for (const { id } of rows) {
        // Another worker may have locked it since the SELECT; then the UPDATE matches nothing and we try the next.
        const locked = await this.lock(id, lockable, now, options);
        if (locked) return locked;
      }
    }
  }

  async unlockJob(job: JobParameters): Promise<void> {
    if (!job._id) return;
    // A one-off job that started running has nextRunAt null; its runner clears the lock when it finishes.
    await this.jobs().where({ id: job._id }).whereNotNull('next_run_at').update({ locked_at: null });
  }

  async unlockJobs(jobIds: string[]): Promise<void> {
    if (jobIds.length === 0) return;
    await this.jobs().whereIn('id', jobIds).update({ locked_at: null });
  }
}
