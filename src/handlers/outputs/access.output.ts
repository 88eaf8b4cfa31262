import type { components } from '../../generated/api';
import { isoTime, isoTimeOrNull } from './time';
import {
  type Account,
  type ApiKeyRecord,
  keyStatus,
  type OAuthClientRecord,
  type PlanChangeRecord,
} from '../../domain/access';

type Schemas = components['schemas'];

export function toApiAccount(account: Account): Schemas['Account'] {
  return {
    id: account.id,
    object: 'account',
    email: account.email,
    plan: account.plan,
    created_at: isoTime(account.createdAt),
  };
}

/** Only the prefix and last four characters of a key ever leave after its creation. */
export function toApiKey(key: ApiKeyRecord, now: number): Schemas['ApiKey'] {
  return {
    id: key.id,
    object: 'api_key',
    name: key.name,
    mode: key.mode,
    prefix: key.prefix,
    last4: key.last4,
    status: keyStatus(key, now),
    created_at: isoTime(key.createdAt),
    last_used_at: isoTimeOrNull(key.lastUsedAt),
    expires_at: isoTimeOrNull(key.expiresAt),
    revoked_at: isoTimeOrNull(key.revokedAt),
  };
}

export function toApiKeyWithSecret(
  key: { secret: string; record: ApiKeyRecord },
  now: number,
): Schemas['ApiKeyWithSecret'] {
  return { ...toApiKey(key.record, now), secret: key.secret };
}

export function toApiOAuthClient(client: OAuthClientRecord): Schemas['OAuthClient'] {
  return {
    id: client.id,
    object: 'oauth_client',
    name: client.name,
    scopes: client.scopes as Schemas['OAuthScope'][],
    created_at: isoTime(client.createdAt),
    revoked_at: isoTimeOrNull(client.revokedAt),
  };
}

export function toApiPlanChange(change: PlanChangeRecord): Schemas['PlanChange'] {
  return {
    id: change.id,
    object: 'plan_change',
    account_id: change.accountId,
    from_plan: change.fromPlan,
    to_plan: change.toPlan,
    changed_by: change.changedBy,
    reason: change.reason,
    changed_at: isoTime(change.changedAt),
  };
}
