import type { EdifactMessage } from './edifact';
import { missingSegment } from './envelope-checks';
import type { EdiIssue } from './errors';
import { checkElements, type ElementRule } from './element-rules';
import { type EdiSegment, elementValue } from './segments';
import { ediTime, type MappedStatus, oceanStatusCodes, statusCodeList } from './status-codes';
import { place } from './status-event';
import type { TimelineEvent } from '../tracking';

const dateTime = {
  pattern: /^\d{8}(\d{4})?$/,
  format: 'a date CCYYMMDD (format 102) or CCYYMMDDHHMM (203)',
  breaks: 'date',
} as const;
const stsRules: ElementRule[] = [{ n: 2, c: 1, required: true, codes: statusCodeList }];
const dtmRules: ElementRule[] = [
  { n: 1, c: 1, required: true, max: 3 },
  { n: 1, c: 2, required: true, ...dateTime },
  { n: 1, c: 3, codes: ['102', '203'] },
];
const eqdRules: ElementRule[] = [
  { n: 1, required: true, codes: ['CN'] },
  { n: 2, c: 1, required: true, max: 17 },
  { n: 6, codes: ['4', '5'] },
];

/** DTM qualifiers of a port's estimated and actual departure and arrival. */
const portTimes: Record<string, { code: 'DEPA' | 'ARRI'; classifier: 'EST' | 'ACT' }> = {
  '133': { code: 'DEPA', classifier: 'EST' },
  '186': { code: 'DEPA', classifier: 'ACT' },
  '132': { code: 'ARRI', classifier: 'EST' },
  '178': { code: 'ARRI', classifier: 'ACT' },
};

const dtmTime = (dtm: EdiSegment) => {
  const value = elementValue(dtm, 1, 2);
  return ediTime(value.slice(0, 8), value.slice(8, 12));
};

/**
 * An EDIFACT IFTSTA (international multimodal status report) as DCSA events, as map315 reads a 315:
 * the STS status at its LOC+175 with its DTM+334 time, and LOC+9 (loading) and LOC+11 (discharge)
 * with their DTM 132/133/178/186 as the vessel's arrival and departure there.
 */
export function mapIftsta(message: EdifactMessage, source: string): { mapped: MappedStatus; issues: EdiIssue[] } {
  const segments = message.segments;
  const sts = segments.find((s) => s.tag === 'STS');
  const eqd = segments.find((s) => s.tag === 'EQD');
  const rff = (qualifier: string) => {
    const segment = segments.find((s) => s.tag === 'RFF' && elementValue(s, 1) === qualifier);
    return segment ? elementValue(segment, 1, 2) : null;
  };
  const references = {
    containerNumber: eqd ? elementValue(eqd, 2) : null,
    billOfLading: rff('BM'),
    booking: rff('BN'),
  };
  if (!sts) {
    const issue = missingSegment(message.unh, 'an IFTSTA needs its STS segment');
    return { mapped: { references, events: [] }, issues: [issue] };
  }
  const issues = [
    ...checkElements(sts, stsRules),
    ...(eqd ? checkElements(eqd, eqdRules) : []),
    ...segments.filter((s) => s.tag === 'DTM').flatMap((s) => checkElements(s, dtmRules)),
  ];
  if (issues.length > 0) return { mapped: { references, events: [] }, issues };

  const tdt = segments.find((s) => s.tag === 'TDT');
  const vessel = tdt
    ? { imo: elementValue(tdt, 8, 1) || null, name: elementValue(tdt, 8, 4) || null, mmsi: null }
    : null;
  const call = (location: TimelineEvent['location']): TimelineEvent['transportCall'] => ({
    reference: null,
    sequenceNumber: null,
    modeOfTransport: 'VESSEL',
    vessel,
    exportVoyage: tdt ? elementValue(tdt, 2) || null : null,
    importVoyage: null,
    serviceCode: null,
    location,
  });
  const locOf = (loc: EdiSegment) => place(elementValue(loc, 2, 1) || null, elementValue(loc, 2, 4) || null);
  const status = oceanStatusCodes[elementValue(sts, 2, 1)];
  const at = segments.find((s) => s.tag === 'LOC' && elementValue(s, 1) === '175');
  const when = segments.find((s) => s.tag === 'DTM' && elementValue(s, 1, 1) === '334');
  const container = references.containerNumber;
  const base = { providerEventId: null, eventCreatedAt: null, isTransshipment: false, source };
  const location = at ? locOf(at) : null;
  const events: TimelineEvent[] = [
    {
      ...base,
      eventType: status.eventType,
      code: status.code,
      classifier: 'ACT',
      eventTime: when ? dtmTime(when) : dtmTime(segments.find((s) => s.tag === 'DTM') as EdiSegment),
      equipmentReference: status.eventType === 'EQUIPMENT' ? container : null,
      isoEquipmentCode: eqd ? elementValue(eqd, 3) || null : null,
      emptyIndicator: eqd
        ? (({ '5': 'LADEN', '4': 'EMPTY' } as const)[elementValue(eqd, 6) as '4' | '5'] ?? null)
        : null,
      location,
      transportCall: call(location),
    },
  ];
  segments.forEach((loc, i) => {
    if (loc.tag !== 'LOC' || !['9', '11'].includes(elementValue(loc, 1))) return;
    const dtm = segments[i + 1]?.tag === 'DTM' ? segments[i + 1] : undefined;
    const timing = dtm ? portTimes[elementValue(dtm, 1, 1)] : undefined;
    if (!dtm || !timing) return;
    events.push({
      ...base,
      eventType: 'TRANSPORT',
      ...timing,
      eventTime: dtmTime(dtm),
      equipmentReference: null,
      isoEquipmentCode: null,
      emptyIndicator: null,
      location: locOf(loc),
      transportCall: call(locOf(loc)),
    });
  });
  return { mapped: { references, events }, issues: [] };
}
