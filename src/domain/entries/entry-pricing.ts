import Decimal from 'decimal.js';
import type { CustomsEntry, EntryLine, EntryPricing, PricedComponent, PricedLine } from './model';
import { transportModes } from '../shipments';
import { type DutyCalculation, type DutyPricer, type EntryFees, lineDutyReasons } from '../tariff';

const reported = new Set(['applies', 'unresolved', 'prohibited']);

/** Sums amounts that may be unknown: null as soon as one is. */
function sumKnown(amounts: ReadonlyArray<string | null>): string | null {
  let sum = new Decimal(0);
  for (const amount of amounts) {
    if (amount === null) return null;
    sum = sum.plus(amount);
  }
  return sum.toFixed(2);
}

const lineInput = (entry: CustomsEntry, line: EntryLine) => ({
  htsCode: line.htsCode,
  countryCode: line.countryOfOrigin,
  declaredValue: new Decimal(line.value),
  entryDate: entry.entryDate,
  arrivalDate: entry.importationDate,
  quantities: line.quantities.map((q) => ({ value: new Decimal(q.value), unit: q.unit })),
  claims: line.claims.map((c) => ({ ...c, value: c.value === undefined ? undefined : new Decimal(c.value) })),
  mode: transportModes[entry.mode],
});

const feeShare = (fee: EntryFees['mpf'], index: number) =>
  fee.status === 'applies' ? (fee.lineShares[index] ?? null) : fee.status === 'not_applicable' ? '0.00' : null;

function pricedLine(line: EntryLine, outcome: DutyCalculation | string, fees: EntryFees, index: number): PricedLine {
  const shares = { mpf: feeShare(fees.mpf, index), hmf: feeShare(fees.hmf, index) };
  if (typeof outcome === 'string')
    return {
      lineNumber: line.lineNumber,
      status: 'unresolved',
      reason: outcome,
      duty: null,
      effectiveRatePercent: null,
      ...shares,
      components: [],
    };
  const components: PricedComponent[] = outcome.components
    .filter((c) => reported.has(c.status))
    .map((c) => ({
      program: c.program,
      family: c.family,
      heading: c.heading,
      rateText: c.rateText,
      status: c.status as PricedComponent['status'],
      amount: c.amount,
    }));
  const reasons = lineDutyReasons(outcome);
  return {
    lineNumber: line.lineNumber,
    status: outcome.totals.duty === null ? 'unresolved' : 'priced',
    reason: reasons.length > 0 ? reasons.join(' ') : null,
    duty: outcome.totals.duty,
    effectiveRatePercent: outcome.totals.dutyRatePercent,
    ...shares,
    components,
  };
}

/** Duty per program family on the lines it applies to (null when one of them is unresolved). */
function programTotals(calculations: readonly DutyCalculation[]): EntryPricing['programs'] {
  const byFamily = new Map<string, Array<string | null>>();
  for (const calculation of calculations)
    for (const program of calculation.programs)
      if (program.applies) byFamily.set(program.family, [...(byFamily.get(program.family) ?? []), program.amount]);
  return [...byFamily].map(([family, amounts]) => ({ family, amount: sumKnown(amounts) }));
}

/** Duty per Chapter 99 heading reported, with the lines it is on. */
function chapter99Totals(lines: readonly PricedLine[]): EntryPricing['chapter99'] {
  const byHeading = new Map<string, { family: string; amounts: Array<string | null>; lineNumbers: number[] }>();
  for (const line of lines)
    for (const component of line.components) {
      if (component.heading === null || component.status !== 'applies') continue;
      const held = byHeading.get(component.heading) ?? { family: component.family, amounts: [], lineNumbers: [] };
      held.amounts.push(component.amount);
      if (!held.lineNumbers.includes(line.lineNumber)) held.lineNumbers.push(line.lineNumber);
      byHeading.set(component.heading, held);
    }
  return [...byHeading]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([heading, held]) => ({
      heading,
      family: held.family,
      amount: sumKnown(held.amounts),
      lineNumbers: held.lineNumbers,
    }));
}

/**
 * Prices an entry: each line with the duty engine (the calculator's own answer), then the entry as a
 * whole: its fees (MPF per entry with the per-entry minimum and maximum, HMF for ocean), the totals
 * per program family and per Chapter 99 heading. Unknown amounts stay null with their reason.
 */
export async function priceEntry(
  entry: CustomsEntry,
  pricer: DutyPricer,
  version: number,
  now: number,
): Promise<EntryPricing> {
  const outcomes: Array<DutyCalculation | string> = [];
  for (const line of entry.lines) outcomes.push(await pricer.priceLine(lineInput(entry, line)));
  const fees = pricer.entryFees({
    entryType: entry.entryType,
    entryDate: entry.entryDate,
    mode: transportModes[entry.mode],
    lineValues: entry.lines.map((line) => new Decimal(line.value)),
  });
  const lines = entry.lines.map((line, index) => pricedLine(line, outcomes[index], fees, index));
  const calculations = outcomes.filter((o): o is DutyCalculation => typeof o !== 'string');
  const duty = sumKnown(lines.map((line) => line.duty));
  const reasons = [
    ...lines.flatMap((line) => (line.reason === null ? [] : [`line ${line.lineNumber}: ${line.reason}`])),
    ...[fees.mpf, fees.hmf].flatMap((fee) => (fee.status === 'unresolved' ? [fee.reason ?? 'unresolved'] : [])),
  ];
  const { lineShares: _mpfShares, ...mpf } = fees.mpf;
  const { lineShares: _hmfShares, ...hmf } = fees.hmf;
  return {
    version,
    pricedAt: now,
    status: duty !== null && fees.total !== null ? 'priced' : 'unresolved',
    reasons,
    htsReleases: [...new Set(calculations.map((c) => c.htsRelease.id))],
    rulesVersion: pricer.rulesVersion,
    enteredValue: fees.value as string,
    lines,
    fees: { mpf, hmf, total: fees.total },
    totals: {
      duty,
      fees: fees.total,
      total: duty !== null && fees.total !== null ? sumKnown([duty, fees.total]) : null,
    },
    programs: programTotals(calculations),
    chapter99: chapter99Totals(lines),
  };
}
