import {
  beyond,
  meetsLimit,
  quantitiesInQuery,
  quantityLimitsInText,
} from '../../../../src/domain/classify/quantities';
import { foldText } from '../../../../src/domain/classify/text-analysis';

const limits = (text: string) =>
  quantityLimitsInText(foldText(text)).map(({ dimension, atLeast, value }) => ({
    dimension,
    atLeast,
    value: Math.round(value * 100) / 100,
  }));
const quantities = (text: string) => Object.fromEntries(quantitiesInQuery(foldText(text)));

describe('measured limits', () => {
  it('reads the limits of the schedule in base units, ranges as two limits', () => {
    expect(limits('Motors of an output not exceeding 37.5 W')).toEqual([
      { dimension: 'power', atLeast: false, value: 37.5 },
    ]);
    expect(limits('Of a width of 600 mm or more')).toEqual([{ dimension: 'length', atLeast: true, value: 600 }]);
    expect(limits('Of an output exceeding 750 W but not exceeding 75 kW')).toEqual([
      { dimension: 'power', atLeast: true, value: 750 },
      { dimension: 'power', atLeast: false, value: 75000 },
    ]);
    expect(limits('Woven fabrics of cotton, weighing not more than 200 g/m²')).toEqual([
      { dimension: 'areal_mass', atLeast: false, value: 200 },
    ]);
    // A bare number is no limit, and a later clause names other goods.
    expect(limits('Of a cylinder capacity of 50 cc')).toEqual([]);
    expect(
      limits('Other fertilizers; goods of this chapter in packages of a gross weight not exceeding 10 kg'),
    ).toEqual([]);
  });

  it('reads the one quantity of each kind a query states, and its bound', () => {
    expect(quantities('a 750 W electric motor')).toEqual({ power: 750 });
    expect(quantities('a 10-inch frying pan')).toEqual({ length: 254 });
    expect(quantities('twill fabric, 180 g/m2')).toEqual({ areal_mass: 180 });
    expect(quantities('stainless steel plate, width <600 mm').length).toBeLessThan(600);
    // Two lengths: which one a limit means cannot be told.
    expect(quantities('a pan 11 inches across and 2 inches deep')).toEqual({});
    expect(quantities('cotton t-shirts, 2 t')).toEqual({});
  });

  it('tells whether a quantity meets a limit, and reads a residual row as beyond it', () => {
    const notOver37 = quantityLimitsInText('of an output not exceeding 37.5 w')[0];
    expect(meetsLimit(quantitiesInQuery('a 20 w motor'), notOver37)).toBe(true);
    expect(meetsLimit(quantitiesInQuery('a 750 w motor'), notOver37)).toBe(false);
    expect(meetsLimit(quantitiesInQuery('a 750 w motor'), beyond(notOver37))).toBe(true);
    expect(meetsLimit(quantitiesInQuery('an electric motor'), notOver37)).toBeNull();
  });
});
