import type { CustomsEntry, EntryPricing, PricedEntry } from './model';
import type { Page } from '../shared';
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
  /** The entry and its first pricing, in one transaction. */
  insert(entry: CustomsEntry, pricing: EntryPricing): Promise<void>;
  /** A new pricing version; false when that version exists already (priced meanwhile), and nothing is written. */
  addPricing(entry: CustomsEntry, pricing: EntryPricing): Promise<boolean>;
}

/** The account's shipments, as an entry reads the one it belongs to. */
export interface EntryShipments {
  find(accountId: string, livemode: boolean, id: string): Promise<Shipment | null>;
}
