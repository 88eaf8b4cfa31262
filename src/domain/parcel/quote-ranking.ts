import type { ServiceQuote } from './model';

/**
 * Sorts available quotes by price (then by delivery) ahead of the unavailable ones, and marks the
 * cheapest and the fastest available quotes (every one that ties).
 */
export function rankQuotes(quotes: ServiceQuote[]): ServiceQuote[] {
  const available = quotes.filter((q) => q.available);
  const unavailable = quotes.filter((q) => !q.available);
  available.sort((a, b) => (a.totalCents as number) - (b.totalCents as number) || compareSpeed(a, b));
  if (available.length > 0) {
    const cheapest = available[0].totalCents;
    const fastest = [...available].sort(compareSpeed)[0];
    for (const q of available) {
      q.cheapest = q.totalCents === cheapest;
      q.fastest = compareSpeed(q, fastest) === 0;
    }
  }
  return [...available, ...unavailable];
}

function compareSpeed(a: ServiceQuote, b: ServiceQuote): number {
  const da = a.estimatedDeliveryDate ?? '9999-12-31';
  const db = b.estimatedDeliveryDate ?? '9999-12-31';
  if (da !== db) return da < db ? -1 : 1;
  return (a.transitDays?.max ?? Infinity) - (b.transitDays?.max ?? Infinity) || 0;
}
