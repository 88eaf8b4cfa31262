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
}

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    readonly issues: FieldIssue[] = [],
    /** Extension members of the problem (RFC 9457 §3.2): facts a client can act on, e.g. `expected_check_digit`. */
    readonly extensions: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const invalidInput = (field: string, message: string): DomainError =>
  new DomainError('invalid_input', message, [{ field, message }]);
