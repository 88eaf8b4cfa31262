import Decimal from 'decimal.js';

/**
 * Percent texts ("7.5", "16.5") as decimals, parsed once each: there are only as many as the schedule
 * and the rules have rates, and every calculation reads several of them.
 */
const percents = new Map<string, { percent: Decimal; fraction: Decimal }>();

function parsed(text: string): { percent: Decimal; fraction: Decimal } {
  let entry = percents.get(text);
  if (!entry) {
    const percent = new Decimal(text);
    entry = { percent, fraction: percent.dividedBy(100) };
    percents.set(text, entry);
  }
  return entry;
}

/** "7.5" → 7.5. */
export const percentDecimal = (text: string): Decimal => parsed(text).percent;

/** "7.5" → 0.075: a percent of a value is the value times this (exact, as 7.5 / 100 is). */
export const fractionOfPercent = (text: string): Decimal => parsed(text).fraction;
