/** An EDI trading partner of an account: who they are in the envelopes, and what we exchange. */
export type EdiStandard = 'x12' | 'edifact';
export type EdiDocumentType =
  '210' | '214' | '310' | '315' | '322' | '856' | '997' | '999' | 'IFTSTA' | 'IFTMIN' | 'INVOIC' | 'CONTRL';
export type EdiAcknowledgement = 'ta1' | '997' | '999' | 'contrl';
/**
 * What we send a partner, on request or on its events; its standard decides the document. EDIFACT
 * has one instruction message (IFTMIN) for both a shipment and its bill of lading.
 */
export type EdiOutboundDocument = 'shipment_status' | 'shipment' | 'bill_of_lading' | 'invoice';
/** What a partner may have sent on the account's events (auto-send.ts). */
export type EdiAutoSendDocument = Extract<EdiOutboundDocument, 'shipment_status' | 'invoice'>;

/** Which document each outbound document is in each standard, and the X12 functional group it goes in. */
export const outboundDocuments = {
  shipment_status: { x12: '315', edifact: 'IFTSTA', functionalId: 'QO' },
  shipment: { x12: '856', edifact: 'IFTMIN', functionalId: 'SH' },
  bill_of_lading: { x12: '310', edifact: 'IFTMIN', functionalId: 'IO' },
  invoice: { x12: '210', edifact: 'INVOIC', functionalId: 'IN' },
} as const satisfies Record<
  EdiOutboundDocument,
  { x12: EdiDocumentType; edifact: EdiDocumentType; functionalId: string }
>;

export interface InterchangeAddress {
  qualifier: string;
  id: string;
}

export interface EdiPartner {
  id: string;
  accountId: string;
  livemode: boolean;
  name: string;
  standard: EdiStandard;
  version: string;
  theirs: InterchangeAddress;
  ours: InterchangeAddress;
  /** X12 GS02 and GS03; null for EDIFACT. */
  theirApplicationCode: string | null;
  ourApplicationCode: string | null;
  usageIndicator: 'T' | 'P';
  inbound: EdiDocumentType[];
  outbound: EdiDocumentType[];
  acknowledgements: EdiAcknowledgement[];
  /** The documents sent on the account's shipment and invoice events (auto-send.ts). */
  autoSend: EdiAutoSendDocument[];
  /** The last control numbers we used towards the partner. */
  controlNumbers: { interchange: number; group: number; transactionSet: number };
  createdAt: number;
  updatedAt: number;
}

export type EdiPartnerInput = Partial<
  Pick<
    EdiPartner,
    | 'name'
    | 'version'
    | 'theirs'
    | 'ours'
    | 'theirApplicationCode'
    | 'ourApplicationCode'
    | 'usageIndicator'
    | 'inbound'
    | 'outbound'
    | 'acknowledgements'
    | 'autoSend'
  >
>;

/** What each standard allows; a partner mixing them is refused field by field. */
export const standardRules: Record<
  EdiStandard,
  {
    versions: readonly string[];
    documents: readonly EdiDocumentType[];
    acknowledgements: readonly EdiAcknowledgement[];
    /** Qualifier and id lengths in the envelope (ISA05–08 are fixed width 2 and 15). */
    qualifierLength: [number, number];
    idLength: number;
  }
> = {
  x12: {
    versions: ['004010', '005010'],
    documents: ['210', '214', '310', '315', '322', '856', '997', '999'],
    acknowledgements: ['ta1', '997', '999'],
    qualifierLength: [2, 2],
    idLength: 15,
  },
  edifact: {
    versions: ['D.99B', 'D.01B'],
    documents: ['IFTSTA', 'IFTMIN', 'INVOIC', 'CONTRL'],
    acknowledgements: ['contrl'],
    qualifierLength: [1, 4],
    idLength: 35,
  },
};

/** Whether the partner acknowledges what we send: then it stays `awaiting_ack` until it does. */
export const acknowledges = (partner: EdiPartner): boolean =>
  partner.standard === 'x12'
    ? partner.acknowledgements.some((a) => a === '997' || a === '999' || a === 'ta1')
    : partner.acknowledgements.includes('contrl');

/** Whether the partner's acknowledgement of our X12 interchange is a 997/999 (else a TA1 is all). */
export const acknowledgesSets = (partner: EdiPartner): boolean =>
  partner.standard === 'edifact' || partner.acknowledgements.some((a) => a === '997' || a === '999');
