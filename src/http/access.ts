import type { NextFunction, Request, RequestHandler, Response } from 'express';
import onHeaders from 'on-headers';
import type { HostOperation } from './host-document';
import { metricsAccess } from './metrics-access';
import { idempotency } from './idempotency';
import { HttpProblem } from './problem';
import { isStorageFull } from '../db/storage-health';
import { Caller, type Clock, entitlementPlanOf, quotaSubjectOf } from '../domain/shared';
import {
  type AccountService,
  type Entitlement,
  type Entitlements,
  type IdempotencyStore,
  isCounted,
  isTestModeSample,
  type QuotaService,
  type QuotaState,
  sameDigest,
  sha256Hex,
} from '../domain/access';

/** Who may call what, how often, and the replay of idempotent requests: built once per process. */
export interface AccessServices {
  accounts: AccountService;
  entitlements: Entitlements;
  quotas: QuotaService;
  idempotency: IdempotencyStore;
}

/**
 * The access part of a request's path, built per operation from what the spec says of it:
 * authenticate (security) → entitlement (plan includes the operation) → idempotency (replays
 * charge nothing) → quota (one atomic take; given back when the call is rejected).
 */

export interface AccessLocals {
  caller: Caller;
  quota: QuotaState | null;
  /**
   * Set when this call took a daily use: gives it back (once) if the call is rejected. The problem
   * handler awaits it before answering, so the caller's next call, in any process, finds the use back.
   */
  giveBackUse?: () => Promise<void>;
}

export function accessLocalsOf(res: Response): AccessLocals | undefined {
  return res.locals.access as AccessLocals | undefined;
}

type SecurityRequirement = Record<string, string[]>;

interface SecurityRules {
  /** False on keyless-only operations (sign-up): credentials sent there are not read. */
  takesKey: boolean;
  /** Scopes an OAuth token needs; null when tokens may not call the operation. */
  oauthScopes: string[] | null;
  anonymous: boolean;
}

function securityRulesOf(operation: HostOperation): SecurityRules | null {
  const requirements = (operation.definition.security as SecurityRequirement[] | undefined) ?? [];
  if (requirements.length === 0) return null;
  const oauth = requirements.find((r) => 'OAuth2' in r);
  return {
    takesKey: requirements.some((r) => 'ApiKeyAuth' in r || 'BearerAuth' in r),
    oauthScopes: oauth ? oauth.OAuth2 : null,
    anonymous: requirements.some((r) => Object.keys(r).length === 0),
  };
}

/** The caller's address: the socket's, or what trusted proxies say (TRUST_PROXY). */
export const clientIpOf = (req: Request): string => req.ip ?? req.socket.remoteAddress ?? 'unknown';

/**
 * The credential a request carries: `X-API-Key`, else `Authorization`. Present but not a Bearer
 * credential (another scheme, an empty value) counts as sent, so it is refused, never ignored.
 */
export function credentialOf(req: Request): { header: 'x-api-key' | 'authorization'; value: string } | null {
  const apiKey = req.get('x-api-key');
  if (apiKey !== undefined) return { header: 'x-api-key', value: apiKey.trim() };
  const authorization = req.get('authorization');
  if (authorization === undefined) return null;
  return { header: 'authorization', value: /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1] ?? '' };
}

/** Both ways to send a key are accepted on every operation that takes one. */
const challenge = 'ApiKey header="X-API-Key", Bearer realm="tradelane"';

function authenticate(rules: SecurityRules, access: AccessServices): RequestHandler {
  return async (req, res, next) => {
    try {
      const credential = rules.takesKey ? credentialOf(req) : null;
      let caller: Caller;
      if (credential === null) {
        if (!rules.anonymous)
          throw new HttpProblem(
            'unauthenticated',
            'Send your API key in the X-API-Key header or as Authorization: Bearer <key>.',
          );
        caller = { kind: 'anonymous', ip: clientIpOf(req) };
      } else if (credential.value === '') {
        throw new HttpProblem(
          'unauthenticated',
          credential.header === 'x-api-key'
            ? 'The X-API-Key header is empty.'
            : 'Authorization must be Bearer <API key or access token>.',
        );
      } else if (credential.header === 'x-api-key') {
        caller = await access.accounts.authenticateKey(credential.value);
      } else {
        caller = await access.accounts.authenticateBearer(credential.value);
      }
      if (caller.kind === 'account' && caller.credential.type === 'oauth_token') {
        if (rules.oauthScopes === null)
          throw new HttpProblem('forbidden-plan', 'Access tokens cannot call this operation; use an API key.');
        const missing = rules.oauthScopes.filter(
          (scope) => !(caller.credential as { scopes: string[] }).scopes.includes(scope),
        );
        if (missing.length > 0)
          throw new HttpProblem(
            'forbidden-plan',
            `The access token lacks the scope(s): ${missing.join(' ')}.`,
            undefined,
            { 'WWW-Authenticate': `Bearer error="insufficient_scope", scope="${rules.oauthScopes.join(' ')}"` },
          );
      }
      res.locals.access = { caller, quota: null } satisfies AccessLocals;
      next();
    } catch (error) {
      if ((error as { kind?: string }).kind === 'unauthenticated') res.setHeader('WWW-Authenticate', challenge);
      next(error);
    }
  };
}

function entitle(operation: HostOperation, access: AccessServices): RequestHandler {
  return (_req, res, next) => {
    const locals = accessLocalsOf(res) as AccessLocals;
    const plan = entitlementPlanOf(locals.caller);
    const entitlement = access.entitlements.of(operation.operationId, plan);
    if (!entitlement) {
      next(
        new HttpProblem(
          'forbidden-plan',
          plan === 'anonymous'
            ? 'This operation needs an API key.'
            : `Your plan (${plan}) does not include this operation.`,
        ),
      );
      return;
    }
    res.locals.entitlement = entitlement;
    next();
  };
}

export function rateLimitHeaders(state: QuotaState, now: Date, remaining = state.remaining): Record<string, string> {
  const resetSeconds = Math.max(0, Math.ceil((state.resetAt.getTime() - now.getTime()) / 1000));
  return {
    'RateLimit-Policy': `"${state.bucket}";q=${state.limit};w=${state.window === 'second' ? 1 : 86400}`,
    RateLimit: `"${state.bucket}";r=${remaining};t=${resetSeconds}`,
    'X-RateLimit-Limit': String(state.limit),
    'X-RateLimit-Remaining': String(remaining),
    'X-RateLimit-Reset': String(Math.floor(state.resetAt.getTime() / 1000)),
  };
}

function quota(operation: HostOperation, access: AccessServices, clock: Clock): RequestHandler {
  const take = takeQuota(access, clock);
  return (req: Request, res: Response, next: NextFunction) => {
    const locals = accessLocalsOf(res) as AccessLocals;
    const entitlement = res.locals.entitlement as Entitlement;
    // Unlimited plans are not counted: on at once, without a clock reading or a promise.
    if (!isCounted(entitlement)) return next();
    // Test mode's sample inputs are free and unlimited; anything else a test key asks counts.
    if (
      locals.caller.kind === 'account' &&
      locals.caller.mode === 'test' &&
      isTestModeSample(operation.operationId, req.body)
    )
      return next();
    return take(req, res, next, locals, entitlement);
  };
}

/** Takes one use of a counted entitlement, or refuses the call (429) with the rate-limit headers. */
function takeQuota(access: AccessServices, clock: Clock) {
  return async (
    req: Request,
    res: Response,
    next: NextFunction,
    locals: AccessLocals,
    entitlement: Entitlement,
  ): Promise<void> => {
    try {
      const now = clock.now();
      const state = await access.quotas.take(quotaSubjectOf(locals.caller), entitlement, now);
      if (state === null) return next();
      locals.quota = state;
      if (!state.granted) {
        const headers = rateLimitHeaders(state, now);
        const retryAfter = Math.max(1, Math.ceil((state.resetAt.getTime() - now.getTime()) / 1000));
        const problem =
          state.window === 'second'
            ? new HttpProblem(
                'rate-limited',
                `${state.limit} ${state.bucket} calls a second at most; retry in ${retryAfter} second.`,
                undefined,
                { ...headers, 'Retry-After': String(retryAfter) },
              )
            : new HttpProblem(
                'quota-exceeded',
                `${state.limit} of ${state.limit} ${state.bucket} calls used today; the quota resets at 00:00 UTC.`,
                undefined,
                { ...headers, 'Retry-After': String(retryAfter) },
              );
        return next(problem);
      }
      for (const [name, value] of Object.entries(rateLimitHeaders(state, now))) res.setHeader(name, value);
      // A rejected call does not use up a daily quota: its use is given back, and its headers say so.
      // A per-second rate limit counts every call, as every call loads the service.
      if (state.window !== 'second') {
        let givenBack: Promise<void> | null = null;
        locals.giveBackUse = () => {
          if (givenBack === null) {
            for (const [name, value] of Object.entries(rateLimitHeaders(state, now, state.remaining + 1)))
              res.setHeader(name, value);
            givenBack = access.quotas
              .giveBack(state)
              .catch((error: unknown) => req.log.error({ err: error }, 'quota not given back'));
          }
          return givenBack;
        };
        // A rejection answered elsewhere than by the problem handler still gives the use back, as it goes out.
        onHeaders(res, () => {
          if (res.statusCode >= 400) void locals.giveBackUse?.();
        });
      }
      next();
    } catch (error) {
      // A per-second rate limit only protects the service: with the storage full (each call writes
      // its counter), calls are served unlimited rather than all refused, reads included.
      if (entitlement.window === 'second' && isStorageFull(error)) {
        req.log.warn({ err: error }, 'rate limit not counted: storage full');
        return next();
      }
      next(error);
    }
  };
}

/** Operator operations: the X-Admin-Token's SHA-256 must match the configured one. */
function adminOnly(adminTokenSha256: string | null): RequestHandler {
  return (req, res, next) => {
    const token = req.get('x-admin-token');
    if (adminTokenSha256 === null || token === undefined || !sameDigest(sha256Hex(token), adminTokenSha256)) {
      res.setHeader('WWW-Authenticate', 'AdminToken header="X-Admin-Token"');
      next(
        new HttpProblem(
          'unauthenticated',
          adminTokenSha256 === null
            ? 'The admin API is not enabled on this deployment.'
            : 'The admin token is not valid.',
        ),
      );
      return;
    }
    next();
  };
}

const isAdminOperation = (operation: HostOperation): boolean =>
  ((operation.definition.security as SecurityRequirement[] | undefined) ?? []).some((r) => 'AdminToken' in r);

/** The admin token check of an operator operation, run before the request is validated; null for the others. */
export function adminGate(operation: HostOperation, adminTokenSha256: string | null): RequestHandler | null {
  return isAdminOperation(operation) ? adminOnly(adminTokenSha256) : null;
}

/** The access middleware of one operation; empty for operations open to all (health, docs) and operator ones (adminGate). */
export function accessControl(
  operation: HostOperation,
  access: AccessServices,
  clock: Clock,
  metricsTokenSha256: string | null,
): RequestHandler[] {
  const requirements = (operation.definition.security as SecurityRequirement[] | undefined) ?? [];
  if (isAdminOperation(operation)) return [];
  if (requirements.some((r) => 'MetricsToken' in r)) return [metricsAccess(metricsTokenSha256)];
  const rules = securityRulesOf(operation);
  if (rules === null) return [];
  // One authentication rule: an operation that takes a key takes it either way.
  if (
    rules.takesKey &&
    (!requirements.some((r) => 'ApiKeyAuth' in r) || !requirements.some((r) => 'BearerAuth' in r))
  ) {
    throw new Error(`${operation.operationId} must list both ApiKeyAuth and BearerAuth in its security`);
  }
  if (!access.entitlements.operationIds.has(operation.operationId)) {
    throw new Error(`${operation.operationId} requires authentication but has no entry in entitlements.yaml`);
  }
  const chain = [authenticate(rules, access), entitle(operation, access)];
  if (operation.method === 'post' && operation.definition['x-idempotent'] !== false)
    chain.push(
      idempotency(operation, access.idempotency, clock, (res) => (accessLocalsOf(res) as AccessLocals).caller),
    );
  chain.push(quota(operation, access, clock));
  return chain;
}
