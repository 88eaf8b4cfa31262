import os from 'node:os';
import path from 'node:path';
import type { ResourceLimits } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { DomainError } from './errors';

/**
 * One bounded pool of worker threads (piscina) for work that must not block the event loop or, with
 * resource limits, must not take the process down: a task that exceeds its worker's heap kills that
 * worker only, and the pool starts another.
 */
export interface WorkerPoolOptions {
  /** The worker entry: a module whose default export takes a task and returns (or resolves) the answer. */
  filename: string;
  /** Threads working at once; default: one less than the machine's cores, at least one. */
  threads?: number;
  /** Tasks waiting for a thread beyond which run() rejects at once; default 100. */
  maxQueue?: number;
  /** How long an idle thread is kept before it exits (Infinity: for the life of the pool); default 30 s. */
  idleTimeoutMs?: number;
  /** Handed to every worker thread as `workerData` (what it opens: a database URL, say). */
  workerData?: unknown;
  /** Per-worker V8 limits, e.g. `{ maxOldGenerationSizeMb: 256 }`; none by default. */
  resourceLimits?: ResourceLimits;
  /** The error a task past the queue is refused with; default a DomainError of kind `busy`. */
  busyError?: () => Error;
}

/** A task's worker ran out of the heap its resource limits allow; the worker died, the process did not. */
export class WorkerOutOfMemoryError extends Error {
  constructor() {
    super('The worker thread ran out of memory.');
    this.name = 'WorkerOutOfMemoryError';
  }
}

/**
 * The worker entry beside a module: `name.js` in the compiled build, `name.ts` under jest or tsx.
 * Pass the calling module's `__filename`.
 */
export function workerEntryBeside(callerFilename: string, name: string): string {
  return path.join(path.dirname(callerFilename), `${name}${path.extname(callerFilename)}`);
}

export class WorkerPool<Task, Answer> {
  private readonly pool: Piscina;
  /** Tasks running or waiting; beyond threads + maxQueue a new one is refused at once. */
  private inFlight = 0;
  private readonly capacity: number;
  private readonly busyError: () => Error;

  constructor(options: WorkerPoolOptions) {
    const threads = options.threads ?? Math.max(1, os.availableParallelism() - 1);
    const maxQueue = options.maxQueue ?? 100;
    this.capacity = threads + maxQueue;
    this.busyError =
      options.busyError ??
      (() =>
        new DomainError('busy', 'Every worker thread is busy and the waiting line is full; retry in a few seconds.'));
    this.pool = new Piscina({
      filename: options.filename,
      // A TypeScript entry (jest, tsx) loads tsx's CommonJS hook to read itself.
      execArgv: path.extname(options.filename) === '.ts' ? ['--require', require.resolve('tsx/cjs')] : [],
      minThreads: 0,
      // piscina otherwise puts a task that found every thread busy at the back of the line: under a
      // steady load some searches waited seconds behind ones that came later (issue 43).
      stricterFIFO: true,
      maxThreads: threads,
      maxQueue,
      idleTimeout: options.idleTimeoutMs ?? 30_000,
      resourceLimits: options.resourceLimits,
      workerData: options.workerData,
    });
    // A thread that dies holding no task (out of memory as it starts, say) is reported on the pool;
    // piscina replaces it, and without a listener the event would end the process.
    this.pool.on('error', () => undefined);
  }

  /** The worker's answer to the task; an abort signal stops (and replaces) the thread running it. */
  async run(task: Task, signal?: AbortSignal): Promise<Answer> {
    // Refused before queueing, so a full line is a clear "busy, retry" rather than a failure.
    if (this.inFlight >= this.capacity) throw this.busyError();
    this.inFlight += 1;
    try {
      return (await this.pool.run(task, { signal })) as Answer;
    } catch (error) {
      if ((error as { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY') throw new WorkerOutOfMemoryError();
      throw error;
    } finally {
      this.inFlight -= 1;
    }
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
