import { missingSegment } from './envelope-checks';
import type { EdiIssue } from './errors';
import { ccyymmdd, checkElements, type ElementRule, hhmm, x12TimeCodes } from './element-rules';
import { elementValue } from './segments';
import { ediTime, type MappedStatus, oceanStatusCodes } from './status-codes';
import { place, referenceOf, statusEvent } from './status-event';
import type { X12TransactionSet } from './x12';
import { equipmentNumber, n7Rules } from './x12-equipment';

/** The status codes (Q5-01) a terminal or ramp reports of equipment: gate, vessel and rail moves. */
export const equipmentStatusCodes = Object.keys(oceanStatusCodes).filter(
  (code) => oceanStatusCodes[code].eventType === 'EQUIPMENT',
);

const q5Rules: ElementRule[] = [
  { n: 1, required: true, codes: equipmentStatusCodes },
  { n: 2, required: true, ...ccyymmdd },
  { n: 3, required: true, ...hhmm },
  { n: 4, codes: x12TimeCodes },
  { n: 8, min: 2, max: 3 },
];
const w2Rules: ElementRule[] = [{ n: 5, codes: ['L', 'E'] }];
const r4Rules: ElementRule[] = [
  { n: 1, required: true, codes: ['1', '5', 'D', 'E', 'I', 'L', 'R'] },
  { n: 2, codes: ['UN', 'CI', 'K', 'D'] },
];

/**
 * An X12 322 (Terminal Operations and Intermodal Ramp Activity) as the DCSA equipment event it
 * reports: the Q5 status (gate in `I`, gate out `OA`, loaded or unloaded from vessel or rail) of
 * the N7 container, where the R4 activity location (`5`, else the first R4) or Q5-06 says. The
 * event goes where a 315's goes (the same builder and the same tracking path).
 */
export function map322(set: X12TransactionSet, source: string): { mapped: MappedStatus; issues: EdiIssue[] } {
  const segments = set.segments;
  const n9 = (qualifier: string) => referenceOf(segments, 'N9', qualifier);
  const q5 = segments.find((s) => s.tag === 'Q5');
  const n7 = segments.find((s) => s.tag === 'N7');
  const containerNumber = n7 ? equipmentNumber(n7) : null;
  const references = { containerNumber, billOfLading: n9('BM'), booking: n9('BN') };
  if (!q5 || !n7) {
    const issue = missingSegment(set.st, `a 322 needs its ${q5 ? 'N7' : 'Q5'} segment`);
    return { mapped: { references, events: [] }, issues: [issue] };
  }
  const w2 = segments.find((s) => s.tag === 'W2');
  const r4s = segments.filter((s) => s.tag === 'R4');
  const issues = [
    ...checkElements(q5, q5Rules),
    ...checkElements(n7, n7Rules),
    ...(w2 ? checkElements(w2, w2Rules) : []),
    ...r4s.flatMap((s) => checkElements(s, r4Rules)),
  ];
  if (issues.length > 0) return { mapped: { references, events: [] }, issues };

  const r4 = r4s.find((s) => elementValue(s, 1) === '5') ?? r4s[0];
  const locode = r4 && elementValue(r4, 2) === 'UN' ? elementValue(r4, 3) || null : null;
  const location = r4 ? place(locode, elementValue(r4, 4) || null) : place(null, elementValue(q5, 6) || null);
  const v1 = segments.find((s) => s.tag === 'V1');
  const event = statusEvent(
    oceanStatusCodes[elementValue(q5, 1)],
    { time: ediTime(elementValue(q5, 2), elementValue(q5, 3)), location },
    { container: containerNumber, isoCode: null, empty: w2 ? elementValue(w2, 5) : '' },
    {
      vessel: v1 ? { imo: elementValue(v1, 1) || null, name: elementValue(v1, 2) || null, mmsi: null } : null,
      voyage: v1 ? elementValue(v1, 4) || null : null,
    },
    source,
  );
  return { mapped: { references, events: [event] }, issues: [] };
}
