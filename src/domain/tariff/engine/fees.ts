import Decimal from 'decimal.js';
import type { FeesFile } from '../rules/rule-schema';
import type { ValidRequest } from './duty-request';
import type { FeeLine } from './duty-result';
import { centsText } from './money';

/** Merchandise processing fee: ad valorem, held between the fiscal year's minimum and maximum. */
export function merchandiseProcessingFee(fees: FeesFile, request: ValidRequest): FeeLine {
  const { mpf } = fees;
  const base = { ratePercent: mpf.percent, citations: mpf.citations };
  if (request.value.lessThanOrEqualTo(mpf.formal_entry_minimum_value)) {
    return { ...base, status: 'unresolved', amount: null, reason: `a value of ${mpf.formal_entry_minimum_value} USD or less may enter informally; the informal-entry MPF is not modelled` };
  }
  const year = mpf.fiscal_years.find((row) => request.entryDate >= row.from && request.entryDate < row.to);
  if (!year) return { ...base, status: 'unresolved', amount: null, reason: `no MPF minimum and maximum in our data for the fiscal year of ${request.entryDate}` };
  const raw = request.value.times(mpf.percent).dividedBy(100);
  const amount = Decimal.min(Decimal.max(raw, year.minimum), year.maximum);
  return { ...base, citations: [...mpf.citations, ...year.citations], status: 'applies', amount: centsText(amount) };
}

/** Harbor maintenance fee: ad valorem, ocean shipments only. */
export function harborMaintenanceFee(fees: FeesFile, request: ValidRequest): FeeLine {
  const { hmf } = fees;
  const base = { ratePercent: hmf.percent, citations: hmf.citations };
  if (request.mode === null) return { ...base, status: 'unresolved', amount: null, reason: 'the mode of transport is not given; the harbor maintenance fee applies to ocean shipments only' };
  if (!hmf.modes.includes(request.mode)) return { ...base, status: 'not_applicable', amount: null, reason: `not charged on ${request.mode} shipments` };
  return { ...base, status: 'applies', amount: centsText(request.value.times(hmf.percent).dividedBy(100)) };
}
