import Decimal from 'decimal.js';

/** Rounds a dollar amount half-up to cents (each line is rounded; totals add rounded lines). */
export function toCents(amount: Decimal): Decimal {
  return amount.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

/** Cents as a fixed two-decimal string. */
export function centsText(amount: Decimal): string {
  return toCents(amount).toFixed(2);
}

const hundred = new Decimal(100);

/** Greater than 0 (without making a decimal of 0 to compare with, as `greaterThan(0)` does). */
export const isAboveZero = (amount: Decimal): boolean => !amount.isZero() && amount.isPositive();

/** `part / whole` in percent, to four decimal places; null when the whole is zero. */
export function percentOf(part: Decimal, whole: Decimal): string | null {
  if (whole.isZero()) return null;
  if (part.isZero()) return '0';
  return part.dividedBy(whole).times(hundred).toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toString();
}
