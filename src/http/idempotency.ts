import crypto from 'node:crypto';
import type { RequestHandler, Response } from 'express';
import type { HostOperation } from './host-document';
import { uploadedFilesOf } from './multipart-upload';
import { HttpProblem } from './problem';
import { idempotencyLeaseMs } from './request-budget';
import { type Answer, beforeAnswer, writeBody } from './response-writer';
import { Caller, type Clock, subjectOf } from '../domain/shared';
import { type IdempotencyStore, sha256Hex } from '../domain/access';

/**
 * Idempotency-Key on POSTs: the first definite answer is kept for 24 hours and replayed. Records
 * never hold a secret, and never stick: a record is settled when its operation answers, whether or
 * not the client is still there, and one left in progress by a dead process is taken over after a lease.
 */

const keyPattern = /^[\x21-\x7e]{1,255}$/;
const windowMs = 24 * 3600 * 1000;
/** Response headers worth replaying; the rest (request id, rate-limit state) belong to each call. */
const replayedHeaders = ['content-type', 'location'];
/** Members that carry a secret shown once: a key, a client secret, a token. */
const secretMembers = new Set(['secret', 'client_secret', 'access_token']);

/** What makes two requests "the same" for an Idempotency-Key: operation, URL and body. */
export function requestFingerprint(operationId: string, url: string, body: unknown): string {
  return crypto
    .createHash('sha256')
    .update(`${operationId}\n${url}\n${JSON.stringify(body ?? null)}`)
    .digest('hex');
}

/**
 * Whose record a key names: an account in one mode; an anonymous caller by its address and its
 * request together, so people behind one address (an office's NAT) never meet each other's answers.
 */
export function idempotencyOwnerOf(caller: Caller, requestHash: string): string {
  return caller.kind === 'anonymous' ? `anon:${sha256Hex(`${caller.ip}\n${requestHash}`)}` : subjectOf(caller);
}

/** The JSON body with every secret left out, and the ids of the objects that held one. */
export function withoutSecrets(body: string): { body: string; secretWithheldFrom: string[] } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return { body, secretWithheldFrom: [] };
  }
  const heldBy: string[] = [];
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (value === null || typeof value !== 'object') return value;
    const entries = Object.entries(value as Record<string, unknown>);
    const kept = entries.filter(([name, member]) => !(secretMembers.has(name) && typeof member === 'string'));
    if (kept.length < entries.length) heldBy.push(String((value as { id?: unknown }).id ?? 'unknown'));
    return Object.fromEntries(kept.map(([name, member]) => [name, strip(member)]));
  };
  const stripped = strip(parsed);
  return heldBy.length > 0
    ? { body: JSON.stringify(stripped), secretWithheldFrom: heldBy }
    : { body, secretWithheldFrom: [] };
}

/** How long an answer may wait for its record to be stored before it is written anyway. */
const settleWaitMs = 2000;

/**
 * Runs `settle` with the operation's complete answer, and has the answer written only once the
 * record is stored (or after `settleWaitMs`, so a stalled database never holds answers): a client
 * that sends the same request again as soon as it has the answer finds it replayed, not "still being
 * processed". The record is settled whether or not the client is still there: the operation still answers.
 */
function settleBeforeAnswer(res: Response, settle: (answer: Answer) => Promise<void>): void {
  beforeAnswer(res, (answer) => {
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, settleWaitMs);
    });
    return Promise.race([settle(answer), waited]).finally(() => clearTimeout(timer));
  });
}

export function idempotency(
  operation: HostOperation,
  store: IdempotencyStore,
  clock: Clock,
  callerOf: (res: Response) => Caller,
): RequestHandler {
  return async (req, res, next) => {
    const key = req.get('idempotency-key');
    if (key === undefined) return next();
    if (!keyPattern.test(key)) {
      return next(
        new HttpProblem('validation-failed', 'Idempotency-Key must be 1 to 255 visible ASCII characters.', [
          { pointer: '/headers/idempotency-key', message: 'must be 1 to 255 visible ASCII characters' },
        ]),
      );
    }
    // An upload's files count too: the same key with another file is another request.
    const uploads = uploadedFilesOf(req);
    const requestHash = requestFingerprint(
      operation.operationId,
      req.originalUrl,
      uploads.length > 0 ? { body: req.body, files: uploads.map((f) => [f.field, f.sha256]) } : req.body,
    );
    const owner = idempotencyOwnerOf(callerOf(res), requestHash);
    try {
      const now = clock.now().getTime();
      const begun = await store.begin(owner, key, requestHash, {
        now,
        expiresAt: now + windowMs,
        staleBefore: now - idempotencyLeaseMs,
      });
      if (begun.outcome === 'mismatch')
        return next(
          new HttpProblem(
            'idempotency-mismatch',
            'This Idempotency-Key was used with a different request in the last 24 hours.',
          ),
        );
      if (begun.outcome === 'in_progress')
        return next(
          new HttpProblem(
            'conflict',
            'A request with this Idempotency-Key is still being processed; retry shortly.',
            undefined,
            {},
            {},
            'idempotency_in_progress',
          ),
        );
      if (begun.outcome === 'replay') {
        res.setHeader('Idempotency-Replayed', 'true');
        if (begun.response.secretWithheldFrom.length > 0) {
          const made = begun.response.secretWithheldFrom.join(', ');
          return next(
            new HttpProblem(
              'idempotency-secret-withheld',
              `The request with this Idempotency-Key already succeeded and made ${made}. Its secret was shown once, in that answer, and is not kept: list the resource to see it without its secret, or rotate or recreate it for a new secret.`,
            ),
          );
        }
        for (const [name, value] of Object.entries(begun.response.headers)) res.setHeader(name, value);
        writeBody(res, begun.response.status, undefined, begun.response.body);
        return;
      }
    } catch (error) {
      return next(error);
    }
    // Keep the first response: a definite answer (2xx–4xx but 409 and 429) is replayed for 24 hours;
    // throttling, conflicts and server failures are forgotten so a retry can succeed.
    settleBeforeAnswer(res, (answer) => {
      const keep = answer.status < 500 && answer.status !== 429 && answer.status !== 409;
      const headers = Object.fromEntries(
        replayedHeaders.flatMap((name) =>
          res.getHeader(name) !== undefined ? [[name, String(res.getHeader(name))]] : [],
        ),
      );
      const settle = keep
        ? store.complete(owner, key, { status: answer.status, headers, ...withoutSecrets(answer.body) })
        : store.abandon(owner, key);
      return settle.catch((error: unknown) => req.log.error({ err: error }, 'idempotency record not settled'));
    });
    next();
  };
}
