import type Decimal from 'decimal.js';
import type { CompiledFees, FeeLine } from '../rules/compiled-fees';
import type { TransportMode } from './duty-request';
import { toCents } from './money';

/** A fee line, with the amount it charges in cents (null when none) to add up without reading the text back. */
export interface FeeCharge {
  line: FeeLine;
  due: Decimal | null;
}

/** What a fee is charged on: one entry's value (a calculation is one line entered on its own), date and mode. */
export interface FeeBasis {
  value: Decimal;
  entryDate: string;
  mode: TransportMode | null;
}

const charge = (line: FeeLine, due: Decimal | null = null): FeeCharge => ({ line, due });

/**
 * The formal-entry merchandise processing fee (19 CFR 24.23(b)(1)): ad valorem on the entry's value,
 * held between the minimum and maximum of the fiscal year of the entry date. Per entry, never per line.
 */
export function formalEntryProcessingFee(fees: CompiledFees, basis: Omit<FeeBasis, 'mode'>): FeeCharge {
  const { mpf } = fees.table;
  const date = basis.entryDate;
  const index = mpf.fiscal_years.findIndex((row) => date >= row.from && date < row.to);
  if (index < 0) {
    return charge({
      ratePercent: mpf.percent,
      citations: mpf.citations,
      status: 'unresolved',
      amount: null,
      reason: `no MPF minimum and maximum in our data for the fiscal year of ${date}`,
    });
  }
  const { minimum, maximum, citations } = fees.mpfYears[index];
  const raw = basis.value.times(fees.mpfFraction);
  const amount = raw.lessThan(minimum) ? minimum : raw.greaterThan(maximum) ? maximum : raw;
  const due = toCents(amount);
  return charge({ ratePercent: mpf.percent, citations, status: 'applies', amount: due.toFixed(2) }, due);
}

/** Merchandise processing fee of an entry whose type is not given: formal above the informal-entry limit. */
export function merchandiseProcessingFee(fees: CompiledFees, basis: Omit<FeeBasis, 'mode'>): FeeCharge {
  if (basis.value.lessThanOrEqualTo(fees.formalEntryMinimum)) return charge(fees.informalEntry);
  return formalEntryProcessingFee(fees, basis);
}

/** Harbor maintenance fee (19 CFR 24.24): ad valorem with no cap, ocean shipments only. */
export function harborMaintenanceFee(fees: CompiledFees, basis: Omit<FeeBasis, 'entryDate'>): FeeCharge {
  const { hmf } = fees.table;
  if (basis.mode === null) return charge(fees.hmfModeUnknown);
  if (!hmf.modes.includes(basis.mode)) return charge(fees.hmfNotCharged.get(basis.mode) as FeeLine);
  const due = toCents(basis.value.times(fees.hmfFraction));
  return charge({ ratePercent: hmf.percent, citations: hmf.citations, status: 'applies', amount: due.toFixed(2) }, due);
}
