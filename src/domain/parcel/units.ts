import type { LengthUnit, WeightUnit } from './model';

const ouncesPer: Record<WeightUnit, number> = { oz: 1, lb: 16, kg: 35.27396194958041, g: 0.03527396194958041 };
const inchesPer: Record<LengthUnit, number> = { in: 1, cm: 1 / 2.54, mm: 1 / 25.4 };

export function toOunces(value: number, unit: WeightUnit): number {
  return value * ouncesPer[unit];
}

export function toInches(value: number, unit: LengthUnit): number {
  return value * inchesPer[unit];
}

/** Unit conversions leave float dust (2 lb in kg and back is 1.9999999); ignore it when rounding up. */
export function ceilTolerant(value: number): number {
  return Math.ceil(value - 1e-9);
}

export function roundTo(value: number, places: number): number {
  const factor = 10 ** places;
  return Math.round(value * factor) / factor;
}
