import { toApiParsedRate } from '../../../src/handlers/outputs/hts.output';
import { parseRateExpression } from '../../../src/domain/tariff/rate-text/parse-rate-text';

// The API's reading of rate texts of every kind the parser knows (texts from HTS 2026 Rev 4).
const read = (text: string) => toApiParsedRate(parseRateExpression(text));

describe('parsed rates in the API', () => {
  it('writes ad valorem, specific and compound rates as sums of terms, amounts as exact USD', () => {
    expect(read('20%')).toEqual({ kind: 'ad_valorem', terms: [{ kind: 'ad_valorem', percent: '20' }] });
    expect(read('6.6¢/kg')).toEqual({
      kind: 'specific',
      terms: [{ kind: 'specific', amount: { amount: '0.066', currency: 'USD' }, unit: 'kg', unit_text: 'kg' }],
    });
    expect(read('$1.104/kg + 14.9%')).toEqual({
      kind: 'compound',
      terms: [
        { kind: 'specific', amount: { amount: '1.104', currency: 'USD' }, unit: 'kg', unit_text: 'kg' },
        { kind: 'ad_valorem', percent: '14.9' },
      ],
    });
  });

  it('writes the sugar polarization scale with its three amounts per kg', () => {
    expect(
      read(
        '3.6606¢/kg less 0.020668¢/kg for each degree under 100 degrees (and fractions of a degree in proportion) but not less than 3.143854¢/kg',
      ),
    ).toEqual({
      kind: 'polarization_scale',
      amount_at_100: { amount: '0.036606', currency: 'USD' },
      decrement_per_degree: { amount: '0.00020668', currency: 'USD' },
      minimum: { amount: '0.03143854', currency: 'USD' },
      unit: 'kg',
    });
  });

  it('writes Chapter 99 texts and references to other provisions', () => {
    expect(read('The duty rate provided in such subheading minus 0.5%')).toEqual({
      kind: 'applicable_subheading',
      terms: [],
      minus_percent: '0.5',
    });
    expect(read('No change')).toEqual({ kind: 'no_change' });
    expect(read('The rate applicable to the natural juice in heading 2009')).toEqual({
      kind: 'reference',
      refers_to: expect.stringContaining('natural juice in heading 2009'),
    });
  });

  it('flags a text it cannot read instead of reading it as zero', () => {
    expect(read('3 pence per pound')).toEqual({
      kind: 'unparseable',
      flagged: true,
      reason: 'unrecognised rate term "3 pence per pound"',
    });
  });
});
