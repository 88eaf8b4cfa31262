/**
 * When a failed delivery is tried again: after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, 14 h and
 * 24 h (about 2.7 days in all), each wait shortened or lengthened by up to a fifth at random so
 * that many deliveries failing together do not all come back at the same instant.
 */
const second = 1000;
const minute = 60 * second;
const hour = 60 * minute;
export const retryDelaysMs: readonly number[] = [
  5 * second,
  5 * minute,
  30 * minute,
  2 * hour,
  5 * hour,
  10 * hour,
  10 * hour,
  14 * hour,
  24 * hour,
];

/** Attempts in all, the first included. */
export const maxAttempts = retryDelaysMs.length + 1;

/** The wait before the attempt after `attemptsMade` failures, or null when none is left. `random` is in [0, 1). */
export function retryDelayMs(attemptsMade: number, random: () => number = Math.random): number | null {
  const base = retryDelaysMs[attemptsMade - 1];
  if (base === undefined) return null;
  return Math.round(base * (0.8 + 0.4 * random()));
}
