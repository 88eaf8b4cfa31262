import type { Knex } from 'knex';
import { newestFirstPage } from './created-at-cursor';
import { toBool, toNumber, toNumberOrNull } from '../row-values';
import { readJsonColumn } from './json-column';
import Decimal from 'decimal.js';
import { isUniqueViolation } from '../unique-violation';
import { OutboxEventRepository } from './outbox-event.repository';
import { insertWithEvents, updateWithEvents } from './writes-with-events';
import {
  type Invoice,
  type InvoiceLine,
  type InvoiceStatus,
  type InvoiceStore,
  minorUnits,
} from '../../domain/invoices';
import type { OutboxEvent, Page } from '../../domain/shared';
import type { Party } from '../../domain/shipments';

/** DECIMAL(19,4) reads back as 4 decimals (or a number on SQLite): shown at the currency's minor unit. */
const amount = (value: unknown, currency: string) => new Decimal(String(value)).toFixed(minorUnits(currency));

function toInvoice(row: Record<string, unknown>): Invoice {
  const currency = String(row.currency);
  return {
    id: String(row.id),
    accountId: String(row.account_id),
    livemode: toBool(row.livemode),
    number: (row.number as string | null) ?? null,
    status: String(row.status) as InvoiceStatus,
    shipmentId: (row.shipment_id as string | null) ?? null,
    currency,
    billTo: row.bill_to === null ? null : readJsonColumn<Party>(row.bill_to),
    dueDate: (row.due_date as string | null) ?? null,
    memo: (row.memo as string | null) ?? null,
    lines: readJsonColumn<InvoiceLine[]>(row.lines),
    subtotal: amount(row.subtotal, currency),
    tax: amount(row.tax, currency),
    total: amount(row.total, currency),
    paymentReference: (row.payment_reference as string | null) ?? null,
    metadata: readJsonColumn<Record<string, string>>(row.metadata),
    finalizedAt: toNumberOrNull(row.finalized_at),
    paidAt: toNumberOrNull(row.paid_at),
    voidedAt: toNumberOrNull(row.voided_at),
    createdAt: toNumber(row.created_at),
    updatedAt: toNumber(row.updated_at),
  };
}

const toRow = (invoice: Invoice) => ({
  id: invoice.id,
  account_id: invoice.accountId,
  livemode: invoice.livemode,
  number: invoice.number,
  status: invoice.status,
  shipment_id: invoice.shipmentId,
  currency: invoice.currency,
  bill_to: invoice.billTo === null ? null : JSON.stringify(invoice.billTo),
  due_date: invoice.dueDate,
  memo: invoice.memo,
  lines: JSON.stringify(invoice.lines),
  subtotal: invoice.subtotal,
  tax: invoice.tax,
  total: invoice.total,
  payment_reference: invoice.paymentReference,
  metadata: JSON.stringify(invoice.metadata),
  finalized_at: invoice.finalizedAt,
  paid_at: invoice.paidAt,
  voided_at: invoice.voidedAt,
  created_at: invoice.createdAt,
  updated_at: invoice.updatedAt,
});

class StaleInvoice extends Error {}

/** Invoice numbers: INV- and the account's sequence in the mode, six digits at least. */
const invoiceNumber = (sequence: number) => `INV-${String(sequence).padStart(6, '0')}`;

export class InvoiceRepository implements InvoiceStore {
  constructor(private readonly knex: Knex) {}

  async find(accountId: string, livemode: boolean, id: string): Promise<Invoice | null> {
    const row = await this.knex('invoices').where({ id, account_id: accountId, livemode }).first();
    return row ? toInvoice(row) : null;
  }

  async page(
    accountId: string,
    livemode: boolean,
    filter: { status?: InvoiceStatus; shipmentId?: string },
    limit: number,
    cursor: string | null,
  ): Promise<Page<Invoice>> {
    const query = this.knex('invoices').where({ account_id: accountId, livemode });
    if (filter.status !== undefined) query.andWhere('status', filter.status);
    if (filter.shipmentId !== undefined) query.andWhere('shipment_id', filter.shipmentId);
    return newestFirstPage(query, cursor ?? undefined, limit, toInvoice, (i) => i.createdAt);
  }

  insert(invoice: Invoice, events: OutboxEvent[]): Promise<void> {
    return insertWithEvents(this.knex, 'invoices', toRow(invoice), events);
  }

  update(invoice: Invoice, expectedUpdatedAt: number, events: OutboxEvent[]): Promise<boolean> {
    return updateWithEvents(this.knex, 'invoices', toRow(invoice), expectedUpdatedAt, events);
  }

  /**
   * The sequence row is bumped first: on MySQL its row lock holds concurrent finalizations of the
   * same account and mode until this one commits, so numbers are consecutive and never reused.
   */
  async finalize(
    invoice: Invoice,
    expectedUpdatedAt: number,
    events: (numbered: Invoice) => OutboxEvent[],
  ): Promise<Invoice | null> {
    const keyOf = { account_id: invoice.accountId, livemode: invoice.livemode };
    try {
      return await this.knex.transaction(async (trx) => {
        if ((await trx('invoice_sequences').where(keyOf).increment('last_number', 1)) === 0) {
          try {
            await trx('invoice_sequences').insert({ ...keyOf, last_number: 1 });
          } catch (error) {
            // Another first finalization made the row meanwhile: count on from it.
            if (!isUniqueViolation(error)) throw error;
            await trx('invoice_sequences').where(keyOf).increment('last_number', 1);
          }
        }
        const { last_number: sequence } = await trx('invoice_sequences').where(keyOf).first('last_number');
        const numbered: Invoice = { ...invoice, number: invoiceNumber(Number(sequence)) };
        const changed = await trx('invoices')
          .where({ id: invoice.id, status: 'draft', updated_at: expectedUpdatedAt })
          .update(toRow(numbered));
        // The number is given back with the rollback: no gap.
        if (changed === 0) throw new StaleInvoice();
        await new OutboxEventRepository(trx).append(events(numbered), trx);
        return numbered;
      });
    } catch (error) {
      if (error instanceof StaleInvoice) return null;
      throw error;
    }
  }
}
