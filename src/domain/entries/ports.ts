import type { CustomsEntry, EntryPricing, PricedEntry } from './model';
import type { OutboxEvent, Page } from '../shared';
import type { Shipment } from '../shipments';

export interface EntryStore {
  find(accountId: string, livemode: boolean, id: string): Promise<PricedEntry | null>;
  page(
    accountId: string,
    livemode: boolean,
    filter: { shipmentId?: string },
    limit: number,
    cursor: string | null,
  ): Promise<Page<PricedEntry>>;
  /** The entry, its first pricing and the events announcing it, in one transaction. */
  insert(entry: CustomsEntry, pricing: EntryPricing, events: OutboxEvent[]): Promise<void>;
  /** A new pricing version and its events; false when that version exists already (priced meanwhile), and nothing is written. */
  addPricing(entry: CustomsEntry, pricing: EntryPricing, events: OutboxEvent[]): Promise<boolean>;
}

/** The account's shipments, as an entry reads the one it belongs to. */
export interface EntryShipments {
  find(accountId: string, livemode: boolean, id: string): Promise<Shipment | null>;
}
