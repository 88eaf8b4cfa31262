import Decimal from 'decimal.js';

/**
 * Column values read back the same on both dialects: SQLite returns booleans as 0/1, DECIMAL as
 * numbers; mysql2 returns DECIMAL as strings and BIGINT as numbers or strings. (JSON: json-column.ts.)
 */
export const toBool = (value: unknown): boolean => value === true || value === 1 || value === '1';

export function toNumberOrNull(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'number' ? value : Number(value);
}

export function toNumber(value: unknown): number {
  const n = toNumberOrNull(value);
  if (n === null || Number.isNaN(n)) throw new Error(`expected a number, got ${String(value)}`);
  return n;
}

export function toDecimalString(value: unknown, scale = 2): string {
  if (typeof value !== 'number' && typeof value !== 'string')
    throw new Error(`expected a decimal, got ${String(value)}`);
  return new Decimal(value).toFixed(scale);
}

export function toDecimalOrNull(value: unknown, scale = 2): string | null {
  return value === null || value === undefined ? null : toDecimalString(value, scale);
}
