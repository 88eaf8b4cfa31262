/** The load planner's public surface, for handlers and jobs. */
export { planLoad, type PlanLoadOptions } from './plan-load';
export { validatePlan, type PlanViolation, type ViolationKind } from './validator';
export { LoadPlanPool, planLoadInWorker, closeLoadPlanWorkers, type LoadPlanPoolOptions } from './worker-pool';
export { LoadPlanRequestError, LoadPlanInvariantError, LoadPlannerBusyError } from './errors';
export { checkLoadPlanRequest, LOAD_PLAN_LIMITS, DEFAULTS as LOAD_PLAN_DEFAULTS, type RequestProblem } from './limits';
export {
  CONTAINER_CATALOGUE,
  STANDARD_CONTAINER_TYPES,
  DEFAULT_AUTO_CANDIDATES,
  type ContainerSpec,
} from './containers';
export { FIT_COUNT_CAP } from './fit-analysis';
export { wallClockGuardMs } from './engine/work-meter';
export { LCL_BELOW_M3, FCL_ABOVE_M3 } from './freight-mode';
export type * from './model';
