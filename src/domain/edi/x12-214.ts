import { missingSegment } from './envelope-checks';
import type { EdiIssue } from './errors';
import { ccyymmdd, checkElements, type ElementRule, hhmm, x12TimeCodes } from './element-rules';
import type { MappedShipmentDocument } from './interchange-ports';
import { elementValue } from './segments';
import { ediTime } from './status-codes';
import { referenceOf } from './status-event';
import type { X12TransactionSet } from './x12';
import type { ShipmentMilestone } from '../shipments';

/**
 * Shipment status codes (AT7-01) we read, and the milestone each is: departed the pick-up
 * location, arrived at or unloaded at the delivery location. The others say where the shipment
 * is without moving it on.
 */
export const shipmentStatusMilestones: Readonly<Record<string, ShipmentMilestone['action'] | null>> = {
  AF: 'depart',
  X1: 'arrive',
  D1: 'deliver',
  X3: null,
  X4: null,
  X6: null,
  P1: null,
  AG: null,
  CD: null,
};

const b10Rules: ElementRule[] = [
  { n: 1, required: true, max: 30 },
  { n: 2, required: true, max: 30 },
  { n: 3, required: true, min: 2, max: 4 },
];
const at7Rules: ElementRule[] = [
  { n: 1, required: true, codes: Object.keys(shipmentStatusMilestones) },
  { n: 2, required: true, min: 2, max: 2 },
  { n: 5, required: true, ...ccyymmdd },
  { n: 6, required: true, ...hhmm },
  { n: 7, codes: x12TimeCodes },
];

/**
 * An X12 214 (Transportation Carrier Shipment Status) as the shipment's milestones: each AT7
 * status that moves a shipment (AF departed, X1 arrived, D1 delivered) at its date and time, in
 * time order. The shipment is the one of the L11 bill of lading (BM) or booking (BN), else of the
 * shipper's shipment id (B10-02) as our reference.
 */
export function map214(set: X12TransactionSet): { mapped: MappedShipmentDocument | null; issues: EdiIssue[] } {
  const segments = set.segments;
  const b10 = segments.find((s) => s.tag === 'B10');
  const at7s = segments.filter((s) => s.tag === 'AT7');
  if (!b10 || at7s.length === 0)
    return { mapped: null, issues: [missingSegment(set.st, `a 214 needs its ${b10 ? 'AT7' : 'B10'} segment`)] };
  const issues = [...checkElements(b10, b10Rules), ...at7s.flatMap((s) => checkElements(s, at7Rules))];
  if (issues.length > 0) return { mapped: null, issues };
  const milestones = at7s
    .map((at7) => ({
      action: shipmentStatusMilestones[elementValue(at7, 1)],
      at: ediTime(elementValue(at7, 5), elementValue(at7, 6)),
    }))
    .filter((m): m is ShipmentMilestone => m.action !== null)
    .sort((a, b) => a.at - b.at);
  return {
    mapped: {
      references: {
        billOfLadingNumber: referenceOf(segments, 'L11', 'BM'),
        bookingNumber: referenceOf(segments, 'L11', 'BN'),
        reference: elementValue(b10, 2),
      },
      milestones,
    },
    issues: [],
  };
}
