/**
 * A shipment's status as we send it: one X12 315 or EDIFACT IFTSTA per container, written so that
 * our own readers (map315, mapIftsta) read back the events we meant, as a partner's system would.
 */
import type { SegmentSpec } from './outbound-envelope';
import { date8, time4 } from './outbound-text';
import type { Shipment } from '../shipments';
import { DomainError } from '../shared';

/** A port call of the report: where, when, and whether that time is actual or estimated. */
export interface ReportedCall {
  locode: string;
  at: number;
  actual: boolean;
}

/** What a status message says: the status (B4-03, STS) where and when, the references, the voyage's ports. */
export interface StatusReport {
  statusCode: 'VD' | 'VA';
  at: number;
  locode: string;
  containers: string[];
  billOfLading: string | null;
  booking: string | null;
  loading: ReportedCall | null;
  discharge: ReportedCall | null;
}

const notReportable = (shipment: Shipment, why: string) =>
  new DomainError('unprocessable', `Shipment ${shipment.id} has no status to send: ${why}.`, [
    { field: 'shipment_id', message: why },
  ]);

const etaTime = (eta: string | null) => (eta === null ? null : Date.parse(`${eta}T00:00:00Z`));

/**
 * The status of a shipment on its way: departed (VD at its origin, the ETA at its destination) or
 * arrived (VA at its destination). A draft or booked shipment has moved nowhere yet.
 */
export function shipmentStatusReport(shipment: Shipment): StatusReport {
  const departed = shipment.statusTransitions.departed_at;
  const arrived = shipment.statusTransitions.arrived_at;
  if (shipment.containers.length === 0) throw notReportable(shipment, 'it has no containers');
  const common = {
    containers: shipment.containers.map((c) => c.number),
    billOfLading: shipment.billOfLadingNumber,
    booking: shipment.bookingNumber,
  };
  const loading = (origin: string | null): ReportedCall | null =>
    origin && departed !== null ? { locode: origin, at: departed, actual: true } : null;
  if (shipment.status === 'in_transit' && departed !== null) {
    if (!shipment.originLocode) throw notReportable(shipment, 'it has no origin_locode to depart from');
    const eta = etaTime(shipment.eta);
    return {
      ...common,
      statusCode: 'VD',
      at: departed,
      locode: shipment.originLocode,
      loading: loading(shipment.originLocode),
      discharge:
        shipment.destinationLocode && eta !== null
          ? { locode: shipment.destinationLocode, at: eta, actual: false }
          : null,
    };
  }
  if ((shipment.status === 'arrived' || shipment.status === 'delivered') && arrived !== null) {
    if (!shipment.destinationLocode) throw notReportable(shipment, 'it has no destination_locode to arrive at');
    return {
      ...common,
      statusCode: 'VA',
      at: arrived,
      locode: shipment.destinationLocode,
      loading: loading(shipment.originLocode),
      discharge: { locode: shipment.destinationLocode, at: arrived, actual: true },
    };
  }
  throw notReportable(shipment, `it is ${shipment.status}; a status is sent once it departed`);
}

/** One 315 per container: B4 with the ISO 6346 number split into initial, serial and check digit. */
export function x12StatusSets(report: StatusReport): SegmentSpec[][] {
  const ports = (
    [
      ['L', report.loading],
      ['D', report.discharge],
    ] as const
  ).flatMap(([role, call]): SegmentSpec[] =>
    call
      ? [
          ['R4', role, 'UN', call.locode],
          ['DTM', call.actual ? '140' : '139', date8(call.at), time4(call.at)],
        ]
      : [],
  );
  return report.containers.map((container) => [
    ['315'],
    [
      'B4',
      '',
      '',
      report.statusCode,
      date8(report.at),
      time4(report.at),
      report.locode,
      container.slice(0, 4),
      container.slice(4, 10),
      '',
      '',
      report.locode,
      'UN',
      container.slice(10, 11),
    ],
    ['N9', 'EQ', container],
    ...(report.billOfLading ? [['N9', 'BM', report.billOfLading] as SegmentSpec] : []),
    ...(report.booking ? [['N9', 'BN', report.booking] as SegmentSpec] : []),
    ...ports,
  ]);
}

/** DTM qualifiers of the ports' times (as mapIftsta reads them). */
const iftstaPortTimes = { L: { actual: '186', estimated: '133' }, D: { actual: '178', estimated: '132' } } as const;
const dateTime203 = (at: number) => `${date8(at)}${time4(at)}`;

/** One IFTSTA per container: the STS status at LOC+175 with DTM+334, the ports as LOC+9/11 with their times. */
export function iftstaMessages(report: StatusReport, reference: string, sentAt: number): SegmentSpec[][] {
  const ports = (
    [
      ['9', 'L', report.loading],
      ['11', 'D', report.discharge],
    ] as const
  ).flatMap(([qualifier, role, call]): SegmentSpec[] =>
    call
      ? [
          ['LOC', qualifier, [call.locode, '139', '6']],
          [
            'DTM',
            [call.actual ? iftstaPortTimes[role].actual : iftstaPortTimes[role].estimated, dateTime203(call.at), '203'],
          ],
        ]
      : [],
  );
  return report.containers.map((container) => [
    ['BGM', '23', reference, '9'],
    ['DTM', ['137', dateTime203(sentAt), '203']],
    ...(report.billOfLading ? [['RFF', ['BM', report.billOfLading]] as SegmentSpec] : []),
    ...(report.booking ? [['RFF', ['BN', report.booking]] as SegmentSpec] : []),
    ...ports,
    ['EQD', 'CN', container],
    ['STS', '1', report.statusCode],
    ['LOC', '175', [report.locode, '139', '6']],
    ['DTM', ['334', dateTime203(report.at), '203']],
  ]);
}
