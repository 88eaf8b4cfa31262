import { accountQuotaSubject, DomainError, type PlanName } from '../domain/shared';
import type { WebServices } from './web-context';

/**
 * One use of the plan's daily limit for an operation, counted in the same bucket as the API's call
 * of it (a tool page never has a quota of its own). Null when the plan has no daily limit on it;
 * the caller gives a refused use back with `web.access.quotas.giveBack`, as the API does.
 */
export async function takeDailyQuota(
  web: WebServices,
  account: { id: string; plan: PlanName },
  operationId: string,
  uses: string,
) {
  const entitlement = web.access.entitlements.of(operationId, account.plan);
  if (!entitlement) throw new DomainError('forbidden', `Your plan does not include ${uses}.`);
  const state = await web.access.quotas.take(accountQuotaSubject(account.id), entitlement, web.clock.now());
  if (state && !state.granted)
    throw new DomainError(
      'quota_exceeded',
      `Your plan includes ${state.limit} ${uses} a day, all used; more after 00:00 UTC.`,
    );
  return state;
}
