import type { EdiIssue } from './errors';
import type { EdiStandard } from './partner';

/** An interchange received from a partner, or an acknowledgement we sent back, as stored. */
export type EdiInterchangeStatus = 'accepted' | 'accepted_with_errors' | 'partially_accepted' | 'rejected' | 'sent';
export type EdiSetStatus = 'accepted' | 'accepted_with_errors' | 'rejected';

/** What a transaction set (message) made or changed. */
export interface EdiRecord {
  object: 'container' | 'invoice';
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
  documentTypes: string[];
  status: EdiInterchangeStatus;
  sets: EdiSetOutcome[];
  /** Faults of the interchange envelope (ISA/IEA, UNB/UNZ, the partner or usage it names). */
  errors: EdiIssue[];
  /** The text as received or sent; left out of lists. */
  raw: string | null;
  /** For an inbound interchange, the acknowledgement sent back. */
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
