/**
 * Errors the domain raises, named by what went wrong rather than by HTTP status. The HTTP layer
 * maps each kind to a problem type (src/http/problem.ts); domain code never knows about statuses.
 */
export type DomainErrorKind =
  | 'invalid_input'
  | 'not_found'
  | 'conflict'
  | 'unprocessable'
  /** The input asks for more than the service takes (too many pieces, lines…), beyond a named limit. */
  | 'too_large'
  /** The content is of a kind the operation does not take (judged on the bytes, not the declared type). */
  | 'unsupported_type'
  | 'unauthenticated'
  | 'forbidden'
  | 'insufficient_credits'
  | 'quota_exceeded'
  | 'upstream_unavailable'
  /** Every worker is taken and the queue is full: the caller should retry shortly. */
  | 'busy'
  /** The capability needs settings this server was started without (billing without Stripe keys). */
  | 'not_configured';

export interface FieldIssue {
  /** Path of the offending input field, as the caller sent it (e.g. `hts_code`, `parcels/0/weight`). */
  field: string;
  message: string;
  /** Where the field was sent; the body unless said otherwise. */
  in?: 'body' | 'query' | 'path' | 'headers';
  /** A fault inside an EDI body (the field is then empty): its segment's position and tag, the element, the rule. */
  edi?: { position: number; segment: string; element?: string; rule: string };
}

/**
 * What a conflict is about, carried to the problem's `code` (docs/errors.md): the resource's state
 * forbids the change, another request changed it meanwhile, or what would be created already exists.
 */
export type ConflictCode = 'invalid_state' | 'concurrent_update' | 'already_exists';

export class DomainError extends Error {
  /** Set on conflicts, which must say which one they are; other kinds take their problem's code. */
  readonly code: ConflictCode | undefined;
  readonly issues: FieldIssue[];
  /** Extension members of the problem (RFC 9457 §3.2): facts a client can act on, e.g. `expected_check_digit`. */
  readonly extensions: Record<string, unknown>;

  constructor(
    kind: 'conflict',
    message: string,
    issues: FieldIssue[],
    extensions: Record<string, unknown>,
    code: ConflictCode,
  );
  constructor(
    kind: Exclude<DomainErrorKind, 'conflict'>,
    message: string,
    issues?: FieldIssue[],
    extensions?: Record<string, unknown>,
  );
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    issues: FieldIssue[] = [],
    extensions: Record<string, unknown> = {},
    code?: ConflictCode,
  ) {
    super(message);
    this.name = 'DomainError';
    this.issues = issues;
    this.extensions = extensions;
    this.code = code;
  }
}

/** A conflict (409) of the given situation. */
export const conflict = (code: ConflictCode, message: string, extensions: Record<string, unknown> = {}): DomainError =>
  new DomainError('conflict', message, [], extensions, code);

/** An optimistic update lost the race (`resource` names it, e.g. "Invoice inv_…"). */
export const changedMeanwhile = (resource: string): DomainError =>
  conflict('concurrent_update', `${resource} was changed by another request meanwhile; read it again and retry.`);

export const invalidInput = (field: string, message: string): DomainError =>
  new DomainError('invalid_input', message, [{ field, message }]);
