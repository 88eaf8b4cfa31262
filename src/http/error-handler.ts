import type { NextFunction, Request, Response } from 'express';
import { HttpProblem, problemKindOfDomainError, ProblemFieldError } from './problem';
import { requestIdOf } from './request-id';
import { writeBody } from './response-writer';
import { accessLocalsOf } from './access';
import { OAuthError } from '../domain/access';
import { DomainError } from '../domain/shared';
import { isStorageFull } from '../db/storage-health';

interface ValidatorError {
  status: number;
  message: string;
  errors?: Array<{ path: string; message: string }>;
}

interface BodyParserError {
  /** Absent when the body could not be decompressed (the zlib error passed on as a 400). */
  type?: string;
  status: number;
  limit?: number;
}

function isValidatorError(error: unknown): error is ValidatorError {
  return (
    typeof error === 'object' && error !== null && 'status' in error && Array.isArray((error as ValidatorError).errors)
  );
}

/** body-parser's errors: http-errors with a client status, exposed; a bad body encoding has no type. */
function isBodyParserError(error: unknown): error is BodyParserError {
  if (typeof error !== 'object' || error === null || isValidatorError(error)) return false;
  const { type, status, expose } = error as BodyParserError & { expose?: boolean };
  return typeof status === 'number' && (typeof type === 'string' || (expose === true && status >= 400 && status < 500));
}

/**
 * express-openapi-validator paths look like `/body/hts_code` or `/query/limit`; they are our pointers,
 * but for path parameters, which it roots at `/params` where our problems (and domain errors) say `/path`.
 */
function pointerOf(path: string): string {
  const pointer = path.startsWith('/') ? path.replace(/\./g, '/') : `/${path.replace(/\./g, '/')}`;
  return pointer.replace(/^\/params\//, '/path/');
}

/** The validator's format messages, said as a person would (the formats are RFC 3339's: src/http/openapi-validation.ts). */
const formatNames: Record<string, string> = {
  'must match format "date"': 'a calendar date YYYY-MM-DD',
  'must match format "date-time"': 'an RFC 3339 time',
};
const anyOfFailure = /^must match (a|exactly one) schema in (anyOf|oneOf)$/;

/**
 * One message per field: where a value may take one of several forms (a date or a time), ajv reports
 * each form's failure and then the choice's; they become one "must be X or Y".
 */
function fieldErrors(error: ValidatorError): ProblemFieldError[] {
  const all = (error.errors ?? []).map((e) => ({ pointer: pointerOf(e.path), message: e.message }));
  const choices = new Set(all.filter((e) => anyOfFailure.test(e.message)).map((e) => e.pointer));
  // A choice failed inside one of its forms (a claim object whose date is wrong): that deeper error
  // says what to fix; the other forms' failures at the choice itself ("must be string") do not.
  const raw = all.filter(
    (e) => !choices.has(e.pointer) || !all.some((other) => other.pointer.startsWith(`${e.pointer}/`)),
  );
  const errors: ProblemFieldError[] = [];
  for (const pointer of new Set(raw.map((e) => e.pointer))) {
    const messages = raw.filter((e) => e.pointer === pointer).map((e) => e.message);
    const forms = messages.filter((m) => !anyOfFailure.test(m)).map((m) => formatNames[m]);
    if (choices.has(pointer) && forms.length > 0 && forms.every((form) => form !== undefined)) {
      const names = forms.map((form) => form.replace(/ YYYY-MM-DD$/, ''));
      errors.push({ pointer, message: `must be ${names.join(' or ')}` });
      continue;
    }
    for (const message of messages)
      errors.push({ pointer, message: formatNames[message] ? `must be ${formatNames[message]}` : message });
  }
  return errors;
}

function fromValidator(error: ValidatorError): HttpProblem {
  const errors = fieldErrors(error);
  switch (error.status) {
    case 400:
      return new HttpProblem('validation-failed', error.message.replace(/request\//g, ''), errors);
    case 404:
      return new HttpProblem('not-found', 'No such route.');
    case 405:
      return new HttpProblem('method-not-allowed', error.message);
    case 413:
      return new HttpProblem('payload-too-large', error.message);
    case 415:
      return new HttpProblem('unsupported-media-type', 'Send the body as application/json.');
    default:
      return new HttpProblem('internal');
  }
}

function fromBodyParser(error: BodyParserError): HttpProblem {
  switch (error.type) {
    case 'entity.too.large':
      return new HttpProblem('payload-too-large', `The body is larger than the limit of ${error.limit} bytes.`);
    case 'entity.parse.failed':
      return new HttpProblem('malformed-json', 'The body is not valid JSON.');
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new HttpProblem('unsupported-media-type', 'Send the body as UTF-8 application/json.');
    case undefined:
      return new HttpProblem(
        'validation-failed',
        'The body could not be decompressed: it is not what its Content-Encoding says.',
        [{ pointer: '/headers/content-encoding', message: 'does not match the body' }],
      );
    default:
      return new HttpProblem('validation-failed', 'The request body could not be read.');
  }
}

const busyRetryAfterSeconds = 2;

function fromDomain(error: DomainError): HttpProblem {
  if (error instanceof OAuthError) {
    return new HttpProblem(
      problemKindOfDomainError[error.kind],
      error.message,
      undefined,
      {},
      { error: error.error, error_description: error.message },
    );
  }
  const errors = error.issues.map((issue) => ({
    pointer:
      issue.field === '' ? `/${issue.in ?? 'body'}` : `/${issue.in ?? 'body'}/${issue.field.replace(/\./g, '/')}`,
    message: issue.message,
    ...issue.edi,
  }));
  // A busy service says when to come back, as a not-ready one does.
  const headers: Record<string, string> = error.kind === 'busy' ? { 'Retry-After': String(busyRetryAfterSeconds) } : {};
  // The domain's conflict codes are the conflict type's situation codes.
  return new HttpProblem(
    problemKindOfDomainError[error.kind],
    error.message,
    errors,
    headers,
    error.extensions,
    error.code,
  );
}

/** The validator's answer to a method and path the host's document does not declare. */
export function isRouteMiss(error: unknown): boolean {
  return isValidatorError(error) && error.status === 404;
}

export function toProblem(error: unknown): HttpProblem {
  if (error instanceof HttpProblem) return error;
  if (error instanceof DomainError) return fromDomain(error);
  // The router could not decode a path parameter (a malformed percent-escape such as %ZZ).
  if (error instanceof URIError)
    return new HttpProblem('validation-failed', 'The path holds a malformed percent-escape.');
  if (isValidatorError(error)) return fromValidator(error);
  if (isBodyParserError(error)) return fromBodyParser(error);
  if (isStorageFull(error))
    return new HttpProblem(
      'service-unavailable',
      "The database's storage is full: nothing was stored. Retry later; reads keep working.",
      undefined,
      { 'Retry-After': String(storageFullRetryAfterSeconds) },
    );
  return new HttpProblem('internal');
}

/** Freeing disk space is an operator's work: minutes, not seconds. */
const storageFullRetryAfterSeconds = 60;

/**
 * The last middleware of every host: any error becomes an RFC 9457 problem. Unexpected failures
 * are logged with their stack and answered with only the request id, never internals.
 */
export function problemErrorHandler(error: unknown, req: Request, res: Response, next: NextFunction): void {
  if (res.headersSent) {
    next(error);
    return;
  }
  const problem = toProblem(error);
  if (problem.status >= 500) req.log.error({ err: error }, 'request failed');
  const giveBackUse = accessLocalsOf(res)?.giveBackUse;
  if (giveBackUse === undefined) {
    sendProblem(req, res, problem);
    return;
  }
  // The use this call took is back before the caller learns of the rejection (never fails: it logs),
  // unless the database is so slow that the answer would wait longer than a caller should.
  void settledWithin(giveBackUse(), giveBackWaitMs).then(() => {
    if (!res.headersSent) sendProblem(req, res, problem);
  });
}

/** How long a refusal waits for its quota use to be given back before it is answered anyway. */
const giveBackWaitMs = 2000;

/** Resolves when the work is done or the time is up, whichever comes first (the work goes on). */
function settledWithin(work: Promise<void>, milliseconds: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeUp = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, milliseconds);
  });
  return Promise.race([work, timeUp]).finally(() => clearTimeout(timer));
}

export function sendProblem(req: Request, res: Response, problem: HttpProblem): void {
  for (const [name, value] of Object.entries(problem.headers)) res.setHeader(name, value);
  // Written as text: the response validator's json hook does not re-validate a problem it raised.
  const document = problem.toDocument(requestIdOf(req), req.originalUrl.split('?')[0]);
  writeBody(res, problem.status, 'application/problem+json', JSON.stringify(document));
}
