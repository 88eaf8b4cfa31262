import crypto from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import onHeaders from 'on-headers';
import { Caller, entitlementPlanOf, subjectOf } from '../domain/access/caller';
import type { Entitlement } from '../domain/access/entitlements';
import type { QuotaState } from '../domain/access/quota.service';
import { sameDigest, sha256Hex } from '../domain/access/secrets';
import type { Clock } from '../domain/clock';
import type { AccessServices } from '../hosts/access-services';
import type { HostOperation } from '../hosts/host-document';
import { metricsAccess } from './metrics-access';
import { HttpProblem } from './problem';

/**
 * The access part of a request's path, built per operation from what the spec says of it:
 * authenticate (security) → entitlement (plan includes the operation) → idempotency (replays
 * charge nothing) → quota (one atomic take; given back when the call is rejected).
 */

export interface AccessLocals {
  caller: Caller;
  quota: QuotaState | null;
}

export function accessLocalsOf(res: Response): AccessLocals | undefined {
  return res.locals.access as AccessLocals | undefined;
}

type SecurityRequirement = Record<string, string[]>;

interface SecurityRules {
  apiKey: boolean;
  bearer: boolean;
  /** Scopes an OAuth token needs; null when tokens may not call the operation. */
  oauthScopes: string[] | null;
  anonymous: boolean;
}

function securityRulesOf(operation: HostOperation): SecurityRules | null {
  const requirements = (operation.definition.security as SecurityRequirement[] | undefined) ?? [];
  if (requirements.length === 0) return null;
  const oauth = requirements.find((r) => 'OAuth2' in r);
  return {
    apiKey: requirements.some((r) => 'ApiKeyAuth' in r),
    bearer: requirements.some((r) => 'BearerAuth' in r),
    oauthScopes: oauth ? oauth.OAuth2 : null,
    anonymous: requirements.some((r) => Object.keys(r).length === 0),
  };
}

/** The caller's address: the socket's, or what trusted proxies say (TRUST_PROXY). */
export const clientIpOf = (req: Request): string => req.ip ?? req.socket.remoteAddress ?? 'unknown';

const bearerOf = (req: Request): string | undefined => /^Bearer\s+(\S+)$/i.exec(req.get('authorization') ?? '')?.[1];

function authenticate(rules: SecurityRules, access: AccessServices): RequestHandler {
  const challenge = rules.apiKey ? 'ApiKey header="X-API-Key"' : 'Bearer realm="tradelane"';
  return async (req, res, next) => {
    try {
      const apiKey = rules.apiKey ? req.get('x-api-key') : undefined;
      const bearer = rules.bearer ? bearerOf(req) : undefined;
      let caller: Caller;
      if (apiKey !== undefined) caller = await access.accounts.authenticateKey(apiKey);
      else if (bearer !== undefined) caller = await access.accounts.authenticateBearer(bearer);
      else if (rules.anonymous) caller = { kind: 'anonymous', ip: clientIpOf(req) };
      else throw new HttpProblem('unauthenticated', rules.apiKey ? 'Send your API key in the X-API-Key header.' : 'Send Authorization: Bearer <API key or access token>.');
      if (caller.kind === 'account' && caller.credential.type === 'oauth_token') {
        if (rules.oauthScopes === null) throw new HttpProblem('forbidden-plan', 'Access tokens cannot call this operation; use an API key.');
        const missing = rules.oauthScopes.filter((scope) => !(caller.credential as { scopes: string[] }).scopes.includes(scope));
        if (missing.length > 0) throw new HttpProblem('forbidden-plan', `The access token lacks the scope(s): ${missing.join(' ')}.`, undefined, { 'WWW-Authenticate': `Bearer error="insufficient_scope", scope="${rules.oauthScopes.join(' ')}"` });
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
      next(new HttpProblem('forbidden-plan', plan === 'anonymous' ? 'This operation needs an API key.' : `Your plan (${plan}) does not include this operation.`));
      return;
    }
    res.locals.entitlement = entitlement;
    next();
  };
}

const idempotencyKeyPattern = /^[\x21-\x7e]{1,255}$/;
const idempotencyWindowMs = 24 * 3600 * 1000;
/** Response headers worth replaying; the rest (request id, rate-limit state) belong to each call. */
const replayedHeaders = ['content-type', 'location'];

/** What makes two requests "the same" for an Idempotency-Key: operation, URL and body. */
export function requestFingerprint(operationId: string, url: string, body: unknown): string {
  return crypto.createHash('sha256').update(`${operationId}\n${url}\n${JSON.stringify(body ?? null)}`).digest('hex');
}

function idempotency(operation: HostOperation, access: AccessServices, clock: Clock): RequestHandler {
  return async (req, res, next) => {
    const key = req.get('idempotency-key');
    if (key === undefined) return next();
    if (!idempotencyKeyPattern.test(key)) {
      return next(new HttpProblem('validation-failed', 'Idempotency-Key must be 1 to 255 visible ASCII characters.', [{ pointer: '/headers/idempotency-key', message: 'must be 1 to 255 visible ASCII characters' }]));
    }
    const owner = subjectOf((accessLocalsOf(res) as AccessLocals).caller);
    // An upload's files count too: the same key with another file is another request.
    const files = (req.files as Express.Multer.File[] | undefined)?.map((f) => [f.fieldname, crypto.createHash('sha256').update(f.buffer).digest('hex')]);
    const requestHash = requestFingerprint(operation.operationId, req.originalUrl, files ? { body: req.body, files } : req.body);
    try {
      const now = clock.now().getTime();
      const begun = await access.idempotency.begin(owner, key, requestHash, now, now + idempotencyWindowMs);
      if (begun.outcome === 'mismatch') return next(new HttpProblem('idempotency-mismatch', 'This Idempotency-Key was used with a different request in the last 24 hours.'));
      if (begun.outcome === 'in_progress') return next(new HttpProblem('conflict', 'A request with this Idempotency-Key is still being processed; retry shortly.'));
      if (begun.outcome === 'replay') {
        for (const [name, value] of Object.entries(begun.response.headers)) res.setHeader(name, value);
        res.setHeader('Idempotency-Replayed', 'true');
        res.status(begun.response.status).send(begun.response.body);
        return;
      }
    } catch (error) {
      return next(error);
    }
    // Keep the first response: a definite answer (2xx–4xx but 409 and 429) is replayed for 24 hours;
    // throttling, conflicts and server failures are forgotten so a retry can succeed.
    let body = '';
    const send = res.send.bind(res);
    res.send = (chunk?: unknown) => {
      if (typeof chunk === 'string') body = chunk;
      else if (Buffer.isBuffer(chunk)) body = chunk.toString('utf8');
      return send(chunk);
    };
    res.on('finish', () => {
      const keep = res.statusCode < 500 && res.statusCode !== 429 && res.statusCode !== 409;
      const headers = Object.fromEntries(replayedHeaders.flatMap((name) => (res.getHeader(name) !== undefined ? [[name, String(res.getHeader(name))]] : [])));
      const settle = keep ? access.idempotency.complete(owner, key, { status: res.statusCode, headers, body }) : access.idempotency.abandon(owner, key);
      settle.catch((error: unknown) => req.log.error({ err: error }, 'idempotency record not settled'));
    });
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

function quota(access: AccessServices, clock: Clock): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    const locals = accessLocalsOf(res) as AccessLocals;
    const entitlement = res.locals.entitlement as Entitlement;
    try {
      const now = clock.now();
      const state = await access.quotas.take(subjectOf(locals.caller), entitlement, now);
      if (state === null) return next();
      locals.quota = state;
      if (!state.granted) {
        const headers = rateLimitHeaders(state, now);
        const retryAfter = Math.max(1, Math.ceil((state.resetAt.getTime() - now.getTime()) / 1000));
        const problem =
          state.window === 'second'
            ? new HttpProblem('rate-limited', `${state.limit} ${state.bucket} calls a second at most; retry in ${retryAfter} second.`, undefined, { ...headers, 'Retry-After': String(retryAfter) })
            : new HttpProblem('quota-exceeded', `${state.limit} of ${state.limit} ${state.bucket} calls used today; the quota resets at 00:00 UTC.`, undefined, { ...headers, 'Retry-After': String(retryAfter) });
        return next(problem);
      }
      for (const [name, value] of Object.entries(rateLimitHeaders(state, now))) res.setHeader(name, value);
      // A rejected call does not use up a daily quota: give its use back, and say so in the headers it
      // carries. A per-second rate limit counts every call, as every call loads the service.
      onHeaders(res, () => {
        if (res.statusCode < 400 || state.window === 'second') return;
        for (const [name, value] of Object.entries(rateLimitHeaders(state, now, state.remaining + 1))) res.setHeader(name, value);
        access.quotas.giveBack(state).catch((error: unknown) => req.log.error({ err: error }, 'quota not given back'));
      });
      next();
    } catch (error) {
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
      next(new HttpProblem('unauthenticated', adminTokenSha256 === null ? 'The admin API is not enabled on this deployment.' : 'The admin token is not valid.'));
      return;
    }
    next();
  };
}

/** The access middleware of one operation; empty for operations open to all (health, docs). */
export function accessControl(operation: HostOperation, access: AccessServices, clock: Clock, adminTokenSha256: string | null, metricsTokenSha256: string | null): RequestHandler[] {
  const requirements = (operation.definition.security as SecurityRequirement[] | undefined) ?? [];
  if (requirements.some((r) => 'AdminToken' in r)) return [adminOnly(adminTokenSha256)];
  if (requirements.some((r) => 'MetricsToken' in r)) return [metricsAccess(metricsTokenSha256)];
  const rules = securityRulesOf(operation);
  if (rules === null) return [];
  if (!access.entitlements.operationIds.has(operation.operationId)) {
    throw new Error(`${operation.operationId} requires authentication but has no entry in entitlements.yaml`);
  }
  const chain = [authenticate(rules, access), entitle(operation, access)];
  if (operation.method === 'post' && operation.definition['x-idempotent'] !== false) chain.push(idempotency(operation, access, clock));
  chain.push(quota(access, clock));
  return chain;
}
