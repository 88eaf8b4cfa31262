import Decimal from 'decimal.js';
import type { CargoLine, DutyEstimate, ShipmentMode } from './model';
import { DomainError } from '../shared';
import { canonicalUnit, type DutyCalculation, type DutyInput, type TransportMode } from '../tariff';

/** The tariff calculator as shipments use it (the engine with the rules and HTS release in force). */
export type DutyCalculator = (input: DutyInput) => Promise<DutyCalculation>;

/** Fees depend on how the goods come in (the harbor maintenance fee is ocean only). */
const transportModes: Record<ShipmentMode, TransportMode> = {
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

/** The facts a line's estimate depends on: when they change, the estimate no longer holds. */
export function dutyFactsOf(
  line: Pick<CargoLine, 'htsCode' | 'countryOfOrigin' | 'value' | 'quantity' | 'quantityUnit'>,
): string {
  return JSON.stringify([line.htsCode, line.countryOfOrigin, line.value, line.quantity, line.quantityUnit]);
}

/**
 * One cargo line's duty estimate, stored with the HTS release and rules version it was made with.
 * What cannot be computed is said (status unresolved, a reason, null amounts), never a zero.
 */
export async function estimateCargoLine(
  line: CargoLine,
  context: { entryDate: string; mode: ShipmentMode | null },
  calculate: DutyCalculator,
  now: number,
): Promise<DutyEstimate> {
  const { entryDate } = context;
  if (line.htsCode === null) return unresolved('The line has no HTS code.', entryDate, now);
  if (line.countryOfOrigin === null) return unresolved('The line has no country of origin.', entryDate, now);
  if (line.value === null) return unresolved('The line has no value.', entryDate, now);
  if (line.value.currency !== 'USD')
    return unresolved(
      `Duties are assessed on a value in USD; the line's value is in ${line.value.currency}.`,
      entryDate,
      now,
    );
  const unit = line.quantityUnit === null ? null : canonicalUnit(line.quantityUnit);
  let calculation: DutyCalculation;
  try {
    calculation = await calculate({
      htsCode: line.htsCode,
      countryCode: line.countryOfOrigin,
      declaredValue: new Decimal(line.value.amount),
      entryDate,
      quantities: unit !== null && line.quantity !== null ? [{ value: new Decimal(line.quantity), unit }] : [],
      ...(context.mode !== null ? { mode: transportModes[context.mode] } : {}),
    });
  } catch (error) {
    // The schedule does not hold the code (or not on that date): an estimate that says so.
    if (error instanceof DomainError && (error.kind === 'invalid_input' || error.kind === 'unprocessable'))
      return unresolved(error.message, entryDate, now);
    throw error;
  }
  const { totals } = calculation;
  const reasons = calculation.prohibited
    ? ['Entry of these goods is prohibited.']
    : calculation.unresolved.map((u) => `${u.component}: ${u.reason}`);
  return {
    status: totals.duty === null || totals.dutyAndFees === null ? 'unresolved' : 'estimated',
    reason: reasons.length > 0 ? reasons.join(' ') : null,
    duty: usd(totals.duty),
    fees: usd(totals.fees),
    total: usd(totals.dutyAndFees),
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
