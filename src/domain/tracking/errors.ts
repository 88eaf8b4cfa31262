/** Errors the HTTP layer maps to problem+json: each names the field and says what would be right. */
export class TrackingInputError extends Error {
  constructor(
    readonly field: string,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'TrackingInputError';
  }
}

/** 402 insufficient-credits. */
export class InsufficientCreditsError extends Error {
  constructor(
    readonly balance: string,
    readonly needed: string,
  ) {
    super(`This needs ${needed} tracking credit; the balance is ${balance}.`);
    this.name = 'InsufficientCreditsError';
  }
}

/** 409 conflict: the reference is already tracked by this account in this mode. */
export class DuplicateSubscriptionError extends Error {
  constructor(readonly existingId: string) {
    super(`This reference is already tracked by ${existingId}.`);
    this.name = 'DuplicateSubscriptionError';
  }
}

export class SubscriptionNotFoundError extends Error {
  constructor(readonly id: string) {
    super(`No tracking subscription ${id}.`);
    this.name = 'SubscriptionNotFoundError';
  }
}
