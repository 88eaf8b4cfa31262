import type { components } from '../../generated/api';
import { isoTime, isoTimeOrNull } from './time';
import type { Invoice } from '../../domain/invoices';

type Schemas = components['schemas'];

export function toApiInvoice(invoice: Invoice): Schemas['Invoice'] {
  const money = (amount: string) => ({ amount, currency: invoice.currency });
  return {
    id: invoice.id,
    object: 'invoice',
    livemode: invoice.livemode,
    number: invoice.number,
    status: invoice.status,
    shipment_id: invoice.shipmentId,
    currency: invoice.currency,
    bill_to: invoice.billTo,
    due_date: invoice.dueDate,
    memo: invoice.memo,
    lines: invoice.lines.map((line) => ({
      description: line.description,
      charge_code: line.chargeCode,
      quantity: line.quantity,
      unit_amount: money(line.unitAmount),
      tax_rate: line.taxRate,
      amount: money(line.amount),
      tax: money(line.tax),
    })),
    subtotal: money(invoice.subtotal),
    tax: money(invoice.tax),
    total: money(invoice.total),
    payment_reference: invoice.paymentReference,
    metadata: invoice.metadata,
    status_transitions: {
      finalized_at: isoTimeOrNull(invoice.finalizedAt),
      paid_at: isoTimeOrNull(invoice.paidAt),
      voided_at: isoTimeOrNull(invoice.voidedAt),
    },
    created_at: isoTime(invoice.createdAt),
    updated_at: isoTime(invoice.updatedAt),
  };
}
