import Decimal from 'decimal.js';
import type { Citation, FeesFile } from '../rules/rule-schema';
import type { TransportMode, ValidRequest } from './duty-request';
import type { FeeLine } from './duty-result';
import { toCents } from './money';

/** The fee table with its numbers as decimals, compiled once per rule set (see TariffRules). */
export interface CompiledFees {
  table: FeesFile;
  mpfFraction: Decimal;
  formalEntryMinimum: Decimal;
  /** In the order of `table.mpf.fiscal_years`, with the fee's citations and the year's. */
  mpfYears: Array<{ minimum: Decimal; maximum: Decimal; citations: Citation[] }>;
  hmfFraction: Decimal;
  /** The fee lines that do not depend on the value, made once. */
  informalEntry: FeeLine;
  hmfModeUnknown: FeeLine;
  hmfNotCharged: Map<string, FeeLine>;
}

const transportModes: TransportMode[] = ['ocean', 'air', 'truck', 'rail'];

export function compileFees(table: FeesFile): CompiledFees {
  const mpfBase = { ratePercent: table.mpf.percent, citations: table.mpf.citations };
  const hmfBase = { ratePercent: table.hmf.percent, citations: table.hmf.citations };
  return {
    table,
    mpfFraction: new Decimal(table.mpf.percent).dividedBy(100),
    formalEntryMinimum: new Decimal(table.mpf.formal_entry_minimum_value),
    mpfYears: table.mpf.fiscal_years.map((year) => ({
      minimum: new Decimal(year.minimum),
      maximum: new Decimal(year.maximum),
      citations: [...table.mpf.citations, ...year.citations],
    })),
    hmfFraction: new Decimal(table.hmf.percent).dividedBy(100),
    informalEntry: {
      ...mpfBase,
      status: 'unresolved',
      amount: null,
      reason: `a value of ${table.mpf.formal_entry_minimum_value} USD or less may enter informally; the informal-entry MPF is not modelled`,
    },
    hmfModeUnknown: {
      ...hmfBase,
      status: 'unresolved',
      amount: null,
      reason: 'the mode of transport is not given; the harbor maintenance fee applies to ocean shipments only',
    },
    hmfNotCharged: new Map(
      transportModes.map((mode) => [
        mode,
        { ...hmfBase, status: 'not_applicable', amount: null, reason: `not charged on ${mode} shipments` },
      ]),
    ),
  };
}

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
