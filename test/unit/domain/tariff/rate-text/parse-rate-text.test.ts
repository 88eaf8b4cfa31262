import { parseRateExpression, parseSpecialColumn } from '../../../../../src/domain/tariff/rate-text/parse-rate-text';

describe('parseRateExpression', () => {
  it('reads Free and ad valorem rates', () => {
    expect(parseRateExpression('Free')).toEqual({ kind: 'free', raw: 'Free' });
    expect(parseRateExpression('6.5%')).toEqual({
      kind: 'ad_valorem',
      raw: '6.5%',
      term: { kind: 'ad_valorem', percent: '6.5' },
    });
    expect(parseRateExpression('33 1/3%')).toMatchObject({ kind: 'ad_valorem', term: { percent: '33.3333333333' } });
  });

  it('reads specific rates in cents and dollars, converting cents to exact dollars', () => {
    expect(parseRateExpression('1¢/kg')).toMatchObject({
      kind: 'specific',
      term: { amount: '0.01', currency: 'USD', unit: 'kg' },
    });
    expect(parseRateExpression('$1.35/doz.')).toMatchObject({
      kind: 'specific',
      term: { amount: '1.35', unit: 'doz.' },
    });
    expect(parseRateExpression('37.5¢/liter')).toMatchObject({
      kind: 'specific',
      term: { amount: '0.375', unit: 'liter' },
    });
    expect(parseRateExpression('$1.32/pf. liter')).toMatchObject({
      kind: 'specific',
      term: { amount: '1.32', unit: 'pf.liter' },
    });
    expect(parseRateExpression('5.5¢ each')).toMatchObject({
      kind: 'specific',
      term: { amount: '0.055', unit: 'No.' },
    });
    expect(parseRateExpression('$6/1000')).toMatchObject({ kind: 'specific', term: { amount: '0.006', unit: 'No.' } });
  });

  it('reads compound rates, keeping what a quantity or value is measured on', () => {
    expect(parseRateExpression('2.2¢/kg + 10%')).toMatchObject({
      kind: 'compound',
      terms: [
        { kind: 'specific', amount: '0.022', unit: 'kg' },
        { kind: 'ad_valorem', percent: '10' },
      ],
    });
    expect(parseRateExpression('4.4¢/kg on drained weight +6%')).toMatchObject({
      kind: 'compound',
      terms: [
        { kind: 'specific', amount: '0.044', unit: 'kg', on: 'on drained weight' },
        { kind: 'ad_valorem', percent: '6' },
      ],
    });
    expect(parseRateExpression('$1.50 each + 65% + 25¢/jewel')).toMatchObject({
      kind: 'compound',
      terms: [{ unit: 'No.', amount: '1.5' }, { percent: '65' }, { unit: 'jewel', amount: '0.25' }],
    });
    expect(parseRateExpression('51¢ each + 6.25% on the case + 5.3% on the battery')).toMatchObject({
      kind: 'compound',
      terms: [{ unit: 'No.' }, { percent: '6.25', on: 'the case' }, { percent: '5.3', on: 'the battery' }],
    });
    expect(parseRateExpression('2.5% on the value of the lead content')).toMatchObject({
      kind: 'ad_valorem',
      term: { percent: '2.5', on: 'the lead content' },
    });
  });

  it('reads the sugar polarization scale', () => {
    expect(
      parseRateExpression(
        '1.4606¢/kg less 0.020668¢/kg for each degree under 100 degrees (and fractions of a degree in proportion) but not less than 0.943854¢/kg',
      ),
    ).toMatchObject({
      kind: 'polarization_scale',
      amountAt100: '0.014606',
      decrementPerDegree: '0.00020668',
      minimum: '0.00943854',
    });
  });

  it('reads Chapter 99 texts', () => {
    expect(parseRateExpression('The duty provided in the applicable subheading + 25%')).toMatchObject({
      kind: 'applicable_subheading',
      additional: [{ kind: 'ad_valorem', percent: '25' }],
    });
    expect(parseRateExpression('The duty provided in the applicable subheading plus 25%')).toMatchObject({
      kind: 'applicable_subheading',
      additional: [{ percent: '25' }],
    });
    expect(
      parseRateExpression(
        'The duty provided in the applicable subheading + a duty of 50% upon the value of the copper content',
      ),
    ).toMatchObject({ kind: 'applicable_subheading', additional: [{ percent: '50', on: 'the copper content' }] });
    expect(parseRateExpression('The duty provided in the applicable subheading.')).toMatchObject({
      kind: 'applicable_subheading',
      additional: [],
    });
    expect(parseRateExpression('The duty rate provided in such subheading minus 5%')).toMatchObject({
      minusPercent: '5',
    });
    expect(parseRateExpression('No change')).toMatchObject({ kind: 'no_change' });
  });

  it('keeps references to other provisions as references', () => {
    expect(parseRateExpression('The rate applicable to the natural juice in heading 2009')).toMatchObject({
      kind: 'reference',
    });
    expect(parseRateExpression('See additional U.S. note 3')).toMatchObject({ kind: 'reference' });
  });

  it('flags unreadable text and keeps it, never reading it as zero', () => {
    expect(parseRateExpression('Ten dollars a crate')).toEqual({
      kind: 'unparseable',
      raw: 'Ten dollars a crate',
      flagged: true,
      reason: 'unrecognised rate term "Ten dollars a crate"',
    });
    expect(parseRateExpression('')).toMatchObject({ kind: 'unparseable', flagged: true });
  });
});

describe('parseSpecialColumn', () => {
  it('reads program groups, including several rates and "See" pointers', () => {
    expect(parseSpecialColumn('Free (A+,AU,BH,CL,CO,D,E, IL,JO,KR,MA,OM,P,PA,PE,S,SG)')).toMatchObject({
      kind: 'special',
      offers: [
        {
          rate: { kind: 'free' },
          programs: ['A+', 'AU', 'BH', 'CL', 'CO', 'D', 'E', 'IL', 'JO', 'KR', 'MA', 'OM', 'P', 'PA', 'PE', 'S', 'SG'],
        },
      ],
      references: [],
    });
    expect(parseSpecialColumn('Free (A+,AU,B,BH,CL,CO,D,E,IL,JO,MA,OM,P,PA,PE,S,SG)25% (KR)')).toMatchObject({
      offers: [{ rate: { kind: 'free' } }, { rate: { kind: 'ad_valorem', term: { percent: '25' } }, programs: ['KR'] }],
    });
    expect(
      parseSpecialColumn('Free (BH,CL,CO,JO,KR,MA,OM,P,PA,PE,SG) See 9822.04.25 (AU) See 9823.08.01-9823.08.38 (S+)'),
    ).toMatchObject({
      references: [
        { provisions: '9822.04.25', programs: ['AU'] },
        { provisions: '9823.08.01-9823.08.38', programs: ['S+'] },
      ],
    });
  });

  it('reads a Chapter 99 special text with or without a program list', () => {
    expect(parseSpecialColumn('The duty provided in the applicable subheading + 25%')).toMatchObject({
      offers: [{ rate: { kind: 'applicable_subheading' }, programs: 'all' }],
    });
    expect(parseSpecialColumn('The duty provided in the applicable subheading + 10% (AU,BH)')).toMatchObject({
      offers: [{ rate: { kind: 'applicable_subheading' }, programs: ['AU', 'BH'] }],
    });
  });

  it('returns none for an empty column and flags text it cannot read', () => {
    expect(parseSpecialColumn('')).toEqual({ kind: 'none', raw: '' });
    expect(parseSpecialColumn('Free (See U.S. note 4 of this subchapter)')).toMatchObject({
      kind: 'unparseable',
      flagged: true,
    });
  });
});

describe('parsed rate texts are remembered', () => {
  it('parses each text once and shares the frozen result between callers', () => {
    const first = parseRateExpression('2.2¢/kg + 10%');
    expect(parseRateExpression('2.2¢/kg + 10%')).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(() => {
      (first as { raw: string }).raw = 'changed';
    }).toThrow(TypeError);
    const special = parseSpecialColumn('Free (A,AU) 6.5% (KR)');
    expect(parseSpecialColumn('Free (A,AU) 6.5% (KR)')).toBe(special);
    expect(Object.isFrozen(special)).toBe(true);
  });
});
