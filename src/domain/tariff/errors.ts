import { DomainError } from '../shared';

/** Errors of the tariff domain; the HTTP layer maps their kinds (400 naming the field, 422 with the reason). */

/** A request field is missing or malformed. */
export class InvalidTariffRequestError extends DomainError {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super('invalid_input', message, [{ field, message }]);
    this.name = 'InvalidTariffRequestError';
  }
}

/** The HTS code exists in no release we hold. */
export class UnknownHtsCodeError extends InvalidTariffRequestError {
  constructor(code: string) {
    super('hts_code', `HTS code ${code} is not in the tariff schedule`);
    this.name = 'UnknownHtsCodeError';
  }
}

/**
 * A Chapter 99 number sent as the product: Chapter 99 holds the headings of programs (temporary
 * legislation, additional duties), reported under the product's own number, never a product.
 */
export class ChapterNinetyNineCodeError extends InvalidTariffRequestError {
  constructor(code: string) {
    super(
      'hts_code',
      `${code} is a Chapter 99 number: chapter 99 holds the headings programs are reported under (temporary legislation, additional duties), not products. Send the product's own HTS number (chapters 1 to 98); the Chapter 99 headings that apply to it are in the answer's components.`,
    );
    this.name = 'ChapterNinetyNineCodeError';
  }
}

/** The country code is not an ISO 3166-1 alpha-2 code. */
export class UnknownCountryError extends InvalidTariffRequestError {
  constructor(code: string) {
    super('country_code', `${code} is not an ISO 3166-1 alpha-2 country code`);
    this.name = 'UnknownCountryError';
  }
}

/** The code exists but was not in force on the entry date (no line of it, or no release of ours). */
export class HtsCodeNotInForceError extends DomainError {
  constructor(
    readonly reason: string,
    readonly field: 'hts_code' | 'entry_date' = 'hts_code',
  ) {
    super('unprocessable', reason, [{ field, message: reason }]);
    this.name = 'HtsCodeNotInForceError';
  }
}

/**
 * The entry date is before the oldest HTS release we hold: no schedule of ours was in force on it,
 * whatever the code (the date is what cannot be priced, so the problem points at it).
 */
export class EntryDateBeforeReleasesError extends HtsCodeNotInForceError {
  constructor(date: string, oldest: { name: string; effectiveDate: string }) {
    super(
      `entry_date ${date} is before the oldest HTS release we hold (${oldest.name}, in force from ${oldest.effectiveDate}): no schedule of ours was in force on it, so nothing is priced`,
      'entry_date',
    );
    this.name = 'EntryDateBeforeReleasesError';
  }
}
