import { conflict, DomainError, givingWay } from '../../shared';
import { newOutboxEvent, type OutboxEvent } from '../../shared';
import type { AccountScope } from '../../shared';
import { newId } from '../../shared';
import type { Page } from '../../shared';
import type { DutyEngineDependencies } from '../engine/calculate-duty';
import { BulkJobKind, BulkLine, BulkLineOutput, inputColumns, outputColumns } from './bulk-columns';
import { computeBulkLine } from './bulk-compute';
import { RawRow, readBulkLines } from './bulk-lines';

export type BulkJobStatus = 'queued' | 'running' | 'succeeded' | 'failed';
export type BulkJobSource = 'json' | 'csv' | 'xlsx';

export interface BulkJob {
  id: string;
  accountId: string;
  livemode: boolean;
  kind: BulkJobKind;
  status: BulkJobStatus;
  source: BulkJobSource;
  linesTotal: number;
  linesDone: number;
  linesUnresolved: number;
  /** Why the job failed (empty unless it did). */
  errors: string[];
  createdAt: number;
  startedAt: number | null;
  finishedAt: number | null;
  updatedAt: number;
}

/** A line of a job: its number (1-based, in input order), the columns as given and, once computed, the results. */
export interface BulkJobLine {
  line: number;
  input: BulkLine;
  output: BulkLineOutput;
}

export interface BulkJobStore {
  /** The job and its input lines, numbered from 1, in one transaction. */
  insert(job: BulkJob, lines: BulkLine[]): Promise<void>;
  find(id: string): Promise<BulkJob | null>;
  page(accountId: string, livemode: boolean, limit: number, cursor: string | null): Promise<Page<BulkJob>>;
  /** queued → running (started_at set once); a job already running (resumed) stays so. */
  start(id: string, now: number): Promise<void>;
  /** Input lines after `afterLine`, in order. */
  inputsAfter(id: string, afterLine: number, limit: number): Promise<Array<{ line: number; input: BulkLine }>>;
  /**
   * A chunk's results and the job's progress in one transaction, if lines_done is still `linesDone`
   * (false when another worker moved the job on meanwhile, and nothing is written).
   */
  commitChunk(
    id: string,
    linesDone: number,
    results: Array<{ line: number; output: BulkLineOutput }>,
    unresolved: number,
    now: number,
  ): Promise<boolean>;
  /** The job's final state and its events in one transaction. */
  finish(job: BulkJob, events: OutboxEvent[]): Promise<void>;
  /** Computed lines after `afterLine`, in order, with their inputs. */
  linesAfter(id: string, afterLine: number, limit: number): Promise<BulkJobLine[]>;
}

export interface BulkJobServiceDeps {
  store: BulkJobStore;
  clock: () => number;
  /** Puts the job in the worker's queue. */
  enqueue: (jobId: string) => Promise<unknown>;
  /** The job as the API shows it: the `data.object` of its event. */
  present: (job: BulkJob) => unknown;
}

export interface BulkRunDeps {
  /** The calculator's dependencies, the duty rules loaded; `today` is the job's creation date. */
  engine: (today: string) => Promise<DutyEngineDependencies>;
  /** Called once the rules are loaded and after each committed chunk (the worker renews its lock). */
  progress?: (job: BulkJob) => Promise<void>;
  /**
   * False when the queue will run the job again after a failure (a lost database connection, rules
   * not loaded yet): the failure is thrown and the job stays running, to resume after its last
   * committed chunk. True (the default) ends the job as failed, with the reason.
   */
  finalAttempt?: boolean;
}

/** Lines computed and committed together. */
export const bulkChunkSize = 500;

const notFound = (id: string) => new DomainError('not_found', `No bulk job ${id} in this account.`);
const dateOf = (epochMs: number) => new Date(epochMs).toISOString().slice(0, 10);

/** The columns of a job's results: its kind's input columns, then the computed ones. */
export function resultColumns(kind: BulkJobKind): string[] {
  return [...inputColumns[kind], ...outputColumns[kind]];
}

/** A computed line as a row of resultColumns(kind). */
export function resultRow(kind: BulkJobKind, line: BulkJobLine): Array<string | null> {
  return [
    ...inputColumns[kind].map((column) => line.input[column] ?? null),
    ...outputColumns[kind].map((column) => line.output[column] ?? null),
  ];
}

/**
 * Bulk calculation jobs: a whole file validated up front (any bad row refuses it), stored, and
 * computed by the worker in chunks, each committed with the job's progress so a job interrupted by
 * a crash resumes after its last committed chunk, with no line computed twice or left out.
 */
export class BulkJobService {
  constructor(private readonly deps: BulkJobServiceDeps) {}

  async create(scope: AccountScope, kind: BulkJobKind, source: BulkJobSource, rows: RawRow[]): Promise<BulkJob> {
    const now = this.deps.clock();
    const lines = await readBulkLines(rows, kind, dateOf(now));
    const job: BulkJob = {
      id: newId('bjob', now),
      accountId: scope.accountId,
      livemode: scope.livemode,
      kind,
      status: 'queued',
      source,
      linesTotal: lines.length,
      linesDone: 0,
      linesUnresolved: 0,
      errors: [],
      createdAt: now,
      startedAt: null,
      finishedAt: null,
      updatedAt: now,
    };
    await this.deps.store.insert(job, lines);
    await this.deps.enqueue(job.id);
    return job;
  }

  async get(scope: AccountScope, id: string): Promise<BulkJob> {
    const job = await this.deps.store.find(id);
    if (!job || job.accountId !== scope.accountId || job.livemode !== scope.livemode) throw notFound(id);
    return job;
  }

  list(scope: AccountScope, limit: number, cursor: string | null): Promise<Page<BulkJob>> {
    return this.deps.store.page(scope.accountId, scope.livemode, limit, cursor);
  }

  /** A finished job, for its results; 409 while it runs. */
  async finished(scope: AccountScope, id: string): Promise<BulkJob> {
    const job = await this.get(scope, id);
    if (job.status !== 'succeeded') {
      throw conflict(
        'invalid_state',
        job.status === 'failed'
          ? `Bulk job ${id} failed: it has no results.`
          : `Bulk job ${id} is ${job.status} (${job.linesDone} of ${job.linesTotal} lines); its results are ready once it has succeeded.`,
      );
    }
    return job;
  }

  /**
   * Every computed line of a job in order, read a chunk at a time (for files and reports), giving
   * way to the process's other requests while the reader works through them.
   */
  async *linesInOrder(id: string): AsyncIterable<BulkJobLine> {
    const giveWay = givingWay();
    for (let after = 0; ;) {
      const lines = await this.deps.store.linesAfter(id, after, bulkChunkSize);
      if (lines.length === 0) return;
      for (const line of lines) {
        await giveWay();
        yield line;
      }
      after = lines[lines.length - 1].line;
    }
  }

  linesAfter(id: string, afterLine: number, limit: number): Promise<BulkJobLine[]> {
    return this.deps.store.linesAfter(id, afterLine, limit);
  }

  /**
   * Computes the job's remaining lines, a chunk at a time, then marks it succeeded and records
   * `bulk_job.completed`. A finished job is left as it is; an unexpected error fails the job (with
   * the message in `errors`) and records the event too.
   */
  async run(id: string, run: BulkRunDeps): Promise<void> {
    const { store } = this.deps;
    const found = await store.find(id);
    if (!found || found.status === 'succeeded' || found.status === 'failed') return;
    await store.start(id, this.deps.clock());
    let job = (await store.find(id)) as BulkJob;
    try {
      const engine = await run.engine(dateOf(job.createdAt));
      // Loading the rules can take a while: the lock is renewed before the first chunk too.
      await run.progress?.(job);
      // The worker may share the API's process: a long job lets its requests in every few milliseconds.
      const giveWay = givingWay();
      for (;;) {
        const inputs = await store.inputsAfter(id, job.linesDone, bulkChunkSize);
        if (inputs.length === 0) break;
        const results = [];
        for (const { line, input } of inputs) {
          await giveWay();
          results.push({ line, output: await computeBulkLine(job.kind, input, engine) });
        }
        const unresolved = results.filter((r) => r.output.status !== 'resolved').length;
        // Another worker took the job over meanwhile (this one's lock had expired): it goes on, this one stops.
        if (!(await store.commitChunk(id, job.linesDone, results, unresolved, this.deps.clock()))) return;
        job = { ...job, linesDone: job.linesDone + results.length, linesUnresolved: job.linesUnresolved + unresolved };
        await run.progress?.(job);
      }
      await this.finish(job, 'succeeded', []);
    } catch (error) {
      if (run.finalAttempt === false) throw error;
      await this.finish(job, 'failed', [(error as Error).message]);
    }
  }

  private async finish(job: BulkJob, status: 'succeeded' | 'failed', errors: string[]): Promise<void> {
    const now = this.deps.clock();
    const finished: BulkJob = {
      ...((await this.deps.store.find(job.id)) as BulkJob),
      status,
      errors,
      finishedAt: now,
      updatedAt: now,
    };
    const event = newOutboxEvent(
      'bulk_job.completed',
      {
        accountId: finished.accountId,
        livemode: finished.livemode,
        subjectType: 'bulk_job',
        subjectId: finished.id,
        data: { object: this.deps.present(finished) },
      },
      now,
    );
    await this.deps.store.finish(finished, [event]);
  }
}
