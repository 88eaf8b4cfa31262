import { isTestModeSample } from '../domain/access';
import { accountQuotaSubject, DomainError } from '../domain/shared';
import type { Visitor, WebServices } from './web-context';

type SignedIn = NonNullable<Visitor['signedIn']>;

/**
 * Runs a tool's action on one use of the plan's daily limit for the API operation it stands for:
 * the same entitlement and counter as the API's calls (so the page and the API share one count),
 * test mode's sample inputs free as on a test key, and a refused action's use given back, as the
 * API gives back a refused call's. `action` gets the uses left today (Infinity when not counted).
 */
export async function withDailyUse<T>(
  web: WebServices,
  { account, session }: SignedIn,
  use: { operation: string; what: string; sample?: Record<string, unknown> },
  action: (remaining: number) => Promise<T>,
): Promise<T> {
  const entitlement = web.access.entitlements.of(use.operation, account.plan);
  if (!entitlement) throw new DomainError('forbidden', `Your plan does not include ${use.what}.`);
  const free = session.mode === 'test' && use.sample !== undefined && isTestModeSample(use.operation, use.sample);
  const state = free
    ? null
    : await web.access.quotas.take(accountQuotaSubject(account.id), entitlement, web.clock.now());
  if (state && !state.granted)
    throw new DomainError(
      'quota_exceeded',
      `Your plan includes ${state.limit} ${use.what} a day, all used; more after 00:00 UTC.`,
    );
  try {
    return await action(state ? state.remaining : Number.POSITIVE_INFINITY);
  } catch (error) {
    if (state) await web.access.quotas.giveBack(state);
    throw error;
  }
}
