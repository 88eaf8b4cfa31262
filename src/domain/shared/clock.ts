/** Time as a dependency, so tests can stand at 23:59:59 UTC and step past midnight. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
