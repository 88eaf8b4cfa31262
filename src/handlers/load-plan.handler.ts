import { LoadPlanPool, LoadPlanRequestError } from '../domain/loadplan';
import type { operations } from '../generated/hosts/main';
import type { OperationHandler } from '../http/operation';
import { loadPlanRequestProblem, toLoadPlanRequest } from './inputs/load-plan.input';
import { toApiLoadPlan } from './outputs/load-plan.output';

/**
 * POST /api/load-plans: the plan is worked out on the pool's worker threads (never on the event
 * loop) and checked there by the independent validator before it comes back.
 */
export function loadPlanHandler(planner: LoadPlanPool): OperationHandler<operations['createLoadPlan']> {
  return async ({ body }) => {
    try {
      return { status: 200, body: toApiLoadPlan(await planner.plan(toLoadPlanRequest(body))) };
    } catch (error) {
      throw error instanceof LoadPlanRequestError ? loadPlanRequestProblem(error) : error;
    }
  };
}
