import Decimal from 'decimal.js';
import type { CargoLine, DutyEstimate, ShipmentMode } from './model';
import {
  canonicalUnit,
  type DutyCalculation,
  type DutyPricer,
  type EntryFees,
  lineDutyReasons,
  lineFeeShare,
  type TransportMode,
} from '../tariff';

/** Fees depend on how the goods come in (the harbor maintenance fee is ocean only). */
export const transportModes: Record<ShipmentMode, TransportMode> = {
  ocean_fcl: 'ocean',
  ocean_lcl: 'ocean',
  air: 'air',
  truck: 'truck',
};

const usd = (amount: string | null) => (amount === null ? null : { amount, currency: 'USD' });

function unresolved(reason: string, entryDate: string | null, now: number): DutyEstimate {
  return {
    status: 'unresolved',
    reason,
    duty: null,
    fees: null,
    total: null,
    effectiveRatePercent: null,
    entryDate,
    htsRelease: null,
    rulesVersion: null,
    programs: [],
    estimatedAt: now,
  };
}

/** The facts a line's estimate depends on: when those of any line change, no line's estimate holds (the fees are the entry's). */
export function dutyFactsOf(
  line: Pick<CargoLine, 'htsCode' | 'countryOfOrigin' | 'value' | 'quantity' | 'quantityUnit'>,
): string {
  return JSON.stringify([line.htsCode, line.countryOfOrigin, line.value, line.quantity, line.quantityUnit]);
}

/** Why an entry's fees are unresolved, as the line estimates say it. */
function entryFeeReasons(fees: EntryFees): string[] {
  return [
    ...(fees.mpf.status === 'unresolved' ? [`fees.mpf: ${fees.mpf.reason}`] : []),
    ...(fees.hmf.status === 'unresolved' ? [`fees.hmf: ${fees.hmf.reason}`] : []),
  ];
}

/** The line's duty from the calculator, or why it has none. */
async function calculateLine(
  line: CargoLine,
  context: { entryDate: string; mode: ShipmentMode | null },
  priceLine: DutyPricer['priceLine'],
): Promise<DutyCalculation | string> {
  if (line.htsCode === null) return 'The line has no HTS code.';
  if (line.countryOfOrigin === null) return 'The line has no country of origin.';
  if (line.value === null) return 'The line has no value.';
  if (line.value.currency !== 'USD')
    return `Duties are assessed on a value in USD; the line's value is in ${line.value.currency}.`;
  const unit = line.quantityUnit === null ? null : canonicalUnit(line.quantityUnit);
  // A code the schedule does not hold (or not on that date) comes back as the reason, for an estimate that says so.
  return priceLine({
    htsCode: line.htsCode,
    countryCode: line.countryOfOrigin,
    declaredValue: new Decimal(line.value.amount),
    entryDate: context.entryDate,
    quantities: unit !== null && line.quantity !== null ? [{ value: new Decimal(line.quantity), unit }] : [],
    ...(context.mode !== null ? { mode: transportModes[context.mode] } : {}),
  });
}

function estimateOf(calculation: DutyCalculation, fees: EntryFees, index: number, now: number): DutyEstimate {
  const { totals } = calculation;
  const feeShare = lineFeeShare(fees, index);
  const reasons = calculation.prohibited
    ? lineDutyReasons(calculation)
    : [...lineDutyReasons(calculation), ...entryFeeReasons(fees)];
  const total = totals.duty === null || feeShare === null ? null : new Decimal(totals.duty).plus(feeShare).toFixed(2);
  return {
    status: total === null ? 'unresolved' : 'estimated',
    reason: reasons.length > 0 ? reasons.join(' ') : null,
    duty: usd(totals.duty),
    fees: usd(feeShare),
    total: usd(total),
    effectiveRatePercent: totals.dutyRatePercent,
    entryDate: calculation.entryDate,
    htsRelease: calculation.htsRelease.id,
    rulesVersion: calculation.rulesVersion,
    programs: calculation.programs
      .filter((p) => p.applies)
      .map((p) => ({ family: p.family, headings: p.headings, amount: p.amount })),
    estimatedAt: now,
  };
}

/**
 * The duty estimates of a shipment's cargo lines, stored with the HTS release and rules version
 * they were made with. The lines enter as one entry: the merchandise processing fee is the entry's
 * (its per-entry minimum and maximum), each line showing its share. What cannot be computed is said
 * (status unresolved, a reason, null amounts), never a zero.
 */
export async function estimateCargoLines(
  lines: readonly CargoLine[],
  context: { entryDate: string; mode: ShipmentMode | null },
  pricer: DutyPricer,
  now: number,
): Promise<DutyEstimate[]> {
  const outcomes: Array<DutyCalculation | string> = [];
  for (const line of lines) outcomes.push(await calculateLine(line, context, pricer.priceLine));
  const fees = pricer.entryFees({
    entryType: null,
    entryDate: context.entryDate,
    mode: context.mode === null ? null : transportModes[context.mode],
    lineValues: lines.map((line) => (line.value?.currency === 'USD' ? new Decimal(line.value.amount) : null)),
  });
  return outcomes.map((outcome, index) =>
    typeof outcome === 'string' ? unresolved(outcome, context.entryDate, now) : estimateOf(outcome, fees, index, now),
  );
}
