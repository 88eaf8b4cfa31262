import type { EventLocation, EventType, ModeOfTransport, TimelineEvent, TransportCall } from '../../events';
import { isKnownEventCode } from '../../events';
import type { CarrierEventsResult } from '../provider-types';

/**
 * Pure mapping of DCSA T&T responses to our timeline. 2.2 events are flat objects discriminated by
 * `eventType`; 3.0 events are `{metadata, payload}`, and a metadata-only event retracts another.
 * An event we cannot read is skipped with a message, never guessed at (Karrio's messages-as-data).
 */

export interface DcsaParseResult extends CarrierEventsResult {
  messages: string[];
}

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
const num = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : null;
};
const time = (v: unknown): number | null => {
  const s = str(v);
  if (!s) return null;
  const t = Date.parse(s);
  return Number.isNaN(t) ? null : t;
};

function location(raw: unknown, fallbackLocode: unknown = null): EventLocation | null {
  if (!isObject(raw)) {
    const code = str(fallbackLocode);
    return code
      ? { unlocode: code, name: null, facilityCode: null, facilityCodeListProvider: null, lat: null, lon: null }
      : null;
  }
  return {
    unlocode: str(raw.UNLocationCode) ?? str(fallbackLocode),
    name: str(raw.locationName),
    facilityCode: str(raw.facilityCode),
    facilityCodeListProvider: str(raw.facilityCodeListProvider),
    lat: num(raw.latitude),
    lon: num(raw.longitude),
  };
}

function transportCall(raw: unknown): TransportCall | null {
  if (!isObject(raw)) return null;
  const vessel = isObject(raw.vessel) ? raw.vessel : null;
  const mode = str(raw.modeOfTransport);
  return {
    reference: str(raw.transportCallReference) ?? str(raw.transportCallID),
    sequenceNumber: num(raw.transportCallSequenceNumber),
    modeOfTransport: mode && ['VESSEL', 'BARGE', 'RAIL', 'TRUCK'].includes(mode) ? (mode as ModeOfTransport) : null,
    vessel: vessel
      ? { imo: str(vessel.vesselIMONumber), name: str(vessel.name) ?? str(vessel.vesselName), mmsi: null }
      : null,
    exportVoyage: str(raw.carrierExportVoyageNumber) ?? str(raw.exportVoyageNumber) ?? str(raw.carrierVoyageNumber),
    importVoyage: str(raw.carrierImportVoyageNumber) ?? str(raw.importVoyageNumber),
    serviceCode: str(raw.carrierServiceCode),
    location: location(raw.location, raw.UNLocationCode),
  };
}

/** One event body (2.2 flat event, or a 3.0 payload with its metadata) to our canonical event. */
function toTimelineEvent(
  body: Json,
  meta: { eventId: string | null; createdAt: unknown },
  source: string,
): TimelineEvent | string {
  const eventType = str(body.eventType) as EventType | null;
  const codeField = {
    EQUIPMENT: 'equipmentEventTypeCode',
    TRANSPORT: 'transportEventTypeCode',
    SHIPMENT: 'shipmentEventTypeCode',
  } as const;
  if (!eventType || !(eventType in codeField))
    return `event ${meta.eventId ?? '?'}: unknown eventType ${String(body.eventType)}`;
  const code = str(body[codeField[eventType]]);
  if (!code || !isKnownEventCode(eventType, code))
    return `event ${meta.eventId ?? '?'}: unknown ${eventType} code ${String(code)}`;
  const classifier = str(body.eventClassifierCode);
  if (classifier !== 'PLN' && classifier !== 'EST' && classifier !== 'ACT')
    return `event ${meta.eventId ?? '?'}: classifier ${String(classifier)} is not PLN, EST or ACT`;
  const eventTime = time(body.eventDateTime);
  if (eventTime === null) return `event ${meta.eventId ?? '?'}: no readable eventDateTime`;
  const call = transportCall(body.transportCall);
  const empty = str(body.emptyIndicatorCode);
  return {
    providerEventId: meta.eventId,
    eventType,
    code,
    classifier: classifier,
    eventTime,
    eventCreatedAt: time(meta.createdAt),
    equipmentReference: eventType === 'EQUIPMENT' ? str(body.equipmentReference) : null,
    isoEquipmentCode: str(body.ISOEquipmentCode),
    emptyIndicator: empty === 'EMPTY' || empty === 'LADEN' ? empty : null,
    isTransshipment: body.isTransshipmentMove === true,
    location: location(body.eventLocation ?? body.location) ?? call?.location ?? null,
    transportCall: call,
    source,
  };
}

export function parseDcsaEvents(body: unknown, version: '2.2' | '3', source: string): DcsaParseResult {
  const result: DcsaParseResult = { events: [], retractedEventIds: [], messages: [] };
  if (!Array.isArray(body)) {
    result.messages.push('response is not an array of events');
    return result;
  }
  for (const item of body) {
    if (!isObject(item)) {
      result.messages.push('skipped an entry that is not an object');
      continue;
    }
    let mapped: TimelineEvent | string;
    if (version === '3') {
      const metadata = isObject(item.metadata) ? item.metadata : null;
      if (!metadata) {
        result.messages.push('skipped an event without metadata');
        continue;
      }
      const retracted = str(metadata.retractedEventID);
      if (retracted) {
        result.retractedEventIds.push(retracted);
        continue;
      }
      if (!isObject(item.payload)) {
        result.messages.push(`event ${String(metadata.eventID)}: no payload`);
        continue;
      }
      mapped = toTimelineEvent(
        item.payload,
        { eventId: str(metadata.eventID), createdAt: metadata.eventCreatedDateTime },
        source,
      );
    } else {
      mapped = toTimelineEvent(item, { eventId: str(item.eventID), createdAt: item.eventCreatedDateTime }, source);
    }
    if (typeof mapped === 'string') result.messages.push(mapped);
    else result.events.push(mapped);
  }
  return result;
}
