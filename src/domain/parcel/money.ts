/**
 * Exact money: integer cents in the engine, decimal strings at the edges. Prices arrive from CSV as
 * "12.34" and from the database as strings (MySQL DECIMAL) or numbers (SQLite NUMERIC); both become
 * cents without a float sum anywhere.
 */

const decimalPattern = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

export function decimalToCents(value: string | number): number {
  if (typeof value === 'number') {
    const cents = Math.round(value * 100);
    if (!Number.isFinite(value) || Math.abs(cents - value * 100) > 1e-6)
      throw new Error(`not an amount in cents: ${value}`);
    return cents;
  }
  const match = decimalPattern.exec(value.trim());
  if (!match) throw new Error(`not a decimal amount: "${value}"`);
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -cents : cents;
}

export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** "27.50" → 2750 hundredths of a percent. */
export function percentToBasisPoints(percent: string): number {
  return decimalToCents(percent);
}

/** `cents × percent`, rounded half-up to the cent, in integers only. */
export function applyPercent(cents: number, basisPoints: number): number {
  return Math.floor((cents * basisPoints + 5000) / 10000);
}
