/** Per-provider health: after a failure the provider is left alone for a while, doubling each time. */
export interface ProviderHealth {
  provider: string;
  consecutiveFailures: number;
  backoffUntil: number | null;
  lastFailureAt: number | null;
  lastSuccessAt: number | null;
  lastError: string | null;
}

export interface BackoffPolicy {
  baseMs: number;
  maxMs: number;
}

export const defaultBackoffPolicy: BackoffPolicy = { baseMs: 60_000, maxMs: 2 * 3_600_000 };

/** How long to leave a provider alone after its n-th consecutive failure: base·2^(n-1), capped. */
export function backoffDelay(consecutiveFailures: number, policy: BackoffPolicy): number {
  if (consecutiveFailures <= 0) return 0;
  return Math.min(policy.maxMs, policy.baseMs * 2 ** Math.min(30, consecutiveFailures - 1));
}

export function isBackingOff(health: ProviderHealth | null, now: number): boolean {
  return health?.backoffUntil !== null && health?.backoffUntil !== undefined && health.backoffUntil > now;
}

export function afterFailure(
  previous: ProviderHealth | null,
  provider: string,
  error: string,
  now: number,
  policy: BackoffPolicy,
): ProviderHealth {
  const consecutiveFailures = (previous?.consecutiveFailures ?? 0) + 1;
  return {
    provider,
    consecutiveFailures,
    backoffUntil: now + backoffDelay(consecutiveFailures, policy),
    lastFailureAt: now,
    lastSuccessAt: previous?.lastSuccessAt ?? null,
    lastError: error.slice(0, 1000),
  };
}

export function afterSuccess(previous: ProviderHealth | null, provider: string, now: number): ProviderHealth {
  return {
    provider,
    consecutiveFailures: 0,
    backoffUntil: null,
    lastFailureAt: previous?.lastFailureAt ?? null,
    lastSuccessAt: now,
    lastError: previous?.lastError ?? null,
  };
}
