import type { EdiInterchange, EdiInterchangeFilter } from './interchange';
import type { InvoiceInput } from '../invoices';
import type { AccountScope, OutboxEvent, Page } from '../shared';
import type { PartnerEventReferences, TimelineEvent } from '../tracking';

export interface EdiInterchangeStore {
  /**
   * Stores an interchange; false when the partner already has one of that direction whose control
   * key is the same (the unique index decides, so two concurrent repeats cannot both be stored).
   */
  insert(interchange: EdiInterchange, controlKey: string | null, events: OutboxEvent[]): Promise<boolean>;
  /** The earlier interchange that holds the partner's control key. */
  findByControlKey(partnerId: string, direction: 'inbound' | 'outbound', controlKey: string): Promise<string | null>;
  /**
   * Records the outcome once the sets are applied, in one transaction: status, sets and control key
   * (released when the interchange ended rejected), the acknowledgement sent back, and the event.
   */
  finish(
    interchange: EdiInterchange,
    controlKey: string | null,
    acknowledgement: EdiInterchange | null,
    events: OutboxEvent[],
  ): Promise<void>;
  find(accountId: string, livemode: boolean, id: string, withRaw: boolean): Promise<EdiInterchange | null>;
  page(
    accountId: string,
    livemode: boolean,
    filter: EdiInterchangeFilter,
    limit: number,
    cursor: string | null,
  ): Promise<Page<EdiInterchange>>;
}

/** Where a status message's events go: the tracking capability's own merge, as a carrier feed's. */
export interface EdiStatusEvents {
  /** The containers changed, or null when the account tracks nothing the references name. */
  receive(
    scope: AccountScope,
    references: PartnerEventReferences,
    events: readonly TimelineEvent[],
  ): Promise<{ containerIds: string[] } | null>;
}

/** Where a freight invoice goes: a draft through the invoices capability. */
export interface EdiInvoices {
  createDraft(scope: AccountScope, input: InvoiceInput & { currency: string }): Promise<{ id: string }>;
}
