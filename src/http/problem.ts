import type { DomainErrorKind } from '../domain/errors';

export const problemTypeBase = 'https://docs.tradelane.dev/problems/';

/** One entry per kind of error: its stable type URI slug, status and title (RFC 9457 §3.1). */
export const problemKinds = {
  'validation-failed': { status: 400, title: 'Invalid request' },
  'malformed-json': { status: 400, title: 'Malformed JSON' },
  unauthenticated: { status: 401, title: 'Authentication required' },
  'insufficient-credits': { status: 402, title: 'Insufficient credits' },
  'forbidden-plan': { status: 403, title: 'Not included in your plan' },
  'not-found': { status: 404, title: 'Not found' },
  'method-not-allowed': { status: 405, title: 'Method not allowed' },
  conflict: { status: 409, title: 'Conflict' },
  'idempotency-secret-withheld': { status: 409, title: 'Idempotent replay of an answer that held a secret' },
  'payload-too-large': { status: 413, title: 'Payload too large' },
  'unsupported-media-type': { status: 415, title: 'Unsupported media type' },
  unprocessable: { status: 422, title: 'Unprocessable request' },
  'idempotency-mismatch': { status: 422, title: 'Idempotency key reused with a different request' },
  'quota-exceeded': { status: 429, title: 'Daily quota exceeded' },
  internal: { status: 500, title: 'Internal error' },
  'not-implemented': { status: 501, title: 'Not implemented' },
  'upstream-unavailable': { status: 502, title: 'Upstream unavailable' },
  'not-ready': { status: 503, title: 'Service not ready' },
  'service-busy': { status: 503, title: 'Service busy' },
} as const;

export type ProblemKind = keyof typeof problemKinds;

export const problemKindOfDomainError: Record<DomainErrorKind, ProblemKind> = {
  invalid_input: 'validation-failed',
  not_found: 'not-found',
  conflict: 'conflict',
  unprocessable: 'unprocessable',
  too_large: 'payload-too-large',
  unauthenticated: 'unauthenticated',
  forbidden: 'forbidden-plan',
  insufficient_credits: 'insufficient-credits',
  quota_exceeded: 'quota-exceeded',
  upstream_unavailable: 'upstream-unavailable',
  busy: 'service-busy',
};

export interface ProblemFieldError {
  pointer: string;
  message: string;
}

export interface ProblemDocument {
  type: string;
  title: string;
  status: number;
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
      ...(this.detail ? { detail: this.detail } : {}),
      instance,
      request_id: requestId,
      ...(this.errors && this.errors.length > 0 ? { errors: this.errors } : {}),
      ...this.extensions,
    };
  }
}
