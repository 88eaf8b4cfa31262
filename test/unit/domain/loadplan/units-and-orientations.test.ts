import { allowedOrientations, orientationsThatFit } from '../../../../src/domain/loadplan/orientations';
import {
  fromKilograms,
  pieceMillimetres,
  roomMillimetres,
  toKilograms,
  toMillimetres,
} from '../../../../src/domain/loadplan/units';

describe('units', () => {
  it('converts lengths and weights exactly', () => {
    expect(toMillimetres(12, 'cm')).toBe(120);
    expect(toMillimetres(10, 'in')).toBe(254);
    expect(toKilograms(100, 'lb')).toBeCloseTo(45.359237, 9);
    expect(fromKilograms(toKilograms(3.5, 'lb'), 'lb')).toBeCloseTo(3.5, 12);
  });

  it('rounds pieces up and rooms down to whole millimetres, ignoring float noise', () => {
    expect(pieceMillimetres(3, 'in')).toBe(77); // 76.2 mm
    expect(roomMillimetres(3, 'in')).toBe(76);
    expect(pieceMillimetres(10, 'in')).toBe(254);
    expect(roomMillimetres(0.7, 'cm')).toBe(7);
    expect(pieceMillimetres(0.7, 'cm')).toBe(7);
  });
});

describe('orientations', () => {
  const dims = (list: { dx: number; dy: number; dz: number }[]) => list.map((o) => [o.dx, o.dy, o.dz]);

  it("'any' gives all six placements of a box with three different sides", () => {
    expect(dims(allowedOrientations(3, 2, 1, 'any'))).toHaveLength(6);
  });

  it("'this_side_up' keeps the height vertical and turns the piece on the floor", () => {
    expect(dims(allowedOrientations(3, 2, 1, 'this_side_up'))).toEqual([
      [3, 2, 1],
      [2, 3, 1],
    ]);
  });

  it("'fixed' keeps the piece exactly as given", () => {
    expect(dims(allowedOrientations(3, 2, 1, 'fixed'))).toEqual([[3, 2, 1]]);
  });

  it('vertical dimensions follow the OR-Library flags', () => {
    expect(dims(allowedOrientations(3, 2, 1, { verticalDimensions: ['length'] }))).toEqual([
      [2, 1, 3],
      [1, 2, 3],
    ]);
  });

  it('drops duplicate placements of pieces with equal sides', () => {
    expect(allowedOrientations(2, 2, 2, 'any')).toHaveLength(1);
    expect(allowedOrientations(2, 2, 1, 'any')).toHaveLength(3);
  });

  it('keeps only placements that fit inside and pass the door', () => {
    const fit = orientationsThatFit(
      allowedOrientations(2300, 1000, 800, 'any'),
      { length: 5898, width: 2352, height: 2393 },
      { width: 2340, height: 2280 },
    );
    expect(dims(fit.inside)).toContainEqual([1000, 800, 2300]);
    expect(fit.throughDoor.every((o) => o.dz <= 2280 && o.dy <= 2340)).toBe(true);
    expect(dims(fit.throughDoor)).not.toContainEqual([1000, 800, 2300]);
  });
});
