import Decimal from 'decimal.js';

/**
 * Invoice money: exact decimals in an ISO 4217 currency, rounded half-up to the currency's minor
 * unit (2 for USD, 0 for JPY, 3 for KWD) as Node's ICU data gives it.
 */
const knownCurrencies = new Set(Intl.supportedValuesOf('currency'));

export const isCurrency = (code: string): boolean => knownCurrencies.has(code);

export function minorUnits(currency: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/** The amount at the currency's minor unit, half-up (away from zero for credits). */
export function roundToCurrency(value: Decimal, currency: string): Decimal {
  return value.toDecimalPlaces(minorUnits(currency), Decimal.ROUND_HALF_UP);
}

export function formatAmount(value: Decimal, currency: string): string {
  return value.toFixed(minorUnits(currency));
}

/** Whether an amount as given has no more decimals than the currency's minor unit. */
export function fitsCurrency(amount: string, currency: string): boolean {
  return new Decimal(amount).decimalPlaces() <= minorUnits(currency);
}
