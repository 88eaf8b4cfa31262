import type { Carrier } from './model';

export interface FieldError {
  /** Path of the offending field in the request body, e.g. "destination.postal_code". */
  field: string;
  message: string;
}

/** The request cannot be rated as given (HTTP 400 naming the fields). */
export class ParcelQuoteValidationError extends Error {
  constructor(readonly errors: FieldError[]) {
    super(errors.map((e) => `${e.field}: ${e.message}`).join('; '));
    this.name = 'ParcelQuoteValidationError';
  }
}

/**
 * No source could answer: the named carriers' live APIs failed and no rate card covers the request
 * (HTTP 502 upstream-unavailable naming the carriers).
 */
export class CarrierUnavailableError extends Error {
  constructor(
    readonly carriers: Carrier[],
    readonly details: string[],
  ) {
    super(`carrier rating unavailable: ${carriers.join(', ')}`);
    this.name = 'CarrierUnavailableError';
  }
}
