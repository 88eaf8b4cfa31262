import { DomainError } from '../shared';

/**
 * Tracking's domain errors, as kinds of the shared DomainError the HTTP layer maps to problem+json
 * (invalid_input → 400, insufficient_credits → 402, conflict → 409, not_found → 404). Each carries
 * the facts a client needs to put things right as problem extension members.
 */
export class TrackingInputError extends DomainError {
  constructor(
    readonly field: string,
    message: string,
    /** e.g. `{ reason: 'check_digit', expected_check_digit: 6 }` for a mistyped container number. */
    readonly details: Record<string, unknown> = {},
  ) {
    super('invalid_input', message, [{ field, message }], details);
    this.name = 'TrackingInputError';
  }
}

export class InsufficientCreditsError extends DomainError {
  constructor(
    readonly balance: string,
    readonly needed: string,
  ) {
    super('insufficient_credits', `This needs ${needed} tracking credit; the balance is ${balance}.`, [], {
      balance,
      required_credits: needed,
    });
    this.name = 'InsufficientCreditsError';
  }
}

/** The reference is already tracked by this account in this mode (its id, when known, is in the problem). */
export class DuplicateSubscriptionError extends DomainError {
  constructor(readonly existingId: string | null) {
    super(
      'conflict',
      existingId
        ? `This reference is already tracked by ${existingId}; stop it first to track it again.`
        : 'This reference is already tracked.',
      [],
      existingId ? { existing_subscription_id: existingId } : {},
      'already_exists',
    );
    this.name = 'DuplicateSubscriptionError';
  }
}

export class SubscriptionNotFoundError extends DomainError {
  constructor(readonly id: string) {
    super('not_found', `No tracking subscription ${id}.`);
    this.name = 'SubscriptionNotFoundError';
  }
}

export class ContainerNotFoundError extends DomainError {
  constructor(readonly idOrNumber: string) {
    super('not_found', `No tracked container ${idOrNumber}.`);
    this.name = 'ContainerNotFoundError';
  }
}

/** The shipment a subscription names is not one of the account's in its mode (unknown, another account's, the other mode's). */
export class ShipmentNotFoundError extends DomainError {
  constructor(readonly shipmentId: string) {
    const message = `No shipment ${shipmentId} in this account.`;
    super('not_found', message, [{ field: 'shipment_id', message }]);
    this.name = 'ShipmentNotFoundError';
  }
}
