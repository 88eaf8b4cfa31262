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

/** The country code is not an ISO 3166-1 alpha-2 code. */
export class UnknownCountryError extends InvalidTariffRequestError {
  constructor(code: string) {
    super('country_code', `${code} is not an ISO 3166-1 alpha-2 country code`);
    this.name = 'UnknownCountryError';
  }
}

/** The code exists but was not in force on the entry date. */
export class HtsCodeNotInForceError extends DomainError {
  readonly field = 'hts_code';
  constructor(readonly reason: string) {
    super('unprocessable', reason, [{ field: 'hts_code', message: reason }]);
    this.name = 'HtsCodeNotInForceError';
  }
}
