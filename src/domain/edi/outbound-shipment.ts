/**
 * A shipment as we send it: the ship notice (X12 856), the ocean bill of lading (X12 310) or the
 * forwarding instruction (EDIFACT IFTMIN), with its references, parties, ports and containers,
 * written so that our own readers (readX12, readEdifact, map310) read back what we meant.
 */
import type { SegmentSpec } from './outbound-envelope';
import { date8, time4, x12Text } from './outbound-text';
import type { Party, Shipment } from '../shipments';
import { DomainError } from '../shared';

/** A segment without its empty trailing elements (a standard's writer leaves them out). */
const trimmed = (segment: SegmentSpec): SegmentSpec => {
  const out = [...segment] as SegmentSpec;
  while (out.length > 1 && out.at(-1) === '') out.pop();
  return out;
};

const unsendable = (shipment: Shipment, why: string) =>
  new DomainError('unprocessable', `Shipment ${shipment.id} cannot be sent: ${why}.`, [
    { field: 'shipment_id', message: why },
  ]);

function checkContainers(shipment: Shipment): void {
  if (shipment.containers.length === 0) throw unsendable(shipment, 'it has no containers');
}

/** When the shipment left, else when it was booked, else made: the document's date. */
const shippedAt = (shipment: Shipment) =>
  shipment.statusTransitions.departed_at ?? shipment.statusTransitions.booked_at ?? shipment.createdAt;

/** N1 with its N3 address lines and N4 city, region, postal code and country. */
function x12Party(code: 'SH' | 'CN', party: Party | null): SegmentSpec[] {
  if (!party) return [];
  const text = (value: string | undefined, max: number) => x12Text(value ?? '').slice(0, max);
  const lines = (party.address_lines ?? []).slice(0, 2).map((line) => text(line, 55));
  const place = [text(party.city, 30), text(party.region, 2), text(party.postal_code, 15), text(party.country, 3)];
  while (place.at(-1) === '') place.pop();
  return [
    ['N1', code, text(party.name, 60)],
    ...(lines.length > 0 ? [['N3', ...lines] as SegmentSpec] : []),
    ...(place.length > 0 ? [['N4', ...place] as SegmentSpec] : []),
  ];
}

/** An ISO 6346 number as X12 equipment: the initial (4 letters), serial (6 digits) and check digit. */
const equipment = (container: string) => [container.slice(0, 4), container.slice(4, 10), container.slice(10, 11)];

/** N7 as map310 reads it: N7-01/02 the initial and serial, N7-11 `CN`, N7-12 the SCAC, N7-18 the check digit. */
function n7(container: string, scac: string): SegmentSpec {
  const [initial, serial, check] = equipment(container);
  return trimmed(['N7', initial, serial, '', '', '', '', '', '', '', '', 'CN', scac, '', '', '', '', '', check]);
}

/** The 310: B3 with the bill of lading (B3-03) and carrier (B3-11), the parties, the ports, LX with an N7 per container. */
export function x12BillOfLadingSet(shipment: Shipment): SegmentSpec[] {
  checkContainers(shipment);
  const bill = shipment.billOfLadingNumber;
  if (!bill) throw unsendable(shipment, 'it has no bill_of_lading_number for B3-03');
  const scac = shipment.carrierScac ?? '';
  const ports = (
    [
      ['L', shipment.originLocode],
      ['D', shipment.destinationLocode],
    ] as const
  ).flatMap(([role, locode]): SegmentSpec[] => (locode ? [['R4', role, 'UN', locode]] : []));
  return [
    ['310'],
    trimmed([
      'B3',
      '',
      x12Text(shipment.reference ?? bill).slice(0, 22),
      bill,
      'PP',
      '',
      date8(shippedAt(shipment)),
      '',
      '',
      '',
      '',
      scac,
    ]),
    ['B2A', '00'],
    ...(shipment.bookingNumber ? [['N9', 'BN', shipment.bookingNumber] as SegmentSpec] : []),
    ...x12Party('SH', shipment.shipper),
    ...x12Party('CN', shipment.consignee),
    ...ports,
    ['LX', '1'],
    ...shipment.containers.map((c) => n7(c.number, scac)),
  ];
}

/**
 * The 856: BSN, the shipment level (HL `S`: carrier, references, ship date, parties, the ports as
 * ship-from `SF` and ship-to `ST`) and an equipment level (HL `E`, TD3) per container, CTT
 * counting the levels.
 */
export function x12ShipNoticeSet(shipment: Shipment): SegmentSpec[] {
  checkContainers(shipment);
  const at = shippedAt(shipment);
  const references = (
    [
      ['BM', shipment.billOfLadingNumber],
      ['BN', shipment.bookingNumber],
    ] as const
  ).flatMap(([qualifier, value]): SegmentSpec[] => (value ? [['REF', qualifier, value]] : []));
  const ports = (
    [
      ['SF', shipment.originLocode],
      ['ST', shipment.destinationLocode],
    ] as const
  ).flatMap(([role, locode]): SegmentSpec[] =>
    // N4-05 `UN`: N4-06 is a UN/LOCODE.
    locode
      ? [
          ['N1', role, locode],
          ['N4', '', '', '', '', 'UN', locode],
        ]
      : [],
  );
  return [
    ['856'],
    ['BSN', '00', x12Text(shipment.reference ?? shipment.id).slice(0, 30), date8(at), time4(at)],
    ['HL', '1', '', 'S'],
    ...(shipment.carrierScac ? [['TD5', '', '2', shipment.carrierScac] as SegmentSpec] : []),
    ...references,
    ['DTM', '011', date8(at), time4(at)],
    ...x12Party('SH', shipment.shipper),
    ...x12Party('CN', shipment.consignee),
    ...ports,
    ...shipment.containers.flatMap((c, i): SegmentSpec[] => [
      ['HL', String(i + 2), '1', 'E'],
      ['TD3', 'CN', c.number.slice(0, 4), c.number.slice(4)],
    ]),
    ['CTT', String(shipment.containers.length + 1)],
  ];
}

/** NAD with the party's name (C080), street (C059), city, region, postal code and country. */
function nad(qualifier: 'CZ' | 'CN', party: Party | null): SegmentSpec[] {
  if (!party) return [];
  const lines = (party.address_lines ?? []).slice(0, 4).map((line) => line.slice(0, 35));
  return [
    trimmed([
      'NAD',
      qualifier,
      '',
      '',
      [party.name.slice(0, 35)],
      lines.length > 0 ? lines : '',
      (party.city ?? '').slice(0, 35),
      (party.region ?? '').slice(0, 9),
      (party.postal_code ?? '').slice(0, 17),
      (party.country ?? '').slice(0, 3),
    ]),
  ];
}

/**
 * The IFTMIN (instruction message): BGM 340 (shipping instructions), the date, the references
 * (RFF BM, BN), the carrier (TDT 20, main carriage), the ports (LOC 9 loading, 11 discharge),
 * the shipper (NAD CZ, consignor) and consignee (NAD CN), and an EQD per container.
 */
export function iftminMessage(shipment: Shipment, sentAt: number): SegmentSpec[] {
  checkContainers(shipment);
  const references = (
    [
      ['BM', shipment.billOfLadingNumber],
      ['BN', shipment.bookingNumber],
    ] as const
  ).flatMap(([qualifier, value]): SegmentSpec[] => (value ? [['RFF', [qualifier, value]]] : []));
  const ports = (
    [
      ['9', shipment.originLocode],
      ['11', shipment.destinationLocode],
    ] as const
  ).flatMap(([qualifier, locode]): SegmentSpec[] => (locode ? [['LOC', qualifier, [locode, '139', '6']]] : []));
  return [
    ['BGM', '340', shipment.reference ?? shipment.id, '9'],
    ['DTM', ['137', `${date8(sentAt)}${time4(sentAt)}`, '203']],
    ...references,
    ...(shipment.carrierScac ? [['TDT', '20', '', '1', '', [shipment.carrierScac, '172']] as SegmentSpec] : []),
    ...ports,
    ...nad('CZ', shipment.shipper),
    ...nad('CN', shipment.consignee),
    ...shipment.containers.map((c): SegmentSpec => ['EQD', 'CN', c.number]),
  ];
}
