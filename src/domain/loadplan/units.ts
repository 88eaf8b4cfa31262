import { LengthUnit, WeightUnit } from './model';

/** Exact conversion factors: the inch and the avoirdupois pound are defined in metric units. */
const MILLIMETRES_PER: Readonly<Record<LengthUnit, number>> = { mm: 1, cm: 10, in: 25.4 };
const KILOGRAMS_PER: Readonly<Record<WeightUnit, number>> = { kg: 1, lb: 0.45359237 };

/** Tolerance for binary floating point (3 in = 76.19999999999999 mm). */
const EPSILON = 1e-6;

export function toMillimetres(value: number, unit: LengthUnit): number {
  return value * MILLIMETRES_PER[unit];
}

export function toKilograms(value: number, unit: WeightUnit): number {
  return value * KILOGRAMS_PER[unit];
}

export function fromKilograms(kilograms: number, unit: WeightUnit): number {
  return kilograms / KILOGRAMS_PER[unit];
}

/** A piece's extent in whole millimetres, rounded up: a plan never counts on a piece being smaller. */
export function pieceMillimetres(value: number, unit: LengthUnit): number {
  return Math.ceil(toMillimetres(value, unit) - EPSILON);
}

/** A container's extent in whole millimetres, rounded down: a plan never counts on more room. */
export function roomMillimetres(value: number, unit: LengthUnit): number {
  return Math.floor(toMillimetres(value, unit) + EPSILON);
}
