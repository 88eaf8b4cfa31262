import { readFileSync } from 'node:fs';
import path from 'node:path';
import { map210, map315, mapIftsta, readEdifact, readX12 } from '../../../../src/domain/edi';
import { priceLines } from '../../../../src/domain/invoices/invoice-totals';
import type { TimelineEvent } from '../../../../src/domain/tracking';
import { carrierEta, deriveRoute, deriveStatus } from '../../../../src/domain/tracking/timeline';
import { liveEvents, mergeTimeline } from '../../../../src/domain/tracking/timeline-merge';

const sample = (name: string) => readFileSync(path.join(__dirname, '../../../../data/tracking/edi', name), 'utf8');
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** What a carrier's DCSA feed does with its events: merge, then status, route and ETA. */
function derived(events: TimelineEvent[]) {
  const live = liveEvents(mergeTimeline([], events, [], 0).events);
  const route = deriveRoute(live);
  return { status: deriveStatus(live, route), route, eta: iso(carrierEta(live, route)) };
}

describe('X12 315 as DCSA events', () => {
  const sets = readX12(sample('x12_315_cmacgm_style_oecgroup.edi')).groups[0].sets;

  test('the CMA CGM vessel departure: the B4 status and the ports of loading and discharge with their dates', () => {
    const { mapped, issues } = map315(sets[0], 'edi:edp_1');
    expect(issues).toEqual([]);
    expect(mapped.references).toEqual({
      containerNumber: 'CMAU5127498',
      billOfLading: 'CMDUTHD0479278',
      booking: 'THD0479278',
    });
    expect(
      mapped.events.map((e) => [
        e.eventType,
        e.code,
        e.classifier,
        iso(e.eventTime),
        e.location?.unlocode,
        e.transportCall?.vessel?.imo,
      ]),
    ).toEqual([
      ['TRANSPORT', 'DEPA', 'ACT', '2018-10-12T12:42:00.000Z', 'HKHKG', '9450612'],
      ['TRANSPORT', 'DEPA', 'ACT', '2018-09-22T12:00:00.000Z', 'THLCH', '9450612'],
      ['TRANSPORT', 'ARRI', 'EST', '2018-11-10T12:00:00.000Z', 'USHOU', '9450612'],
    ]);
    expect(mapped.events[0].transportCall).toMatchObject({
      vessel: { imo: '9450612', name: 'CMA CGM LA SCALA' },
      exportVoyage: '0PG23E1MA',
    });
  });

  test('both sets of the sample move the container as a DCSA feed would: in transit, ETA Houston 2018-11-10', () => {
    const events = sets.flatMap((set) => map315(set, 'edi:edp_1').mapped.events);
    const load = events.find((e) => e.code === 'LOAD')!;
    expect(load).toMatchObject({
      equipmentReference: 'CMAU5127498',
      emptyIndicator: 'LADEN',
      isoEquipmentCode: '4500',
    });
    // The feed's rule: the origin is the first port where the container is loaded (the AE at Hong Kong).
    expect(derived(events)).toEqual({
      status: 'in_transit',
      route: { origin: 'HKHKG', destination: 'USHOU', transshipments: [] },
      eta: '2018-11-10T12:00:00.000Z',
    });
  });

  test('the rail-ramp arrival names its city when no UN/LOCODE is given, and the empty container', () => {
    const [set] = readX12(sample('x12_315_rail_ramp_serde_x12_test.edi')).groups[0].sets;
    const { mapped, issues } = map315(set, 'edi:edp_2');
    expect(issues).toEqual([]);
    expect(mapped.references).toEqual({
      containerNumber: 'GMCU6094137',
      billOfLading: '21001ASK5V9U',
      booking: '1NAN910141',
    });
    expect(mapped.events).toHaveLength(1);
    expect(mapped.events[0]).toMatchObject({
      code: 'ARRI',
      classifier: 'ACT',
      emptyIndicator: 'EMPTY',
      location: { unlocode: null, name: 'LOCKBOURNE' },
    });
    expect(iso(mapped.events[0].eventTime)).toBe('2022-09-01T08:07:00.000Z');
  });

  test('a B4 with an unknown status code or a bad date rejects the set, naming the element', () => {
    const text = sample('x12_315_cmacgm_style_oecgroup.edi').replace('B4***VD*20181012', 'B4***ZZ*20181312');
    const { mapped, issues } = map315(readX12(text).groups[0].sets[0], 'edi:edp_1');
    expect(mapped.events).toEqual([]);
    expect(issues.map((i) => `${i.position} ${i.element} ${i.rule}`)).toEqual(['4 B403 code', '4 B404 date']);
  });
});

describe('EDIFACT IFTSTA as DCSA events', () => {
  test('the CargoSmart status: departure at Xingang, ETA Long Beach, laden 42G0 container', () => {
    const [message] = readEdifact(sample('edifact_iftsta_d99b_cargosmart_snippet.edi')).messages;
    const { mapped, issues } = mapIftsta(message, 'edi:edp_3');
    expect(issues).toEqual([]);
    expect(mapped.references).toEqual({
      containerNumber: 'ABCD1234567',
      billOfLading: '1234567890AB',
      booking: '1234567890AB',
    });
    expect(mapped.events.map((e) => [e.code, e.classifier, iso(e.eventTime), e.location?.unlocode])).toEqual([
      ['DEPA', 'ACT', '2099-04-17T23:00:00.000Z', 'CNXGG'],
      ['DEPA', 'EST', '2099-04-17T00:00:00.000Z', 'CNXGG'],
      ['ARRI', 'EST', '2099-05-12T00:00:00.000Z', 'USLGB'],
    ]);
    expect(mapped.events[0].transportCall).toMatchObject({
      vessel: { imo: '9999999', name: 'DUMP VESSEL' },
      exportVoyage: '9996R',
    });
    expect(derived(mapped.events)).toMatchObject({ status: 'in_transit', eta: '2099-05-12T00:00:00.000Z' });
  });
});

describe('X12 210 as a draft invoice', () => {
  test('the LTL invoice: one line per L1 charge at exact cents, adding up to B3-07', () => {
    const [set] = readX12(sample('x12_210_ltl_invoice_fixed.edi')).groups[0].sets;
    const { mapped, issues } = map210(set);
    expect(issues).toEqual([]);
    expect(mapped).toEqual({
      invoice: {
        currency: 'USD',
        memo: 'Carrier invoice INV-XPO-99412',
        lines: [
          { description: 'Freight', chargeCode: 'trucking', quantity: '1', unitAmount: '580.00', taxRate: '0' },
          { description: 'Fuel surcharge', chargeCode: 'other', quantity: '1', unitAmount: '116.00', taxRate: '0' },
          {
            description: 'Notification before delivery',
            chargeCode: 'other',
            quantity: '1',
            unitAmount: '25.00',
            taxRate: '0',
          },
          { description: 'Liftgate', chargeCode: 'other', quantity: '1', unitAmount: '150.00', taxRate: '0' },
          { description: 'Reweigh', chargeCode: 'other', quantity: '1', unitAmount: '105.00', taxRate: '0' },
        ],
        metadata: {
          edi_invoice_number: 'INV-XPO-99412',
          pro_number: 'PRO123456',
          scac: 'CNWY',
          bill_of_lading: 'BOL778899',
        },
      },
      total: '976.00',
    });
    // The invoice domain prices the lines to the same total, exactly.
    expect(priceLines(mapped!.invoice.lines!, 'USD').total).toBe('976.00');
  });

  test('a net amount that is not the sum of the charges rejects the set', () => {
    const text = sample('x12_210_ltl_invoice_fixed.edi').replace('*97600**', '*97601**');
    const { mapped, issues } = map210(readX12(text).groups[0].sets[0]);
    expect(mapped).toBeNull();
    expect(issues).toEqual([
      {
        position: 4,
        segment: 'B3',
        element: 'B307',
        rule: 'total',
        message: 'is 976.01, but the L1 charges add up to 976.00',
      },
    ]);
  });
});
