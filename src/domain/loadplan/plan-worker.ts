/**
 * Worker-thread entry of the load planner pool (worker-pool.ts): runs planLoad off the main thread.
 * Errors cross the thread boundary as plain data, since worker_threads keep only an error's message.
 */
import { LoadPlanInvariantError, LoadPlanRequestError } from './errors';
import type { RequestProblem } from './limits';
import { LoadPlanRequest, LoadPlanResult } from './model';
import { planLoad } from './plan-load';
import type { PlanViolation } from './validator';

export type WorkerAnswer =
  | { ok: true; result: LoadPlanResult }
  | { ok: false; kind: 'request'; problems: RequestProblem[] }
  | { ok: false; kind: 'invariant'; violations: PlanViolation[] };

export default function plan(task: { request: LoadPlanRequest }): WorkerAnswer {
  try {
    return { ok: true, result: planLoad(task.request) };
  } catch (error) {
    if (error instanceof LoadPlanRequestError) return { ok: false, kind: 'request', problems: error.problems };
    if (error instanceof LoadPlanInvariantError) return { ok: false, kind: 'invariant', violations: error.violations };
    throw error;
  }
}
