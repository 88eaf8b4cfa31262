import type { TimelineEvent } from '../tracking';

/**
 * Ocean status codes (X12 315 B4-03; carriers such as CargoSmart send the same in IFTSTA STS) as
 * DCSA events, so an EDI status moves a container exactly as a carrier's DCSA feed would. Sources:
 * the CargoSprint status-code list and the Hamburg Süd 315 guide (docs/edi.md).
 */
export const oceanStatusCodes: Readonly<
  Record<string, { eventType: TimelineEvent['eventType']; code: string; rail?: boolean }>
> = {
  I: { eventType: 'EQUIPMENT', code: 'GTIN' },
  OA: { eventType: 'EQUIPMENT', code: 'GTOT' },
  AE: { eventType: 'EQUIPMENT', code: 'LOAD' },
  UV: { eventType: 'EQUIPMENT', code: 'DISC' },
  AL: { eventType: 'EQUIPMENT', code: 'LOAD', rail: true },
  UR: { eventType: 'EQUIPMENT', code: 'DISC', rail: true },
  AV: { eventType: 'EQUIPMENT', code: 'AVPU' },
  VD: { eventType: 'TRANSPORT', code: 'DEPA' },
  VA: { eventType: 'TRANSPORT', code: 'ARRI' },
};

export const statusCodeList = Object.keys(oceanStatusCodes);

/** CCYYMMDD (or YYMMDD) and HHMM as epoch milliseconds; partners' local times are read as UTC. */
export function ediTime(date: string, time: string): number {
  const full = date.length === 6 ? `20${date}` : date;
  const hhmm = (time || '0000').padEnd(4, '0');
  return Date.UTC(
    Number(full.slice(0, 4)),
    Number(full.slice(4, 6)) - 1,
    Number(full.slice(6, 8)),
    Number(hhmm.slice(0, 2)),
    Number(hhmm.slice(2, 4)),
  );
}

/** What a status message says of its shipment, to find the container it concerns. */
export interface StatusReferences {
  containerNumber: string | null;
  billOfLading: string | null;
  booking: string | null;
}

/** A status message read into DCSA events, or the reasons its set is rejected. */
export interface MappedStatus {
  references: StatusReferences;
  events: TimelineEvent[];
}
