import Decimal from 'decimal.js';
import { transportModes, type Citation, type FeesFile } from './rule-schema';

/** One fee of a calculation's result (MPF, HMF): what it charges and why. */
export interface FeeLine {
  status: 'applies' | 'not_applicable' | 'unresolved';
  ratePercent: string;
  amount: string | null;
  reason?: string;
  citations: Citation[];
}

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
