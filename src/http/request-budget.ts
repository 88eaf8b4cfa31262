import { ConfigError } from '../config/config';
import { LOAD_PLAN_LIMITS, wallClockGuardMs } from '../domain/loadplan';

/**
 * The longest a request may run: a load plan at its largest work budget, stopped by the planner's
 * wall-clock guard (3 × 10 s + 250 ms). Shutdown waits at least this long for requests in flight,
 * and an idempotency record left in progress is reclaimed after twice it.
 */
export const longestRequestMs = wallClockGuardMs(LOAD_PLAN_LIMITS.maxTimeBudgetMs);

/** An in-progress Idempotency-Key whose request died with its process is free again after this. */
export const idempotencyLeaseMs = 2 * longestRequestMs;

/** How long shutdown waits for requests in flight: SHUTDOWN_TIMEOUT_MS, or the longest request plus 5 s; never less than the longest. */
export function shutdownWaitMs(configured: number | null): number {
  if (configured === null) return longestRequestMs + 5_000;
  if (configured < longestRequestMs)
    throw new ConfigError(
      `SHUTDOWN_TIMEOUT_MS must be at least ${longestRequestMs} (the longest request allowed), got "${configured}"`,
    );
  return configured;
}
