import Decimal from 'decimal.js';
import type { Citation } from '../rules/rule-schema';
import type { FeeLine } from '../rules/compiled-fees';
import type { TariffRules } from '../rules/tariff-rules';
import type { TransportMode } from './duty-request';
import { formalEntryProcessingFee, harborMaintenanceFee, merchandiseProcessingFee, type FeeCharge } from './fees';

/** CBP entry types this API prices: 01 consumption (formal), 11 informal. */
export type EntryType = '01' | '11';

export interface EntryFeesInput {
  /** Null when the entry is not filed yet (a shipment's estimate): formal above the informal-entry limit. */
  entryType: EntryType | null;
  entryDate: string;
  mode: TransportMode | null;
  /** Each line's value in USD; null when a line has none, which leaves the entry's value unknown. */
  lineValues: ReadonlyArray<Decimal | null>;
}

/** One fee of the entry, with each line's share of it (in the order of the lines; they add up to the fee). */
export interface EntryFee extends FeeLine {
  lineShares: Array<string | null>;
}

export interface EntryFees {
  /** The entry's value: the sum of its lines, null when one is unknown. */
  value: string | null;
  mpf: EntryFee;
  hmf: EntryFee;
  /** MPF and HMF together; null when either is unresolved. */
  total: string | null;
}

const informalEntryCitation: Citation = { type: 'cfr', ref: '19 CFR 24.23(b)(2)' };

/** The informal-entry MPF is a fixed fee per release our fee data does not hold: said, never guessed. */
function informalEntryFee(line: FeeLine): FeeCharge {
  return {
    line: {
      ratePercent: line.ratePercent,
      citations: [informalEntryCitation],
      status: 'unresolved',
      amount: null,
      reason:
        'the informal-entry (type 11) merchandise processing fee of 19 CFR 24.23(b)(2) is a fixed fee per entry that our fee data does not hold',
    },
    due: null,
  };
}

const unknownValue = (line: FeeLine, index: number): FeeCharge => ({
  line: {
    ...line,
    status: 'unresolved',
    amount: null,
    reason: `line ${index + 1} has no value in USD, so the entry's value is unknown`,
  },
  due: null,
});

/**
 * Splits a fee in cents over the lines in proportion to their values (largest remainder), so the
 * shares add up to the fee exactly. A fee of zero, or lines worth nothing, give every line zero.
 */
export function allocateCents(total: Decimal, weights: readonly Decimal[]): Decimal[] {
  const sum = weights.reduce((a, b) => a.plus(b), new Decimal(0));
  if (sum.isZero() || total.isZero()) return weights.map(() => new Decimal(0));
  const cents = total.times(100);
  const exact = weights.map((w) => cents.times(w).dividedBy(sum));
  const shares = exact.map((e) => e.floor());
  let left = cents.minus(shares.reduce((a, b) => a.plus(b), new Decimal(0))).toNumber();
  const order = exact.map((e, i) => ({ i, rest: e.minus(shares[i]) })).sort((a, b) => b.rest.comparedTo(a.rest));
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i] = shares[i].plus(1);
    left -= 1;
  }
  return shares.map((s) => s.dividedBy(100));
}

function withShares(fee: FeeCharge, values: readonly Decimal[] | null, lines: number): EntryFee {
  if (fee.due === null || values === null) return { ...fee.line, lineShares: new Array<null>(lines).fill(null) };
  return { ...fee.line, lineShares: allocateCents(fee.due, values).map((s) => s.toFixed(2)) };
}

/**
 * The fees of one entry: the merchandise processing fee on the entry's total value, held between
 * the per-entry minimum and maximum of the entry date's fiscal year (19 CFR 24.23(b)(1)), and for
 * ocean the harbor maintenance fee, ad valorem with no cap (19 CFR 24.24). Each line gets its share.
 */
export function entryFees(rules: TariffRules, input: EntryFeesInput): EntryFees {
  const { fees } = rules;
  const count = input.lineValues.length;
  const missing = input.lineValues.findIndex((v) => v === null);
  const values = missing < 0 ? (input.lineValues as Decimal[]) : null;
  const value = values === null ? null : values.reduce((a, b) => a.plus(b), new Decimal(0));
  const basis = { value: value ?? new Decimal(0), entryDate: input.entryDate, mode: input.mode };
  const mpf =
    value === null
      ? unknownValue(fees.informalEntry, missing)
      : input.entryType === '11'
        ? informalEntryFee(fees.informalEntry)
        : input.entryType === '01'
          ? formalEntryProcessingFee(fees, basis)
          : merchandiseProcessingFee(fees, basis);
  const hmfCharge = harborMaintenanceFee(fees, basis);
  const hmf = value === null && hmfCharge.line.status === 'applies' ? unknownValue(hmfCharge.line, missing) : hmfCharge;
  const resolved = mpf.line.status !== 'unresolved' && hmf.line.status !== 'unresolved';
  return {
    value: value === null ? null : value.toFixed(2),
    mpf: withShares(mpf, values, count),
    hmf: withShares(hmf, values, count),
    total: resolved ? (mpf.due ?? new Decimal(0)).plus(hmf.due ?? new Decimal(0)).toFixed(2) : null,
  };
}

/** A line's share of the entry's fees (those that apply), or null while the entry's fees are unresolved. */
export function lineFeeShare(fees: EntryFees, index: number): string | null {
  if (fees.total === null) return null;
  let share = new Decimal(0);
  for (const fee of [fees.mpf, fees.hmf]) if (fee.status === 'applies') share = share.plus(fee.lineShares[index] ?? 0);
  return share.toFixed(2);
}
