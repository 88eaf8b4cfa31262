import type { TimelineEvent } from '../../src/domain/tracking/events';

const vessel = { imo: '9321483', name: 'KING OF THE SEAS', mmsi: null };

/** A canonical event with sensible defaults; tests override what they are about. */
export function timelineEvent(
  overrides: Partial<TimelineEvent> & Pick<TimelineEvent, 'code' | 'classifier' | 'eventTime'>,
): TimelineEvent {
  const transport = ['LOAD', 'DISC', 'ARRI', 'DEPA'].includes(overrides.code);
  const locode = overrides.location?.unlocode ?? 'CNSHA';
  return {
    providerEventId: null,
    eventType: overrides.code === 'ARRI' || overrides.code === 'DEPA' ? 'TRANSPORT' : 'EQUIPMENT',
    eventCreatedAt: overrides.eventTime - 3_600_000,
    equipmentReference: overrides.code === 'ARRI' || overrides.code === 'DEPA' ? null : 'MSKU1234565',
    isoEquipmentCode: '45G1',
    emptyIndicator: overrides.code === 'ARRI' || overrides.code === 'DEPA' ? null : 'LADEN',
    isTransshipment: false,
    location: {
      unlocode: locode,
      name: null,
      facilityCode: null,
      facilityCodeListProvider: null,
      lat: null,
      lon: null,
    },
    transportCall: transport
      ? {
          reference: `TC-${locode}`,
          sequenceNumber: null,
          modeOfTransport: 'VESSEL',
          vessel,
          exportVoyage: '123E',
          importVoyage: null,
          serviceCode: null,
          location: null,
        }
      : null,
    source: 'test',
    ...overrides,
  };
}

export const at = (iso: string) => Date.parse(iso);
