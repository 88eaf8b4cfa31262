import { readFileSync } from 'node:fs';
import path from 'node:path';
import { issueText, map214, map310, map322, readX12 } from '../../../../src/domain/edi';

const fixture = (name: string) => readFileSync(path.join(__dirname, '../../../fixtures/edi', name), 'utf8');
const sample = (name: string) => readFileSync(path.join(__dirname, '../../../../data/tracking/edi', name), 'utf8');
const setsOf = (text: string) => readX12(text).groups.flatMap((g) => g.sets);
const iso = (ms: number) => new Date(ms).toISOString();

describe('X12 322 as equipment events', () => {
  test('the terminal’s unloading and out-gate: DCSA DISC and GTOT of the N7 container at the R4 activity location', () => {
    const [unloaded, outGate] = setsOf(fixture('x12_322_terminal_gate.edi')).map((set) => map322(set, 'edi:edp_1'));
    expect(unloaded.issues).toEqual([]);
    expect(unloaded.mapped.references).toEqual({
      containerNumber: 'MSKU1234565',
      billOfLading: 'MEDUNB123456',
      booking: 'BKG778812',
    });
    expect(unloaded.mapped.events).toEqual([
      {
        providerEventId: null,
        eventCreatedAt: null,
        isTransshipment: false,
        source: 'edi:edp_1',
        eventType: 'EQUIPMENT',
        code: 'DISC',
        classifier: 'ACT',
        eventTime: Date.parse('2026-12-28T06:10:00Z'),
        equipmentReference: 'MSKU1234565',
        isoEquipmentCode: null,
        emptyIndicator: 'LADEN',
        location: expect.objectContaining({ unlocode: 'USLAX', name: 'APM TERMINALS PIER 400' }),
        transportCall: expect.objectContaining({
          modeOfTransport: 'VESSEL',
          vessel: { imo: '9321483', name: 'MAERSK KENSINGTON', mmsi: null },
          exportVoyage: '612E',
        }),
      },
    ]);
    expect(outGate.issues).toEqual([]);
    expect(outGate.mapped.events.map((e) => [e.code, e.equipmentReference, iso(e.eventTime)])).toEqual([
      ['GTOT', 'MSKU7654328', '2026-12-29T14:30:00.000Z'],
    ]);
  });

  test('a rail ramp’s loading is a rail move; Q5 and N7 are required', () => {
    const [set] = setsOf(fixture('x12_322_terminal_gate.edi'));
    const q5 = set.segments.find((s) => s.tag === 'Q5')!;
    const onRail = {
      ...set,
      segments: set.segments.map((s) => (s === q5 ? { ...q5, elements: [[['AL']], ...q5.elements.slice(1)] } : s)),
    };
    expect(map322(onRail, 'edi:edp_1').mapped.events[0]).toMatchObject({
      code: 'LOAD',
      transportCall: { modeOfTransport: 'RAIL', vessel: null },
    });
    const withoutN7 = { ...set, segments: set.segments.filter((s) => s.tag !== 'N7') };
    expect(map322(withoutN7, 'edi:edp_1').issues.map(issueText)).toEqual([
      'segment 3 (ST): required: a 322 needs its N7 segment',
    ]);
  });

  test('the malformed fixture: each fault names its segment position, element and rule', () => {
    const [set] = setsOf(fixture('x12_322_terminal_gate_BAD_CODES.edi'));
    const { mapped, issues } = map322(set, 'edi:edp_1');
    expect(mapped.events).toEqual([]);
    expect(issues.map(issueText)).toEqual([
      "segment 4 (Q5) element Q501: code: 'ZZ' is not one of I, OA, AE, UV, AL, UR, AV",
      "segment 4 (Q5) element Q502: date: '20261340' is not a date CCYYMMDD",
      "segment 5 (N7) element N702: format: '12345X' is not digits only",
    ]);
  });
});

describe('X12 214 as shipment milestones', () => {
  test('the demo 214: X1 arrived and AF departed, in time order, by the shipper’s shipment id', () => {
    const [set] = setsOf(sample('x12_214_demo_fixed.edi'));
    const { mapped, issues } = map214(set);
    expect(issues).toEqual([]);
    expect(mapped).toEqual({
      references: { billOfLadingNumber: null, bookingNumber: null, reference: 'UPS-7821' },
      milestones: [
        { action: 'arrive', at: Date.parse('2025-03-21T08:40:00Z') },
        { action: 'depart', at: Date.parse('2025-03-22T10:15:00Z') },
      ],
    });
  });

  test('an unknown status code, a bad time and a missing B10 are rejected naming segment, element and rule', () => {
    const text = sample('x12_214_demo_fixed.edi').replace('AT7*X1*NS***20250321*0840', 'AT7*Q9*NS***20250321*2599');
    const [set] = setsOf(text);
    expect(map214(set).issues.map(issueText)).toEqual([
      "segment 8 (AT7) element AT701: code: 'Q9' is not one of AF, X1, D1, X3, X4, X6, P1, AG, CD",
      "segment 8 (AT7) element AT706: time: '2599' is not a time HHMM[SS[dd]]",
    ]);
    const withoutB10 = { ...set, segments: set.segments.filter((s) => s.tag !== 'B10') };
    expect(map214(withoutB10)).toEqual({
      mapped: null,
      issues: [{ position: 3, segment: 'ST', rule: 'required', message: 'a 214 needs its B10 segment' }],
    });
  });
});

describe('X12 310 as a bill of lading', () => {
  test('the number, shipper and consignee with their addresses, and the containers', () => {
    const [set] = setsOf(fixture('x12_310_ocean_bill_of_lading.edi'));
    expect(map310(set)).toEqual({
      issues: [],
      mapped: {
        references: { billOfLadingNumber: 'MAEU310000001', bookingNumber: 'BKG310001', reference: null },
        bill: {
          number: 'MAEU310000001',
          shipper: {
            name: 'NINGBO HOMEWARES CO LTD',
            address_lines: ['88 JIANGDONG ROAD'],
            city: 'NINGBO',
            postal_code: '315000',
            country: 'CN',
          },
          consignee: {
            name: 'ACME IMPORTS INC',
            address_lines: ['1200 HARBOR BLVD', 'SUITE 4'],
            city: 'LONG BEACH',
            region: 'CA',
            postal_code: '90802',
            country: 'US',
          },
          containers: ['MSKU1234565', 'TGHU8812348'],
          carrierScac: 'MAEU',
        },
      },
    });
  });

  test('the malformed fixture: each fault names its segment position, element and rule', () => {
    const [set] = setsOf(fixture('x12_310_ocean_bill_of_lading_BAD_CODES.edi'));
    expect(map310(set).issues.map(issueText)).toEqual([
      "segment 4 (B3) element B304: code: 'XX' is not one of CC, PP, TP, MX",
      "segment 6 (N1) element N101: code: 'ZZ' is not one of SH, CN, N1, N2, FW, CA, BT",
      "segment 8 (N7) element N701: too_short: 'MSK' has 3 characters; 4 allowed",
    ]);
  });
});
