/**
 * The engine's time budget, counted in units of work rather than read from the clock, so that a
 * given budget always produces the same plan whatever else the machine is doing. One unit is about
 * one block examined or one space touched; WORK_UNITS_PER_MS was calibrated on the project's
 * reference machine (AMD EPYC, one core) so that a budget of N ms takes about N ms there.
 * A wall-clock guard (a multiple of the budget) stops a run that is starved of CPU; only then can
 * two runs differ, and the result says so.
 */
export const WORK_UNITS_PER_MS = 130_000;

/** The longest a search of budgetMs may run by the wall clock, on a machine starved of CPU. */
export function wallClockGuardMs(budgetMs: number): number {
  return 3 * budgetMs + 250;
}

interface Guard {
  deadline: number;
  clock: () => number;
  hit: boolean;
  checks: number;
}

export class WorkMeter {
  private used = 0;

  private constructor(
    readonly allowance: number,
    private readonly guard: Guard,
    private readonly parent: WorkMeter | null,
  ) {}

  /** A meter for budgetMs of reference-machine time; the guard fires at 3 × budget + 250 ms of wall time. */
  static forBudget(budgetMs: number, clock: () => number = Date.now): WorkMeter {
    const guard = { deadline: clock() + wallClockGuardMs(budgetMs), clock, hit: false, checks: 0 };
    return new WorkMeter(Math.round(budgetMs * WORK_UNITS_PER_MS), guard, null);
  }

  /** A meter for a sub-task: the given share of what is left here; its work counts here too. */
  share(fraction: number): WorkMeter {
    return new WorkMeter(Math.max(0, Math.floor((this.allowance - this.used) * fraction)), this.guard, this);
  }

  spend(units: number): void {
    this.used += units;
    if (this.parent) this.parent.spend(units);
  }

  get spent(): number {
    return this.used;
  }

  get left(): number {
    return Math.max(0, this.allowance - this.used);
  }

  exhausted(): boolean {
    if (this.used >= this.allowance) return true;
    const guard = this.guard;
    // The clock is cheap but not free: look at it every 64 calls.
    if (!guard.hit && (++guard.checks & 63) === 0 && guard.clock() > guard.deadline) guard.hit = true;
    return guard.hit;
  }

  /** True when the wall-clock guard, not the work allowance, cut the search short. */
  get stoppedByClock(): boolean {
    return this.guard.hit;
  }
}
