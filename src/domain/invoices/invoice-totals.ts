import Decimal from 'decimal.js';
import { fitsCurrency, formatAmount, minorUnits, roundToCurrency } from './invoice-money';
import type { InvoiceLine, InvoiceLineWritten } from './model';
import { DomainError } from '../shared';

/**
 * Each line's amount (quantity × unit amount) and tax (amount × rate %), each rounded half-up to
 * the currency's minor unit, then the sums: what the invoice shows adds up to the cent.
 */
export function priceLines(
  inputs: readonly InvoiceLineWritten[],
  currency: string,
): { lines: InvoiceLine[]; subtotal: string; tax: string; total: string } {
  let subtotal = new Decimal(0);
  let tax = new Decimal(0);
  const lines = inputs.map(({ unitAmountCurrency, ...input }, index) => {
    if (unitAmountCurrency !== undefined && unitAmountCurrency !== currency) {
      const message = `The unit amount is in ${unitAmountCurrency}; this invoice is in ${currency}.`;
      throw new DomainError('invalid_input', message, [{ field: `lines/${index}/unit_amount/currency`, message }]);
    }
    if (!fitsCurrency(input.unitAmount, currency)) {
      const message = `${currency} amounts have at most ${minorUnits(currency)} decimals.`;
      throw new DomainError('invalid_input', message, [{ field: `lines/${index}/unit_amount`, message }]);
    }
    const amount = roundToCurrency(new Decimal(input.quantity).times(input.unitAmount), currency);
    const lineTax = roundToCurrency(amount.times(input.taxRate).dividedBy(100), currency);
    subtotal = subtotal.plus(amount);
    tax = tax.plus(lineTax);
    return { ...input, amount: formatAmount(amount, currency), tax: formatAmount(lineTax, currency) };
  });
  return {
    lines,
    subtotal: formatAmount(subtotal, currency),
    tax: formatAmount(tax, currency),
    total: formatAmount(subtotal.plus(tax), currency),
  };
}
