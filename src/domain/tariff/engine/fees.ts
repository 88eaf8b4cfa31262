import type Decimal from 'decimal.js';
import type { CompiledFees, FeeLine } from '../rules/compiled-fees';
import type { ValidRequest } from './duty-request';
import { toCents } from './money';

/** A fee line, with the amount it charges in cents (null when none) to add up without reading the text back. */
export interface FeeCharge {
  line: FeeLine;
  due: Decimal | null;
}

const charge = (line: FeeLine, due: Decimal | null = null): FeeCharge => ({ line, due });

/** Merchandise processing fee: ad valorem, held between the fiscal year's minimum and maximum. */
export function merchandiseProcessingFee(fees: CompiledFees, request: ValidRequest): FeeCharge {
  const { mpf } = fees.table;
  if (request.value.lessThanOrEqualTo(fees.formalEntryMinimum)) return charge(fees.informalEntry);
  const date = request.entryDate;
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
  const raw = request.value.times(fees.mpfFraction);
  const amount = raw.lessThan(minimum) ? minimum : raw.greaterThan(maximum) ? maximum : raw;
  const due = toCents(amount);
  return charge({ ratePercent: mpf.percent, citations, status: 'applies', amount: due.toFixed(2) }, due);
}

/** Harbor maintenance fee: ad valorem, ocean shipments only. */
export function harborMaintenanceFee(fees: CompiledFees, request: ValidRequest): FeeCharge {
  const { hmf } = fees.table;
  if (request.mode === null) return charge(fees.hmfModeUnknown);
  if (!hmf.modes.includes(request.mode)) return charge(fees.hmfNotCharged.get(request.mode) as FeeLine);
  const due = toCents(request.value.times(fees.hmfFraction));
  return charge({ ratePercent: hmf.percent, citations: hmf.citations, status: 'applies', amount: due.toFixed(2) }, due);
}
