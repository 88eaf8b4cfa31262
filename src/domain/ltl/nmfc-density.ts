import Decimal from 'decimal.js';

/**
 * The NMFC density scale for classifying by density (pounds per cubic foot), as the 2025 NMFC
 * changes set it: 13 sub-provisions from class 400 (under 1 lb/ft³) to class 50 (50 lb/ft³ or more).
 * Each row: the class for densities at or above `atLeast`, highest first.
 */
const densityScale: ReadonlyArray<{ atLeast: number; freightClass: string }> = [
  { atLeast: 50, freightClass: '50' },
  { atLeast: 35, freightClass: '55' },
  { atLeast: 30, freightClass: '60' },
  { atLeast: 22.5, freightClass: '65' },
  { atLeast: 15, freightClass: '70' },
  { atLeast: 12, freightClass: '85' },
  { atLeast: 10, freightClass: '92.5' },
  { atLeast: 8, freightClass: '100' },
  { atLeast: 6, freightClass: '125' },
  { atLeast: 4, freightClass: '175' },
  { atLeast: 2, freightClass: '250' },
  { atLeast: 1, freightClass: '300' },
  { atLeast: 0, freightClass: '400' },
];

const inchesPerCm = new Decimal('0.3937007874015748');
const poundsPerKg = new Decimal('2.20462262185');
const cubicInchesPerCubicFoot = 1728;

export interface HandlingUnit {
  length: number;
  width: number;
  height: number;
  lengthUnit: 'in' | 'cm';
  weight: number;
  weightUnit: 'lb' | 'kg';
}

/** One unit's weight in pounds and volume in cubic feet, whatever units it was given in. */
export function poundsAndCubicFeet(unit: HandlingUnit): { pounds: Decimal; cubicFeet: Decimal } {
  const inches = (value: number) =>
    unit.lengthUnit === 'in' ? new Decimal(value) : new Decimal(value).times(inchesPerCm);
  const cubicInches = inches(unit.length).times(inches(unit.width)).times(inches(unit.height));
  return {
    pounds: unit.weightUnit === 'lb' ? new Decimal(unit.weight) : new Decimal(unit.weight).times(poundsPerKg),
    cubicFeet: cubicInches.dividedBy(cubicInchesPerCubicFoot),
  };
}

/** Density (lb/ft³) and the class the density scale gives it. */
export function densityClass(unit: HandlingUnit): { density: Decimal; freightClass: string } {
  const { pounds, cubicFeet } = poundsAndCubicFeet(unit);
  const density = pounds.dividedBy(cubicFeet);
  const row =
    densityScale.find((r) => density.greaterThanOrEqualTo(r.atLeast)) ?? densityScale[densityScale.length - 1];
  return { density, freightClass: row.freightClass };
}
