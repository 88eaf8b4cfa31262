import Decimal from 'decimal.js';
import type { FeesFile } from '../rules/rule-schema';
import type { ValidRequest } from './duty-request';
import type { FeeLine } from './duty-result';
import { centsText } from './money';

/** The fee table's numbers as decimals, read once per rule set rather than on every calculation. */
interface FeeNumbers {
  mpfFraction: Decimal;
  formalEntryMinimum: Decimal;
  mpfYears: Array<{ minimum: Decimal; maximum: Decimal }>;
  hmfFraction: Decimal;
}

const numbersByTable = new WeakMap<FeesFile, FeeNumbers>();

function numbersOf(fees: FeesFile): FeeNumbers {
  let numbers = numbersByTable.get(fees);
  if (!numbers) {
    numbers = {
      mpfFraction: new Decimal(fees.mpf.percent).dividedBy(100),
      formalEntryMinimum: new Decimal(fees.mpf.formal_entry_minimum_value),
      mpfYears: fees.mpf.fiscal_years.map((year) => ({ minimum: new Decimal(year.minimum), maximum: new Decimal(year.maximum) })),
      hmfFraction: new Decimal(fees.hmf.percent).dividedBy(100),
    };
    numbersByTable.set(fees, numbers);
  }
  return numbers;
}

/** Merchandise processing fee: ad valorem, held between the fiscal year's minimum and maximum. */
export function merchandiseProcessingFee(fees: FeesFile, request: ValidRequest): FeeLine {
  const { mpf } = fees;
  const numbers = numbersOf(fees);
  const base = { ratePercent: mpf.percent, citations: mpf.citations };
  if (request.value.lessThanOrEqualTo(numbers.formalEntryMinimum)) {
    return { ...base, status: 'unresolved', amount: null, reason: `a value of ${mpf.formal_entry_minimum_value} USD or less may enter informally; the informal-entry MPF is not modelled` };
  }
  const index = mpf.fiscal_years.findIndex((row) => request.entryDate >= row.from && request.entryDate < row.to);
  if (index < 0) return { ...base, status: 'unresolved', amount: null, reason: `no MPF minimum and maximum in our data for the fiscal year of ${request.entryDate}` };
  const { minimum, maximum } = numbers.mpfYears[index];
  const amount = Decimal.min(Decimal.max(request.value.times(numbers.mpfFraction), minimum), maximum);
  return { ...base, citations: [...mpf.citations, ...mpf.fiscal_years[index].citations], status: 'applies', amount: centsText(amount) };
}

/** Harbor maintenance fee: ad valorem, ocean shipments only. */
export function harborMaintenanceFee(fees: FeesFile, request: ValidRequest): FeeLine {
  const { hmf } = fees;
  const base = { ratePercent: hmf.percent, citations: hmf.citations };
  if (request.mode === null) return { ...base, status: 'unresolved', amount: null, reason: 'the mode of transport is not given; the harbor maintenance fee applies to ocean shipments only' };
  if (!hmf.modes.includes(request.mode)) return { ...base, status: 'not_applicable', amount: null, reason: `not charged on ${request.mode} shipments` };
  return { ...base, status: 'applies', amount: centsText(request.value.times(numbersOf(fees).hmfFraction)) };
}
