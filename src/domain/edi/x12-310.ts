import { missingSegment } from './envelope-checks';
import type { EdiIssue } from './errors';
import { ccyymmdd, checkElements, type ElementRule } from './element-rules';
import type { MappedShipmentDocument } from './interchange-ports';
import { type EdiSegment, elementValue } from './segments';
import { referenceOf } from './status-event';
import type { X12TransactionSet } from './x12';
import { equipmentNumber, n7Rules } from './x12-equipment';
import type { Party } from '../shipments';

const b3Rules: ElementRule[] = [
  { n: 3, required: true, max: 30 },
  { n: 4, required: true, codes: ['CC', 'PP', 'TP', 'MX'] },
  { n: 6, required: true, ...ccyymmdd },
  { n: 11, min: 2, max: 4 },
];
/** Entity codes of the N1 loops we read (SH, CN) and those a bill names besides (notify, forwarder…). */
const n1Rules: ElementRule[] = [
  { n: 1, required: true, codes: ['SH', 'CN', 'N1', 'N2', 'FW', 'CA', 'BT'] },
  { n: 2, required: true, max: 60 },
];
const n4Rules: ElementRule[] = [{ n: 4, min: 2, max: 3 }];

/** The N1 loop's party: its name, N3 address lines and N4 city, region, postal code and country. */
function partyAt(segments: readonly EdiSegment[], n1: number): Party {
  const party: Party = { name: elementValue(segments[n1], 2) };
  const lines: string[] = [];
  for (const segment of segments.slice(n1 + 1)) {
    if (segment.tag === 'N3') lines.push(...[1, 2].map((n) => elementValue(segment, n)).filter(Boolean));
    else if (segment.tag === 'N4') {
      const [city, region, postal, country] = [1, 2, 3, 4].map((n) => elementValue(segment, n));
      Object.assign(
        party,
        city ? { city } : {},
        region ? { region } : {},
        postal ? { postal_code: postal } : {},
        country ? { country } : {},
      );
    } else if (segment.tag !== 'N2') break;
  }
  return lines.length > 0 ? { ...party, address_lines: lines } : party;
}

/**
 * An X12 310 (Freight Receipt and Invoice, Ocean) as the bill of lading of a shipment: its number
 * (B3-03), the shipper and consignee (N1 SH, CN with N3/N4), its containers (N7) and the carrier
 * (B3-11). The shipment
 * is the one of that bill of lading, else of the N9 BN booking.
 */
export function map310(set: X12TransactionSet): { mapped: MappedShipmentDocument | null; issues: EdiIssue[] } {
  const segments = set.segments;
  const b3 = segments.find((s) => s.tag === 'B3');
  if (!b3) return { mapped: null, issues: [missingSegment(set.st, 'a 310 needs its B3 segment')] };
  const n1s = segments.filter((s) => s.tag === 'N1');
  const n7s = segments.filter((s) => s.tag === 'N7');
  const issues = [
    ...checkElements(b3, b3Rules),
    ...n1s.flatMap((s) => checkElements(s, n1Rules)),
    ...segments.filter((s) => s.tag === 'N4').flatMap((s) => checkElements(s, n4Rules)),
    ...n7s.flatMap((s) => checkElements(s, n7Rules)),
  ];
  if (issues.length > 0) return { mapped: null, issues };
  const party = (code: string) => {
    const at = segments.findIndex((s) => s.tag === 'N1' && elementValue(s, 1) === code);
    return at < 0 ? null : partyAt(segments, at);
  };
  const number = elementValue(b3, 3);
  return {
    mapped: {
      references: {
        billOfLadingNumber: number,
        bookingNumber: referenceOf(segments, 'N9', 'BN'),
        reference: null,
      },
      bill: {
        number,
        shipper: party('SH'),
        consignee: party('CN'),
        containers: [...new Set(n7s.map(equipmentNumber))],
        carrierScac: elementValue(b3, 11) || null,
      },
    },
    issues: [],
  };
}
