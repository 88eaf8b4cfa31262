import {
  beyond,
  meetsLimit,
  quantitiesInQuery,
  quantityLimitsInText,
  withoutQuantityUnits,
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

  it("reads the schedule's unit values, thicknesses, weights and outputs on the side of the limit they state", () => {
    expect(limits('Valued over $3 but not over $6.50/pair')).toEqual([
      { dimension: 'value_pair', atLeast: true, value: 3 },
      { dimension: 'value_pair', atLeast: false, value: 6.5 },
    ]);
    expect(limits('Valued not over $2.38/liter')).toEqual([{ dimension: 'value_litre', atLeast: false, value: 2.38 }]);
    expect(
      limits('Containing 30 percent or more by weight of silk or silk waste, valued over $33 per kg (618)'),
    ).toEqual([{ dimension: 'value_kg', atLeast: true, value: 33 }]);
    expect(limits('Valued under 25¢ each')).toEqual([{ dimension: 'value_each', atLeast: false, value: 0.25 }]);
    expect(limits('Valued over $1.50 per dozen')).toEqual([{ dimension: 'value_each', atLeast: true, value: 0.13 }]);
    expect(limits('Film, strip and sheets, not over 0.076 mm in thickness')).toEqual([
      { dimension: 'length', atLeast: false, value: 0.08 },
    ]);
    expect(limits('Pearl onions not over 16 mm in diameter')).toEqual([
      { dimension: 'length', atLeast: false, value: 16 },
    ]);
    expect(limits('Exceeding 7,460 kW')).toEqual([{ dimension: 'power', atLeast: true, value: 7460000 }]);
    expect(limits('Combined with textile materials and weighing not more than 1.492 kg/m2:')).toEqual([
      { dimension: 'areal_mass', atLeast: false, value: 1492 },
    ]);
    expect(limits('Of a thickness of less than 3 mm')).toEqual([{ dimension: 'length', atLeast: false, value: 3 }]);
    // A strict bound excludes its number, a bound with "not" includes it.
    expect(quantityLimitsInText(foldText('Of a thickness of less than 3 mm'))[0].value).toBeLessThan(3);
    expect(quantityLimitsInText(foldText('Not exceeding 7,460 kW'))[0].value).toBe(7460000);
  });

  it('converts the units a query uses to the base unit of their kind', () => {
    expect(quantities('a 2 hp pump')).toEqual({ power: 1491.4 });
    expect(quantities('a 1.5 kilowatts heater')).toEqual({ power: 1500 });
    expect(quantities('chain, 12 mm')).toEqual({ length: 12 });
    expect(quantities('board, 2.5 cm thick')).toEqual({ length: 25 });
    expect(quantities('hose, 3 m long')).toEqual({ length: 3000 });
    expect(quantities('pipe, 2 in. in diameter')).toEqual({ length: 50.8 });
    expect(quantities('a 6 ft ladder').length).toBeCloseTo(1828.8);
    expect(quantities('tile 4 millimeters thick')).toEqual({ length: 4 });
    expect(quantities('bag of 500 grams')).toEqual({ mass: 0.5 });
    expect(quantities('dumbbell, 10 lb')).toEqual({ mass: 4.536 });
    expect(quantities('a 12 Volt battery charger')).toEqual({ voltage: 12 });
    expect(quantities('a 5 in 1 tool')).toEqual({});
    // "Over" inside a word bounds nothing.
    expect(quantities('pullover 50 cm long')).toEqual({ length: 500 });
  });

  it("puts a query's bound on the right side of its number", () => {
    const notOver600 = quantityLimitsInText(foldText('Of a width of less than 600 mm'))[0];
    expect(meetsLimit(quantitiesInQuery(foldText('steel strip, width not over 599 mm')), notOver600)).toBe(true);
    expect(meetsLimit(quantitiesInQuery(foldText('steel sheet, width at least 600 mm')), notOver600)).toBe(false);
    expect(meetsLimit(quantitiesInQuery(foldText('steel sheet, width ≥ 600 mm')), notOver600)).toBe(false);
    expect(quantities('film, not exceeding 0.076 mm')).toEqual({ length: 0.076 });
    expect(quantities('plate, exceeding 10 mm').length).toBeGreaterThan(10);
    expect(quantities('canvas shoes valued at $5.00/pair')).toEqual({ value_pair: 5 });
    expect(quantities('gloves valued at $24 per dozen')).toEqual({ value_each: 2 });
  });

  it('reads every number of a list of dimensions in its unit, and takes the units out of the words', () => {
    // Three lengths: which one a limit means cannot be told.
    expect(quantities('a scale that measures 26.2 x 27 x 5.3 cm')).toEqual({});
    expect(quantities('floor tile measuring 11.74 x 23.74 inches and 4 millimeters thick')).toEqual({});
    expect(withoutQuantityUnits(foldText('25 mm pine board, 1.5 kW'))).toBe('25 pine board, 1.5');
  });

  it('tells whether a quantity meets a limit, and reads a residual row as beyond it', () => {
    const notOver37 = quantityLimitsInText('of an output not exceeding 37.5 w')[0];
    expect(meetsLimit(quantitiesInQuery('a 20 w motor'), notOver37)).toBe(true);
    expect(meetsLimit(quantitiesInQuery('a 750 w motor'), notOver37)).toBe(false);
    expect(meetsLimit(quantitiesInQuery('a 750 w motor'), beyond(notOver37))).toBe(true);
    expect(meetsLimit(quantitiesInQuery('an electric motor'), notOver37)).toBeNull();
  });
});
