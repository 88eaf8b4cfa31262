import {
  fibreSharesInQuery,
  meetsCondition,
  negated,
  shareConditionsInText,
  withoutFibreProportions,
} from '../../../../src/domain/classify/fibre-shares';
import { foldText } from '../../../../src/domain/classify/text-analysis';

const conditions = (text: string) => shareConditionsInText(foldText(text));
const shares = (text: string) => fibreSharesInQuery(foldText(text))!;

describe('fibre shares by weight', () => {
  it('reads the share conditions of the schedule, in either word order', () => {
    expect(conditions('Woven fabrics of cotton, containing 85 percent or more by weight of cotton')).toEqual([
      { fibres: ['cotton'], atLeast: true, percent: 85 },
    ]);
    expect(
      conditions('containing less than 85 percent by weight of cotton, mixed mainly or solely with man-made fibers'),
    ).toEqual([{ fibres: ['cotton'], atLeast: false, percent: 85 }]);
    expect(
      conditions('Knitted fabrics, containing by weight 5 percent or more of elastomeric yarn or rubber thread'),
    ).toEqual([{ fibres: ['elastomeric'], atLeast: true, percent: 5 }]);
    expect(conditions('Containing 85 percent or more by weight of man-made filaments')[0].fibres).toEqual([
      'synthetic',
      'artificial',
    ]);
    // A share of something else than a fibre is no fibre condition.
    expect(conditions('Containing over 50 percent by weight of plastics')).toEqual([]);
  });

  it('reads the shares a query gives, and whether they make up the whole', () => {
    expect(shares('a coat of 70% polyester and 30% wool')).toEqual({
      shares: new Map([
        ['synthetic', 70],
        ['wool', 30],
      ]),
      complete: true,
    });
    expect(shares('pants of 90% cotton and 10% spandex').shares.get('elastomeric')).toBe(10);
    expect(shares('fabric with 60% cotton').complete).toBe(false);
    // "Less than 85%" is just under 85, not 85.
    expect(shares('yarn containing less than 85% cotton').shares.get('cotton')).toBeLessThan(85);
    expect(fibreSharesInQuery(foldText('cotton t-shirt'))).toBeNull();
  });

  it('tells when the shares meet, fail, or cannot settle a condition', () => {
    const atLeast85Cotton = conditions('containing 85 percent or more by weight of cotton')[0];
    expect(meetsCondition(shares('65% cotton and 35% polyester'), atLeast85Cotton)).toBe(false);
    expect(meetsCondition(shares('65% cotton and 35% polyester'), negated(atLeast85Cotton))).toBe(true);
    expect(meetsCondition(shares('100% cotton'), atLeast85Cotton)).toBe(true);
    const atLeast23Wool = conditions('Containing 23 percent or more by weight of wool or fine animal hair')[0];
    // Wool is not named and the shares given do not make up the whole: no telling.
    expect(meetsCondition(shares('60% nylon'), atLeast23Wool)).toBeNull();
  });

  it('does not read a fibre from wording about proportions', () => {
    expect(withoutFibreProportions('containing 23 percent or more by weight of wool or fine animal hair')).not.toMatch(
      /wool/,
    );
    expect(withoutFibreProportions('woven fabrics of cotton, mixed mainly or solely with man-made fibers')).toBe(
      'woven fabrics of cotton,  ',
    );
  });
});
