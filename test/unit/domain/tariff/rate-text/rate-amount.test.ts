import Decimal from 'decimal.js';
import { parseRateExpression } from '../../../../../src/domain/tariff/rate-text/parse-rate-text';
import { rateAmount } from '../../../../../src/domain/tariff/rate-text/rate-amount';

const value = new Decimal('10000');
const amountOf = (text: string, quantities: Array<{ value: string; unit: string }> = []) =>
  rateAmount(parseRateExpression(text), {
    value,
    quantities: quantities.map((q) => ({ value: new Decimal(q.value), unit: q.unit })),
  });

describe('rateAmount', () => {
  it('computes Free as a real zero and ad valorem on the value', () => {
    expect(amountOf('Free')).toEqual({ status: 'resolved', amount: new Decimal(0) });
    expect(amountOf('6.5%')).toEqual({ status: 'resolved', amount: new Decimal('650') });
  });

  it('computes specific and compound rates from a quantity, converting units exactly', () => {
    expect(amountOf('1¢/kg', [{ value: '500', unit: 'kg' }])).toEqual({ status: 'resolved', amount: new Decimal('5') });
    expect(amountOf('1¢/kg', [{ value: '1000', unit: 'lb' }])).toEqual({
      status: 'resolved',
      amount: new Decimal('4.5359237'),
    });
    expect(amountOf('$1.35/doz.', [{ value: '120', unit: 'No.' }])).toEqual({
      status: 'resolved',
      amount: new Decimal('13.5'),
    });
    expect(amountOf('2.2¢/kg + 10%', [{ value: '100', unit: 'kg' }])).toEqual({
      status: 'resolved',
      amount: new Decimal('1002.2'),
    });
  });

  it('is unresolved, never zero, when the quantity is missing or of another dimension', () => {
    expect(amountOf('1¢/kg')).toEqual({
      status: 'unresolved',
      reason: 'the specific rate is per kg; a quantity in kg is required',
    });
    expect(amountOf('37.5¢/liter', [{ value: '3', unit: 'kg' }])).toMatchObject({ status: 'unresolved' });
    expect(amountOf('2.2¢/kg + 10%')).toMatchObject({ status: 'unresolved' });
  });

  it('is unresolved when a term is measured on a part the request does not give', () => {
    expect(amountOf('4.4¢/kg on drained weight', [{ value: '10', unit: 'kg' }])).toMatchObject({
      status: 'unresolved',
    });
    expect(amountOf('51¢ each + 6.25% on the case', [{ value: '10', unit: 'No.' }])).toMatchObject({
      status: 'unresolved',
    });
    expect(amountOf('The rate applicable to the natural juice in heading 2009')).toMatchObject({
      status: 'unresolved',
    });
  });
});
