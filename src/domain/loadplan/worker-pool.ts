import os from 'node:os';
import path from 'node:path';
import { Piscina } from 'piscina';
import { LoadPlanInvariantError, LoadPlannerBusyError, LoadPlanRequestError } from './errors';
import { checkLoadPlanRequest } from './limits';
import { LoadPlanRequest, LoadPlanResult } from './model';
import type { WorkerAnswer } from './plan-worker';

/**
 * Runs load plans on worker threads (piscina), so a plan that searches for seconds never blocks the
 * event loop. The worker entry sits beside this file: plan-worker.js in the compiled build, and
 * plan-worker.ts under jest or tsx, where the worker loads tsx's CommonJS hook to read TypeScript.
 */
const extension = path.extname(__filename);
const WORKER_FILE = path.join(__dirname, `plan-worker${extension}`);
const EXEC_ARGV = extension === '.ts' ? ['--require', require.resolve('tsx/cjs')] : [];

export interface LoadPlanPoolOptions {
  /** Threads planning at once; default: one less than the machine's cores, at least one. */
  threads?: number;
  /** Plans waiting for a thread beyond which plan() rejects at once; default 100. */
  maxQueue?: number;
}

export class LoadPlanPool {
  private readonly pool: Piscina;
  /** Plans running or waiting; beyond threads + maxQueue a new one is refused at once. */
  private inFlight = 0;
  private readonly capacity: number;

  constructor(options: LoadPlanPoolOptions = {}) {
    const threads = options.threads ?? Math.max(1, os.availableParallelism() - 1);
    const maxQueue = options.maxQueue ?? 100;
    this.capacity = threads + maxQueue;
    this.pool = new Piscina({
      filename: WORKER_FILE,
      execArgv: EXEC_ARGV,
      minThreads: 0,
      maxThreads: threads,
      maxQueue,
      idleTimeout: 30_000,
    });
  }

  /**
   * The plan for the request. Rejects with LoadPlanRequestError (checked here, before a thread is
   * taken) or LoadPlanInvariantError as planLoad would throw them; an abort signal stops the thread.
   */
  async plan(request: LoadPlanRequest, signal?: AbortSignal): Promise<LoadPlanResult> {
    const problems = checkLoadPlanRequest(request);
    if (problems.length > 0) throw new LoadPlanRequestError(problems);
    // Refused before queueing, so a full line is a clear "busy, retry" rather than a failure.
    if (this.inFlight >= this.capacity) throw new LoadPlannerBusyError();
    this.inFlight += 1;
    let answer: WorkerAnswer;
    try {
      answer = await this.pool.run({ request }, { signal });
    } finally {
      this.inFlight -= 1;
    }
    if (answer.ok) return answer.result;
    if (answer.kind === 'request') throw new LoadPlanRequestError(answer.problems);
    throw new LoadPlanInvariantError(answer.violations);
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}

let shared: LoadPlanPool | null = null;

/** planLoad on the process-wide pool, created on first use. */
export function planLoadInWorker(request: LoadPlanRequest, signal?: AbortSignal): Promise<LoadPlanResult> {
  shared ??= new LoadPlanPool();
  return shared.plan(request, signal);
}

/** Closes the process-wide pool (graceful shutdown, end of tests). */
export async function closeLoadPlanWorkers(): Promise<void> {
  const pool = shared;
  shared = null;
  await pool?.close();
}
