import type { EdiIssue } from './errors';
import type { EdiStandard } from './partner';

/**
 * An interchange received from a partner, an acknowledgement we sent back, or a document we sent,
 * as stored. A document we send is `sent`, or `awaiting_ack` until the partner's 997/CONTRL makes it
 * `acknowledged` or `rejected` (`ack_overdue` once it waited longer than the setting).
 */
export type EdiInterchangeStatus =
  | 'accepted'
  | 'accepted_with_errors'
  | 'partially_accepted'
  | 'rejected'
  | 'sent'
  | 'awaiting_ack'
  | 'acknowledged'
  | 'ack_overdue';
/** A set we sent is `sent` until the partner's acknowledgement reports on it. */
export type EdiSetStatus = 'accepted' | 'accepted_with_errors' | 'rejected' | 'sent';

/** What a transaction set (message) made, changed or reported on. */
export interface EdiRecord {
  object: 'container' | 'invoice' | 'shipment' | 'edi_interchange';
  id: string;
}

export interface EdiSetOutcome {
  /** ST02 or UNH01. */
  controlNumber: string;
  /** ST01 or UNH02-1. */
  documentType: string;
  status: EdiSetStatus;
  /** The set's own faults and those of its group (X12 GS/GE). */
  errors: EdiIssue[];
  records: EdiRecord[];
}

export interface EdiInterchange {
  id: string;
  accountId: string;
  livemode: boolean;
  partnerId: string;
  direction: 'inbound' | 'outbound';
  standard: EdiStandard;
  /** ISA13 or UNB05. */
  controlNumber: string;
  /** GS06 of an X12 document we sent (a 997's AK1 names it); null otherwise. */
  groupControlNumber: string | null;
  documentTypes: string[];
  status: EdiInterchangeStatus;
  sets: EdiSetOutcome[];
  /** Faults of the interchange envelope (ISA/IEA, UNB/UNZ, the partner or usage it names). */
  errors: EdiIssue[];
  /** The text as received or sent; left out of lists. */
  raw: string | null;
  /** For an inbound interchange, the acknowledgement sent back; for a document we sent, the partner's. */
  acknowledgement: { interchangeId: string; raw: string } | null;
  /** For an acknowledgement, the interchange it answers. */
  inReplyTo: string | null;
  createdAt: number;
}

export interface EdiInterchangeFilter {
  partnerId?: string;
  direction?: 'inbound' | 'outbound';
  documentType?: string;
  status?: EdiInterchangeStatus;
  createdAfter?: number;
  createdBefore?: number;
}
