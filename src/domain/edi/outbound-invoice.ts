/**
 * An invoice as we send it: an X12 210 (L1 charges in cents, B3-07 their sum) or an EDIFACT INVOIC
 * (LIN lines with MOA+203, the totals after UNS), written so that map210 and mapInvoic read back
 * the same number, currency, lines and total.
 */
import Decimal from 'decimal.js';
import type { SegmentSpec } from './outbound-envelope';
import { date8, x12Text } from './outbound-text';
import type { Invoice } from '../invoices';
import { DomainError } from '../shared';

const unsendable = (invoice: Invoice, why: string) =>
  new DomainError('unprocessable', `Invoice ${invoice.id} cannot be sent: ${why}.`, [
    { field: 'invoice_id', message: why },
  ]);

/** Only a finalized invoice has its number and fixed amounts; a draft or void one is not sent. */
function checkSendable(invoice: Invoice): asserts invoice is Invoice & { number: string } {
  if (invoice.number === null || (invoice.status !== 'open' && invoice.status !== 'paid'))
    throw unsendable(invoice, `it is ${invoice.status}; finalize it first`);
}

/** A decimal amount as the 210's implied-2-decimals integer ("976.00" → "97600"), exactly. */
function cents(invoice: Invoice, amount: string): string {
  const value = new Decimal(amount).times(100);
  if (!value.isInteger()) throw unsendable(invoice, `${amount} ${invoice.currency} has more than 2 decimals`);
  return value.toFixed(0);
}

/** B3 with the number, date and net amount, C3 the currency, one L1 per line (and one for the tax). */
export function x12InvoiceSet(invoice: Invoice): SegmentSpec[] {
  checkSendable(invoice);
  if (invoice.number.length > 22) throw unsendable(invoice, 'its number is longer than B3-02 allows (22)');
  const charges = [
    ...invoice.lines.map((line) => ({
      amount: line.amount,
      code: line.chargeCode === 'trucking' ? '400' : '',
      description: line.description,
    })),
    ...(new Decimal(invoice.tax).isZero() ? [] : [{ amount: invoice.tax, code: '', description: 'Tax' }]),
  ];
  return [
    ['210'],
    [
      'B3',
      '',
      invoice.number,
      '',
      'PP',
      '',
      date8(invoice.finalizedAt ?? invoice.createdAt),
      cents(invoice, invoice.total),
    ],
    ['C3', invoice.currency],
    ...charges.map((charge, i): SegmentSpec => [
      'L1',
      String(i + 1),
      '',
      '',
      cents(invoice, charge.amount),
      '',
      '',
      '',
      charge.code,
      '',
      '',
      '',
      x12Text(charge.description).slice(0, 25),
    ]),
  ];
}

/** BGM 380 (commercial invoice), CUX, a LIN group per line, and after UNS the totals (MOA 79, 124, 77). */
export function invoicMessage(invoice: Invoice): SegmentSpec[] {
  checkSendable(invoice);
  return [
    ['BGM', '380', invoice.number, '9'],
    ['DTM', ['137', date8(invoice.finalizedAt ?? invoice.createdAt), '102']],
    ['CUX', ['2', invoice.currency, '4']],
    ...invoice.lines.flatMap((line, i): SegmentSpec[] => [
      ['LIN', String(i + 1)],
      ['IMD', 'F', '', ['', '', '', line.description]],
      ['QTY', ['47', line.quantity]],
      ['MOA', ['203', line.amount]],
      ['PRI', ['AAA', line.unitAmount]],
    ]),
    ['UNS', 'S'],
    ['MOA', ['79', invoice.subtotal]],
    ['MOA', ['124', invoice.tax]],
    ['MOA', ['77', invoice.total]],
  ];
}
