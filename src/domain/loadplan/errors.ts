import type { RequestProblem } from './limits';
import type { PlanViolation } from './validator';
import { DomainError } from '../shared';

/** The request cannot be planned; each problem names the field and, for size limits, the limit. */
export class LoadPlanRequestError extends Error {
  constructor(readonly problems: RequestProblem[]) {
    super(
      `load plan request rejected: ${problems.map((p) => `${p.path.join('.') || 'request'}: ${p.message}`).join('; ')}`,
    );
  }

  /** 413 when only size limits were exceeded, else 400. */
  get status(): 400 | 413 {
    return this.problems.every((p) => p.status === 413) ? 413 : 400;
  }
}

/** The planner produced a plan its validator rejects: a bug, never shown to the caller as a plan. */
export class LoadPlanInvariantError extends Error {
  constructor(readonly violations: PlanViolation[]) {
    super(
      `load plan failed validation: ${violations
        .slice(0, 5)
        .map((v) => v.message)
        .join('; ')}`,
    );
  }
}

/** Every planner thread is busy and the waiting line is full; nothing was planned. */
export class LoadPlannerBusyError extends DomainError {
  constructor() {
    super('busy', 'Every load planner thread is busy and the waiting line is full; retry in a few seconds.');
  }
}
