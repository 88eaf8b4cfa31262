import { missingSegment } from './envelope-checks';
import type { EdiIssue } from './errors';
import { ccyymmdd, checkElements, digits, type ElementRule, hhmm } from './element-rules';
import { type EdiSegment, elementValue } from './segments';
import { ediTime, type MappedStatus, oceanStatusCodes, statusCodeList } from './status-codes';
import { place, referenceOf, statusEvent, type StatusVoyage, transportCall } from './status-event';
import type { X12TransactionSet } from './x12';
import type { TimelineEvent } from '../tracking';

const b4Rules: ElementRule[] = [
  { n: 3, required: true, codes: statusCodeList },
  { n: 4, required: true, ...ccyymmdd },
  { n: 5, required: true, ...hhmm },
  { n: 7, required: true, min: 4, max: 4 },
  { n: 8, required: true, min: 6, max: 6, ...digits },
  { n: 9, codes: ['L', 'E'] },
  { n: 13, min: 1, max: 1, ...digits },
];
const dtmRules: ElementRule[] = [
  { n: 1, required: true, codes: ['139', '140'] },
  { n: 2, required: true, ...ccyymmdd },
  { n: 3, ...hhmm },
];
const r4Rules: ElementRule[] = [
  { n: 1, required: true, codes: ['1', '5', 'D', 'E', 'I', 'L', 'R'] },
  { n: 2, codes: ['UN', 'CI', 'K', 'D'] },
];

/**
 * An X12 315 (Status Details, Ocean) as DCSA events: the B4 status as an actual event at its
 * location, and each port of loading (R4 L) and discharge (R4 D) with its DTM (140 actual, 139
 * estimated) as the vessel's departure and arrival there, which is where the ETA comes from.
 */
export function map315(set: X12TransactionSet, source: string): { mapped: MappedStatus; issues: EdiIssue[] } {
  const segments = set.segments;
  const b4 = segments.find((s) => s.tag === 'B4');
  if (!b4) {
    const issue = missingSegment(set.st, 'a 315 needs its B4 segment');
    return {
      mapped: { references: { containerNumber: null, billOfLading: null, booking: null }, events: [] },
      issues: [issue],
    };
  }
  const issues = [
    ...checkElements(b4, b4Rules),
    ...segments.filter((s) => s.tag === 'DTM').flatMap((s) => checkElements(s, dtmRules)),
    ...segments.filter((s) => s.tag === 'R4').flatMap((s) => checkElements(s, r4Rules)),
  ];
  const n9 = (qualifier: string) => referenceOf(segments, 'N9', qualifier);
  const containerNumber = n9('EQ') ?? (`${elementValue(b4, 7)}${elementValue(b4, 8)}${elementValue(b4, 13)}` || null);
  const references = { containerNumber, billOfLading: n9('BM'), booking: n9('BN') };
  if (issues.length > 0) return { mapped: { references, events: [] }, issues };

  const q2 = segments.find((s) => s.tag === 'Q2');
  const voyage: StatusVoyage = {
    vessel: q2 ? { imo: elementValue(q2, 1) || null, name: elementValue(q2, 13) || null, mmsi: null } : null,
    voyage: q2 ? elementValue(q2, 9) || null : null,
  };
  const isUn = elementValue(b4, 12) === 'UN' || /^[A-Z]{2}[A-Z2-9]{3}$/.test(elementValue(b4, 6));
  const statusLocode = isUn ? elementValue(b4, 6) || elementValue(b4, 11) || null : null;
  const statusName = isUn ? null : elementValue(b4, 11) || elementValue(b4, 6) || null;
  const events: TimelineEvent[] = [
    statusEvent(
      oceanStatusCodes[elementValue(b4, 3)],
      { time: ediTime(elementValue(b4, 4), elementValue(b4, 5)), location: place(statusLocode, statusName) },
      { container: containerNumber, isoCode: elementValue(b4, 10) || null, empty: elementValue(b4, 9) },
      voyage,
      source,
    ),
  ];
  segments.forEach((r4, i) => {
    const role = elementValue(r4, 1);
    if (r4.tag !== 'R4' || (role !== 'L' && role !== 'D')) return;
    const dtm: EdiSegment | undefined = segments[i + 1]?.tag === 'DTM' ? segments[i + 1] : undefined;
    if (!dtm) return;
    const locode = elementValue(r4, 2) === 'UN' ? elementValue(r4, 3) : null;
    const port = place(locode, elementValue(r4, 4) || null);
    events.push({
      providerEventId: null,
      eventCreatedAt: null,
      isTransshipment: false,
      source,
      equipmentReference: null,
      isoEquipmentCode: null,
      emptyIndicator: null,
      eventType: 'TRANSPORT',
      code: role === 'L' ? 'DEPA' : 'ARRI',
      classifier: elementValue(dtm, 1) === '140' ? 'ACT' : 'EST',
      eventTime: ediTime(elementValue(dtm, 2), elementValue(dtm, 3)),
      location: port,
      transportCall: transportCall(port, 'VESSEL', voyage),
    });
  });
  return { mapped: { references, events }, issues: [] };
}
