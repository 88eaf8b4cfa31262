import type { EdiInterchange, EdiInterchangeFilter } from './interchange';
import type { OutboundControls } from './outbound-envelope';
import type { Invoice, InvoiceInput } from '../invoices';
import type { BillOfLading, Shipment, ShipmentMilestone } from '../shipments';
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
   * (released when the interchange ended rejected), the acknowledgement sent back, written by
   * `acknowledge` with the partner's next control numbers taken in that transaction (no gap), and
   * the events, made once the acknowledgement is known.
   */
  finish(
    interchange: EdiInterchange,
    controlKey: string | null,
    acknowledge: ((controls: OutboundControls) => EdiInterchange) | null,
    events: () => OutboxEvent[],
  ): Promise<void>;
  find(accountId: string, livemode: boolean, id: string, withRaw: boolean): Promise<EdiInterchange | null>;
  /**
   * Takes the partner's next control numbers (interchange, group, and `sets` transaction sets) and
   * stores the interchange composed with them and its events, in one transaction: a failure takes no
   * number, and concurrent senders are ordered by the partner row's lock (no gap, none twice).
   * Sent for an outbox event, it is null when the partner already has the interchange for that
   * event (unique per partner and event: a replay sends nothing and takes no number).
   */
  insertOutbound(
    partnerId: string,
    sets: number,
    compose: (controls: SendingControls) => { interchange: EdiInterchange; events: OutboxEvent[] },
    sourceEventId?: string | null,
  ): Promise<EdiInterchange | null>;
  /** The document we sent the partner under this ISA13/UNB05, or (X12) GS06, with its text. */
  findSent(partnerId: string, reference: { interchange: string } | { group: string }): Promise<EdiInterchange | null>;
  /** Records what the partner's acknowledgement said of a document we sent: status, sets, the acknowledgement. */
  recordAcknowledgement(interchange: EdiInterchange, events: OutboxEvent[]): Promise<void>;
  /** Documents sent before `cutoff` still awaiting their acknowledgement, oldest first. */
  awaitingSince(cutoff: number, limit: number): Promise<EdiInterchange[]>;
  /** Marks one `ack_overdue` with its event, unless its acknowledgement came meanwhile (false). */
  markOverdue(interchange: EdiInterchange, events: OutboxEvent[]): Promise<boolean>;
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

/** What a shipment status (214) or bill of lading (310) names its shipment by. */
export interface ShipmentReferences {
  billOfLadingNumber: string | null;
  bookingNumber: string | null;
  /** Our shipment reference (the shipper's shipment id, B10-02). */
  reference: string | null;
}

/** A shipment document read: the milestones it reports, or the bill of lading it is. */
export type MappedShipmentDocument = { references: ShipmentReferences } & (
  { milestones: ShipmentMilestone[] } | { bill: BillOfLading }
);

/** Where shipment documents go: the shipments capability's own state machine and update. */
export interface EdiShipments {
  /** The id of the account's shipment the references name, or null. */
  find(scope: AccountScope, references: ShipmentReferences): Promise<string | null>;
  recordMilestones(scope: AccountScope, id: string, milestones: readonly ShipmentMilestone[]): Promise<void>;
  recordBillOfLading(scope: AccountScope, id: string, bill: BillOfLading): Promise<void>;
}

/** The control numbers a document we send takes: ISA13/UNB05, GS06, and its first ST02/UNH01. */
export interface SendingControls extends OutboundControls {
  firstSet: number;
}

/** The account and mode a document is sent in (an event's, or the caller's). */
export type EdiTenant = Pick<AccountScope, 'accountId' | 'livemode'>;

/** What sending needs of the shipments and invoices capabilities: the account's own, or null. */
export interface EdiSources {
  shipment(scope: EdiTenant, id: string): Promise<Shipment | null>;
  invoice(scope: EdiTenant, id: string): Promise<Invoice | null>;
}
