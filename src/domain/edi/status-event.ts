/**
 * The DCSA event an equipment or transport status says, as the X12 status documents (315, 322)
 * say it: one builder, so a terminal's gate event and a carrier's status land on a container alike.
 */
import { type EdiSegment, elementValue } from './segments';
import type { oceanStatusCodes } from './status-codes';
import type { TimelineEvent } from '../tracking';

export const place = (unlocode: string | null, name: string | null): TimelineEvent['location'] => ({
  unlocode,
  name,
  facilityCode: null,
  facilityCodeListProvider: null,
  lat: null,
  lon: null,
});

export interface StatusVoyage {
  vessel: NonNullable<TimelineEvent['transportCall']>['vessel'];
  voyage: string | null;
}

/** A transport call at a place by vessel (with the voyage) or by rail. */
export function transportCall(
  at: TimelineEvent['location'],
  mode: 'VESSEL' | 'RAIL',
  voyage: StatusVoyage,
): TimelineEvent['transportCall'] {
  return {
    reference: null,
    sequenceNumber: null,
    modeOfTransport: mode,
    vessel: mode === 'VESSEL' ? voyage.vessel : null,
    exportVoyage: mode === 'VESSEL' ? voyage.voyage : null,
    importVoyage: null,
    serviceCode: null,
    location: at,
  };
}

/** The actual event of a status code at a place: equipment events name the container. */
export function statusEvent(
  status: (typeof oceanStatusCodes)[string],
  at: { time: number; location: TimelineEvent['location'] },
  // `empty` is B4-09 or W2-05 as sent: L laden, E empty, anything else unknown.
  equipment: { container: string | null; isoCode: string | null; empty: string },
  voyage: StatusVoyage,
  source: string,
): TimelineEvent {
  return {
    providerEventId: null,
    eventCreatedAt: null,
    isTransshipment: false,
    source,
    eventType: status.eventType,
    code: status.code,
    classifier: 'ACT',
    eventTime: at.time,
    equipmentReference: status.eventType === 'EQUIPMENT' ? equipment.container : null,
    isoEquipmentCode: equipment.isoCode,
    emptyIndicator: ({ L: 'LADEN', E: 'EMPTY' } as const)[equipment.empty as 'L' | 'E'] ?? null,
    location: at.location,
    transportCall: transportCall(at.location, status.rail ? 'RAIL' : 'VESSEL', voyage),
  };
}

/** The value of the first reference segment (N9, L11) with this qualifier, or null. */
export function referenceOf(segments: readonly EdiSegment[], tag: 'N9' | 'L11', qualifier: string): string | null {
  // N9 is qualifier then value; L11 value then qualifier.
  const [q, v] = tag === 'N9' ? [1, 2] : [2, 1];
  const segment = segments.find((s) => s.tag === tag && elementValue(s, q) === qualifier);
  return segment ? elementValue(segment, v) || null : null;
}
