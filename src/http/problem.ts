import type { DomainErrorKind } from '../domain/shared';

export const problemTypeBase = 'https://docs.tradelane.dev/problems/';

/**
 * The catalogue of problem types, one entry per kind of error: its stable type URI slug, status,
 * title (RFC 9457 §3.1) and what it means and what to do, as served at `/problems/{type}` on every
 * host. docs/errors.md and the spec's error table list the same kinds (a test keeps them in step).
 */
export const problemKinds = {
  'validation-failed': {
    status: 400,
    title: 'Invalid request',
    description:
      'A parameter, header or body field is missing, unknown or invalid. `errors[]` names each one with a JSON pointer rooted at `/body`, `/query`, `/path` or `/headers`; correct those fields and send the request again.',
  },
  'malformed-json': {
    status: 400,
    title: 'Malformed JSON',
    description: 'The body is not valid JSON. Check quoting and commas, and send it as `application/json`.',
  },
  unauthenticated: {
    status: 401,
    title: 'Authentication required',
    description:
      'The operation needs an API key or access token and none was sent, or the one sent is invalid, expired, revoked or rotated out. Send a valid key as `X-API-Key` or `Authorization: Bearer`.',
  },
  'insufficient-credits': {
    status: 402,
    title: 'Insufficient credits',
    description:
      'The operation costs credits the account does not have. `balance` and `required_credits` say what is missing. Add credits to the account; test keys use the free sandbox.',
  },
  'forbidden-plan': {
    status: 403,
    title: 'Not included in your plan',
    description:
      "The account's plan does not include the operation, or the access token lacks the scope it needs. Change the plan, or request a token with the scope.",
  },
  'not-found': {
    status: 404,
    title: 'Not found',
    description:
      "No such route on this host, or no such resource in your account (another account's resources are not found either). When the route is served by another host, `served_by` names the host and its address.",
  },
  'method-not-allowed': {
    status: 405,
    title: 'Method not allowed',
    description:
      'The route exists on this host, but not with this method; the reference lists the methods each route takes.',
  },
  conflict: {
    status: 409,
    title: 'Conflict',
    description:
      "The resource's state forbids the change, the resource already exists (for a tracked reference, `existing_subscription_id`), or a request with the same `Idempotency-Key` is still running. Read the resource, or retry the idempotent request later.",
  },
  'idempotency-secret-withheld': {
    status: 409,
    title: 'Idempotent replay of an answer that held a secret',
    description:
      'The `Idempotency-Key` replays a request whose answer held a secret (sign-up, key creation or rotation, OAuth client creation). Secrets are shown once and never stored, so the answer is not repeated; `detail` names what the first request made. List or read those resources, or rotate the key if its secret was lost.',
  },
  'payload-too-large': {
    status: 413,
    title: 'Payload too large',
    description:
      'The body is over the size limit, or the request asks for more than the operation takes (the limit is named in `detail`). Split the request.',
  },
  'unsupported-media-type': {
    status: 415,
    title: 'Unsupported media type',
    description:
      "The body is not `application/json` (a form for the token endpoint, `multipart/form-data` for uploads), or an uploaded file's content is not an accepted type (the accepted types are named in `detail`). Send the content type the operation declares.",
  },
  unprocessable: {
    status: 422,
    title: 'Unprocessable request',
    description:
      'The request is well formed but cannot be processed, for example an HTS code not in force on the entry date. `detail` says why.',
  },
  'idempotency-mismatch': {
    status: 422,
    title: 'Idempotency key reused with a different request',
    description:
      'An `Idempotency-Key` was used in the last 24 hours with a different request. Use a new key for a new request.',
  },
  'quota-exceeded': {
    status: 429,
    title: 'Daily quota exceeded',
    description:
      "The daily quota of the operation's bucket is used up. `Retry-After` says when it resets (00:00 UTC); the rate-limit headers show the quota. A higher plan raises it.",
  },
  'rate-limited': {
    status: 429,
    title: 'Too many requests',
    description:
      'More calls in this second than the account API allows the account (the limit is in the `RateLimit-Policy` header). Wait `Retry-After` seconds and send the request again.',
  },
  internal: {
    status: 500,
    title: 'Internal error',
    description: 'An unexpected failure. Nothing internal is revealed; quote the `request_id` to support.',
  },
  'not-implemented': {
    status: 501,
    title: 'Not implemented',
    description:
      'The operation is declared in the contract but not available on this server: not yet built, or it needs settings the server was started without (billing without Stripe keys). `detail` says which.',
  },
  'upstream-unavailable': {
    status: 502,
    title: 'Upstream unavailable',
    description:
      "No upstream source (a carrier's API, an AIS feed, …) could answer, and nothing cached can stand in. `detail` names the source; retry later.",
  },
  'not-ready': {
    status: 503,
    title: 'Service not ready',
    description:
      'The service is starting (importing its reference data) or its database is unreachable. Retry after `Retry-After` seconds; `GET /readyz` says what it waits for.',
  },
  'service-unavailable': {
    status: 503,
    title: 'Service unavailable',
    description:
      "The database's storage is full: nothing was stored, and writes are refused until space is freed (reads keep working). Retry after `Retry-After` seconds; no quota was used.",
  },
  'service-busy': {
    status: 503,
    title: 'Service busy',
    description:
      'Every worker for the operation is busy and the waiting line is full. Retry after `Retry-After` seconds; no quota was used.',
  },
} as const;

export type ProblemKind = keyof typeof problemKinds;

/**
 * The problem's `code`: the situation, stable, for a client to branch on (as Stripe's `code`). A type
 * that covers several situations lists a code for each; any other type's one code is its slug in
 * snake case (`quota-exceeded` → `quota_exceeded`). docs/errors.md lists them all.
 */
export const situationCodes = {
  conflict: {
    invalid_state:
      "The resource's state forbids the change (an invoice already finalized, a shipment already booked, a key already rotated, a disabled webhook endpoint, a bulk job's results before it succeeded). Read the resource and act on its state.",
    concurrent_update:
      'Another request changed the resource between this request reading and writing it; nothing was changed. Read it again and retry.',
    already_exists:
      'What the request would create already exists: an account with the email, a tracked reference (`existing_subscription_id`), a subscription (`existing_subscription_id`), a trading partner with the interchange id.',
    idempotency_in_progress:
      'A request with the same `Idempotency-Key` is still being processed. Retry shortly: the retry gets its answer.',
  },
} satisfies Partial<Record<ProblemKind, Record<string, string>>>;

type SituationCodes = typeof situationCodes;
export type SituationCode = { [K in keyof SituationCodes]: keyof SituationCodes[K] }[keyof SituationCodes];

/** Every code a problem of this type may carry, with what it means. */
export function codesOf(kind: ProblemKind): Array<{ code: string; description: string }> {
  const own: Record<string, string> | undefined = (
    situationCodes as Partial<Record<ProblemKind, Record<string, string>>>
  )[kind];
  if (own) return Object.entries(own).map(([code, description]) => ({ code, description }));
  return [{ code: kind.replace(/-/g, '_'), description: problemKinds[kind].description }];
}

export const problemKindOfDomainError: Record<DomainErrorKind, ProblemKind> = {
  invalid_input: 'validation-failed',
  not_found: 'not-found',
  conflict: 'conflict',
  unprocessable: 'unprocessable',
  too_large: 'payload-too-large',
  unsupported_type: 'unsupported-media-type',
  unauthenticated: 'unauthenticated',
  forbidden: 'forbidden-plan',
  insufficient_credits: 'insufficient-credits',
  quota_exceeded: 'quota-exceeded',
  upstream_unavailable: 'upstream-unavailable',
  busy: 'service-busy',
  not_configured: 'not-implemented',
};

export interface ProblemFieldError {
  pointer: string;
  message: string;
}

export interface ProblemDocument {
  type: string;
  title: string;
  status: number;
  code: string;
  detail?: string;
  instance?: string;
  request_id: string;
  errors?: ProblemFieldError[];
  /** Extension members (RFC 9457 §3.2), such as the token endpoint's RFC 6749 `error`. */
  [extension: string]: unknown;
}

/** An error that already knows the problem it becomes; thrown by the HTTP layer and handlers. */
export class HttpProblem extends Error {
  constructor(
    readonly kind: ProblemKind,
    readonly detail?: string,
    readonly errors?: ProblemFieldError[],
    readonly headers: Record<string, string> = {},
    readonly extensions: Record<string, unknown> = {},
    /** The situation, where the type has several (a conflict); otherwise the type's one code. */
    readonly code?: SituationCode,
  ) {
    super(detail ?? problemKinds[kind].title);
    this.name = 'HttpProblem';
  }

  get status(): number {
    return problemKinds[this.kind].status;
  }

  toDocument(requestId: string, instance: string): ProblemDocument {
    const { status, title } = problemKinds[this.kind];
    return {
      type: problemTypeBase + this.kind,
      title,
      status,
      code: this.code ?? codesOf(this.kind)[0].code,
      ...(this.detail ? { detail: this.detail } : {}),
      instance,
      request_id: requestId,
      ...(this.errors && this.errors.length > 0 ? { errors: this.errors } : {}),
      ...this.extensions,
    };
  }
}

/** 503 until the first HTS release is imported (first start); tariff routes share it. */
export function htsNotReady(): HttpProblem {
  return new HttpProblem('not-ready', 'The HTS release is still being imported; retry shortly.', undefined, {
    'Retry-After': '5',
  });
}
