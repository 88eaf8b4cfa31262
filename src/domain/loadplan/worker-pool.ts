import { WorkerPool, workerEntryBeside } from '../shared';
import { LoadPlanInvariantError, LoadPlannerBusyError, LoadPlanRequestError } from './errors';
import { checkLoadPlanRequest } from './limits';
import { LoadPlanRequest, LoadPlanResult } from './model';
import type { WorkerAnswer } from './plan-worker';

/** Runs load plans on the shared worker pool, so a plan that searches for seconds never blocks the event loop. */
export interface LoadPlanPoolOptions {
  /** Threads planning at once; default: one less than the machine's cores, at least one. */
  threads?: number;
  /** Plans waiting for a thread beyond which plan() rejects at once; default 100. */
  maxQueue?: number;
}

export class LoadPlanPool {
  private readonly pool: WorkerPool<{ request: LoadPlanRequest }, WorkerAnswer>;

  constructor(options: LoadPlanPoolOptions = {}) {
    this.pool = new WorkerPool({
      filename: workerEntryBeside(__filename, 'plan-worker'),
      threads: options.threads,
      maxQueue: options.maxQueue,
      busyError: () => new LoadPlannerBusyError(),
    });
  }

  /**
   * The plan for the request. Rejects with LoadPlanRequestError (checked here, before a thread is
   * taken) or LoadPlanInvariantError as planLoad would throw them; an abort signal stops the thread.
   */
  async plan(request: LoadPlanRequest, signal?: AbortSignal): Promise<LoadPlanResult> {
    const problems = checkLoadPlanRequest(request);
    if (problems.length > 0) throw new LoadPlanRequestError(problems);
    const answer = await this.pool.run({ request }, signal);
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
