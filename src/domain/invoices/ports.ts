import type { Invoice, InvoiceStatus } from './model';
import type { OutboxEvent, Page } from '../shared';

export interface InvoiceStore {
  find(accountId: string, livemode: boolean, id: string): Promise<Invoice | null>;
  page(
    accountId: string,
    livemode: boolean,
    filter: { status?: InvoiceStatus; shipmentId?: string },
    limit: number,
    cursor: string | null,
  ): Promise<Page<Invoice>>;
  insert(invoice: Invoice, events: OutboxEvent[]): Promise<void>;
  /** Replaces the invoice if it is still as it was read; false when it changed meanwhile. */
  update(invoice: Invoice, expectedUpdatedAt: number, events: OutboxEvent[]): Promise<boolean>;
  /**
   * Finalizes a draft: takes the next number of the account's sequence (in its mode) and writes the
   * invoice with it, in one transaction; null when the invoice changed meanwhile.
   */
  finalize(
    invoice: Invoice,
    expectedUpdatedAt: number,
    events: (numbered: Invoice) => OutboxEvent[],
  ): Promise<Invoice | null>;
}

/** Whether a shipment is the account's, in this mode (invoices may name one). */
export type ShipmentOwnership = (accountId: string, livemode: boolean, shipmentId: string) => Promise<boolean>;
