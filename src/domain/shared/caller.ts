/** The plans an account can be on (the admin path names them exactly so). */
export const planNames = ['free', 'tariff_pro', 'business'] as const;
export type PlanName = (typeof planNames)[number];

/** Keyless public calls are entitled as this pseudo-plan and counted per client IP. */
export type EntitlementPlan = PlanName | 'anonymous';

export type KeyMode = 'live' | 'test';

export type Caller =
  | { kind: 'anonymous'; ip: string }
  | {
      kind: 'account';
      accountId: string;
      plan: PlanName;
      mode: KeyMode;
      /** How the caller proved itself: an API key, or an OAuth access token with its scopes. */
      credential:
        | {
            type: 'api_key';
            keyId: string;
            /** Set once the key is rotated: the end of its grace period. */ expiresAt: number | null;
          }
        | { type: 'oauth_token'; clientId: string; scopes: string[] };
    };

export function entitlementPlanOf(caller: Caller): EntitlementPlan {
  return caller.kind === 'anonymous' ? 'anonymous' : caller.plan;
}

/** Whose idempotency records a call uses: live and test traffic never share. */
export function subjectOf(caller: Caller): string {
  return caller.kind === 'anonymous' ? `ip:${caller.ip}` : `${caller.accountId}:${caller.mode}`;
}

/**
 * Whose daily quota a call draws on: an account's, whatever the key's mode (a test key's calls
 * beyond the sample inputs count with the live ones), or a client IP's.
 */
export function quotaSubjectOf(caller: Caller): string {
  return caller.kind === 'anonymous' ? `ip:${caller.ip}` : accountQuotaSubject(caller.accountId);
}

/** An account's one daily quota subject, whichever key or person draws on it. */
export const accountQuotaSubject = (accountId: string): string => `${accountId}:live`;
