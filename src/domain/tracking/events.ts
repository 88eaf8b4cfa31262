import crypto from 'node:crypto';

/**
 * Our canonical timeline event: the DCSA Track & Trace event model (T&T 2.2 and 3.0 carry the same
 * facts in different envelopes), flattened to what a timeline needs. Times are epoch milliseconds (UTC).
 */

export type EventType = 'EQUIPMENT' | 'TRANSPORT' | 'SHIPMENT';
export type EventClassifier = 'PLN' | 'EST' | 'ACT';
export type ModeOfTransport = 'VESSEL' | 'BARGE' | 'RAIL' | 'TRUCK';
export type EmptyIndicator = 'EMPTY' | 'LADEN';

/** DCSA event_domain 3.1.0 code lists. */
export const equipmentEventCodes = [
  'LOAD',
  'DISC',
  'GTIN',
  'GTOT',
  'STUF',
  'STRP',
  'PICK',
  'AVPU',
  'DROP',
  'AVDO',
  'INSP',
  'RSEA',
  'RMVD',
  'CUSS',
  'CUSI',
  'CUSR',
  'CROS',
] as const;
export const transportEventCodes = ['ARRI', 'DEPA'] as const;
export const shipmentEventCodes = [
  'RECE',
  'DRFT',
  'PENA',
  'PENU',
  'PENC',
  'CONF',
  'REJE',
  'APPR',
  'ISSU',
  'SURR',
  'SUBM',
  'VOID',
  'REQS',
  'CMPL',
  'HOLD',
  'RELS',
  'CANC',
] as const;

const codesByType: Record<EventType, readonly string[]> = {
  EQUIPMENT: equipmentEventCodes,
  TRANSPORT: transportEventCodes,
  SHIPMENT: shipmentEventCodes,
};

export function isKnownEventCode(type: EventType, code: string): boolean {
  return codesByType[type].includes(code);
}

export interface EventLocation {
  unlocode: string | null;
  name: string | null;
  facilityCode: string | null;
  facilityCodeListProvider: string | null;
  lat: number | null;
  lon: number | null;
}

export interface Vessel {
  imo: string | null;
  name: string | null;
  mmsi: string | null;
}

export interface TransportCall {
  reference: string | null;
  sequenceNumber: number | null;
  modeOfTransport: ModeOfTransport | null;
  vessel: Vessel | null;
  exportVoyage: string | null;
  importVoyage: string | null;
  serviceCode: string | null;
  location: EventLocation | null;
}

export interface TimelineEvent {
  /** The publisher's eventID; retractions refer to it. */
  providerEventId: string | null;
  eventType: EventType;
  /** LOAD, DISC, GTIN, GTOT… for equipment; ARRI, DEPA for transport; RECE… for shipment. */
  code: string;
  classifier: EventClassifier;
  eventTime: number;
  eventCreatedAt: number | null;
  /** Container number for equipment events; null for transport and shipment events, which concern every container. */
  equipmentReference: string | null;
  isoEquipmentCode: string | null;
  emptyIndicator: EmptyIndicator | null;
  isTransshipment: boolean;
  /** Where it happened: the event location, else the transport call's location. */
  location: EventLocation | null;
  transportCall: TransportCall | null;
  /** The provider the event came from (`dcsa:MAEU`, `sandbox`…). */
  source: string;
}

/** Where an event happened, whichever part of the message carried it. */
export function eventLocode(event: TimelineEvent): string | null {
  return event.location?.unlocode ?? event.transportCall?.location?.unlocode ?? null;
}

/**
 * The identity of an event across refreshes. Publishers re-send events (with or without a stable
 * eventID) and revise estimates: an estimate or plan keeps its identity when only its time moves,
 * so a newer estimate replaces the older one; an actual is identified with its time too.
 */
export function eventNaturalKey(event: TimelineEvent): string {
  const call = event.transportCall;
  const parts = [
    event.eventType,
    event.code,
    event.classifier,
    event.equipmentReference ?? '',
    eventLocode(event) ?? '',
    event.location?.facilityCode ?? '',
    call?.reference ?? '',
    call?.vessel?.imo ?? '',
    call?.exportVoyage ?? call?.importVoyage ?? '',
    event.emptyIndicator ?? '',
    event.classifier === 'ACT' ? String(event.eventTime) : '',
  ];
  return crypto.createHash('sha256').update(parts.join('|')).digest('hex');
}

/** The key an actual event shares with the plans and estimates it settles. */
export function milestoneKey(event: TimelineEvent): string {
  const call = event.transportCall;
  return [
    event.eventType,
    event.code,
    event.equipmentReference ?? '',
    eventLocode(event) ?? '',
    call?.reference ?? call?.vessel?.imo ?? '',
  ].join('|');
}
