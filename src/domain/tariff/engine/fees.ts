import Decimal from 'decimal.js';
import type { FeesFile } from '../rules/rule-schema';
import type { ValidRequest } from './duty-request';
import type { FeeLine } from './duty-result';
import { centsText } from './money';

/** The fee table with its numbers as decimals, compiled once per rule set (see TariffRules). */
export interface CompiledFees {
  table: FeesFile;
  mpfFraction: Decimal;
  formalEntryMinimum: Decimal;
  /** In the order of `table.mpf.fiscal_years`. */
  mpfYears: Array<{ minimum: Decimal; maximum: Decimal }>;
  hmfFraction: Decimal;
}

export function compileFees(table: FeesFile): CompiledFees {
  return {
    table,
    mpfFraction: new Decimal(table.mpf.percent).dividedBy(100),
    formalEntryMinimum: new Decimal(table.mpf.formal_entry_minimum_value),
    mpfYears: table.mpf.fiscal_years.map((year) => ({ minimum: new Decimal(year.minimum), maximum: new Decimal(year.maximum) })),
    hmfFraction: new Decimal(table.hmf.percent).dividedBy(100),
  };
}

/** Merchandise processing fee: ad valorem, held between the fiscal year's minimum and maximum. */
export function merchandiseProcessingFee(fees: CompiledFees, request: ValidRequest): FeeLine {
  const { mpf } = fees.table;
  const base = { ratePercent: mpf.percent, citations: mpf.citations };
  if (request.value.lessThanOrEqualTo(fees.formalEntryMinimum)) {
    return { ...base, status: 'unresolved', amount: null, reason: `a value of ${mpf.formal_entry_minimum_value} USD or less may enter informally; the informal-entry MPF is not modelled` };
  }
  const index = mpf.fiscal_years.findIndex((row) => request.entryDate >= row.from && request.entryDate < row.to);
  if (index < 0) return { ...base, status: 'unresolved', amount: null, reason: `no MPF minimum and maximum in our data for the fiscal year of ${request.entryDate}` };
  const { minimum, maximum } = fees.mpfYears[index];
  const amount = Decimal.min(Decimal.max(request.value.times(fees.mpfFraction), minimum), maximum);
  return { ...base, citations: [...mpf.citations, ...mpf.fiscal_years[index].citations], status: 'applies', amount: centsText(amount) };
}

/** Harbor maintenance fee: ad valorem, ocean shipments only. */
export function harborMaintenanceFee(fees: CompiledFees, request: ValidRequest): FeeLine {
  const { hmf } = fees.table;
  const base = { ratePercent: hmf.percent, citations: hmf.citations };
  if (request.mode === null) return { ...base, status: 'unresolved', amount: null, reason: 'the mode of transport is not given; the harbor maintenance fee applies to ocean shipments only' };
  if (!hmf.modes.includes(request.mode)) return { ...base, status: 'not_applicable', amount: null, reason: `not charged on ${request.mode} shipments` };
  return { ...base, status: 'applies', amount: centsText(request.value.times(fees.hmfFraction)) };
}
