import { DomainError } from '../errors';

/**
 * Tracking's domain errors, as kinds of the shared DomainError the HTTP layer maps to problem+json
 * (invalid_input → 400, insufficient_credits → 402, conflict → 409, not_found → 404). Each keeps
 * the details a client needs to put things right.
 */
export class TrackingInputError extends DomainError {
  constructor(
    readonly field: string,
    message: string,
    /** e.g. `{ problem: 'check_digit', expected_check_digit: 6 }` for a mistyped container number. */
    readonly details: Record<string, unknown> = {},
  ) {
    super('invalid_input', message, [{ field, message }]);
    this.name = 'TrackingInputError';
  }
}

export class InsufficientCreditsError extends DomainError {
  constructor(
    readonly balance: string,
    readonly needed: string,
  ) {
    super('insufficient_credits', `This needs ${needed} tracking credit; the balance is ${balance}.`);
    this.name = 'InsufficientCreditsError';
  }
}

/** The reference is already tracked by this account in this mode. */
export class DuplicateSubscriptionError extends DomainError {
  constructor(readonly existingId: string) {
    super('conflict', `This reference is already tracked by ${existingId}.`);
    this.name = 'DuplicateSubscriptionError';
  }
}

export class SubscriptionNotFoundError extends DomainError {
  constructor(readonly id: string) {
    super('not_found', `No tracking subscription ${id}.`);
    this.name = 'SubscriptionNotFoundError';
  }
}
