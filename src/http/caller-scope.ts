import type { CallContext } from './operation';
import { type AccountScope, type Caller, DomainError } from '../domain/shared';

/** The account the call authenticated as; the access middleware guarantees one on account operations. */
function accountIdOf(call: CallContext): string {
  const caller: Caller = call.caller;
  if (caller.kind !== 'account') throw new DomainError('unauthenticated', 'Authentication required.');
  return caller.accountId;
}

/** The account and the key's mode: a test key (tl_test_) reaches only the account's test-mode resources. */
export function accountModeOf(call: CallContext): { accountId: string; livemode: boolean } {
  const accountId = accountIdOf(call);
  return { accountId, livemode: call.caller.kind === 'account' && call.caller.mode === 'live' };
}

/** The caller's account, mode and plan: what every account API call is scoped to. */
export function accountScopeOf(call: CallContext): AccountScope {
  const { accountId, livemode } = accountModeOf(call);
  return { accountId, livemode, plan: call.caller.kind === 'account' ? call.caller.plan : 'free' };
}
