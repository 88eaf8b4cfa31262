import type { ParcelQuoteService } from '../../../../src/domain/parcel/quote.service';
import { box, quoteRequest } from '../../../support/parcel-reference';
import { breakdownOf, quoteFor, quoteServiceFor } from '../../../support/parcel-quote';

// Lanes from the fixture cards: 85004 → 85201 (Mesa) is USPS zone 1 and FedEx zone 2 by chart, UPS
// zone 2 by distance (17 mi); 85004 → 75201 (Dallas, 884 mi) is zone 5 for all three by distance.
const mesa = { postalCode: '85201' };
const dallas = { postalCode: '75201' };

let service: ParcelQuoteService;
beforeAll(async () => {
  service = await quoteServiceFor();
});

const quote = (overrides: Parameters<typeof quoteRequest>[0]) =>
  service.quote(quoteRequest(overrides), { testMode: true });

describe('dimensional and billable weight', () => {
  it('rates FedEx on DIM weight: 12×12×12 in at 3 lb is 1728/139 = 12.43 → 13 lb', async () => {
    const q = quoteFor(
      await quote({ destination: mesa, parcels: [box(12, 12, 12, 3)], shipDate: '2025-06-10', carriers: ['fedex'] }),
      'fedex_ground',
    );
    expect(q.zone).toBe('2');
    expect(q.zoneSource).toBe('chart');
    expect(q.parcels[0]).toMatchObject({
      billableWeight: { value: 13, unit: 'lb' },
      basis: 'dimensional',
      dimensionalWeightLb: 13,
      actualWeightLb: 3,
    });
    expect(q.totalCents).toBe(1619);
    expect(q.rateType).toBe('list');
    expect(q.source).toMatchObject({
      kind: 'rate_card',
      cardId: 'fedex.fedex_ground.list.US48.2025-01-06',
      effectiveFrom: '2025-01-06',
    });
    expect(q.warnings.map((w) => w.code)).toContain('fuel_not_included');
  });

  it('rounds each side to the nearest inch first (FedEx, UPS): 12.4 in counts as 12, 12.5 as 13', async () => {
    const down = quoteFor(
      await quote({
        destination: mesa,
        parcels: [box(12.4, 12.4, 12.4, 3)],
        shipDate: '2025-06-10',
        carriers: ['fedex'],
      }),
      'fedex_ground',
    );
    expect(down.parcels[0].dimensionalWeightLb).toBe(13);
    // 13 × 12 × 12 / 139 = 13.47 → 14 lb, a row the fixture card does not have
    const up = quoteFor(
      await quote({ destination: mesa, parcels: [box(12.5, 12, 12, 1)], shipDate: '2025-06-10', carriers: ['fedex'] }),
      'fedex_ground',
    );
    expect(up.unavailable?.message).toMatch(/price for 14 lb in zone 2/);
  });

  it('applies USPS DIM only above one cubic foot, with divisor 166', async () => {
    const over = quoteFor(
      await quote({ destination: mesa, parcels: [box(13, 12, 12, 3)], shipDate: '2026-08-03', carriers: ['usps'] }),
      'usps_ground_advantage',
    );
    expect(over.parcels[0]).toMatchObject({
      billableWeight: { value: 12, unit: 'lb' },
      basis: 'dimensional',
      dimensionalWeightLb: 12,
    });
    expect(over.totalCents).toBe(1745);
    const exactly = quoteFor(
      await quote({ destination: mesa, parcels: [box(12, 12, 12, 2)], shipDate: '2026-08-03', carriers: ['usps'] }),
      'usps_ground_advantage',
    );
    expect(exactly.parcels[0]).toMatchObject({
      billableWeight: { value: 2, unit: 'lb' },
      basis: 'actual',
      dimensionalWeightLb: null,
    });
    expect(exactly.totalCents).toBe(1080);
  });

  it('prices light USPS parcels by ounce tier and Express by its half-pound row', async () => {
    const cases: Array<[number, 'oz' | 'lb', string, number, { value: number; unit: string }]> = [
      [5, 'oz', 'usps_ground_advantage', 790, { value: 8, unit: 'oz' }],
      [15.5, 'oz', 'usps_ground_advantage', 955, { value: 15.999, unit: 'oz' }],
      [16.2, 'oz', 'usps_ground_advantage', 1080, { value: 2, unit: 'lb' }],
    ];
    for (const [weight, unit, code, cents, billable] of cases) {
      const q = quoteFor(
        await quote({
          destination: mesa,
          parcels: [box(6, 4, 2, weight, unit)],
          shipDate: '2026-08-03',
          carriers: ['usps'],
        }),
        code,
      );
      expect([q.totalCents, q.parcels[0].billableWeight]).toEqual([cents, billable]);
    }
    const express = quoteFor(
      await quote({
        destination: dallas,
        parcels: [box(6, 4, 2, 6, 'oz')],
        shipDate: '2026-08-03',
        carriers: ['usps'],
      }),
      'usps_priority_mail_express',
    );
    expect([express.zone, express.zoneSource, express.totalCents, express.parcels[0].billableWeight]).toEqual([
      '5',
      'distance_estimate',
      4365,
      { value: 0.5, unit: 'lb' },
    ]);
  });

  it('converts metric input before rounding: 0.9 kg is 1.98 lb, billed as 2 lb', async () => {
    const q = quoteFor(
      await quote({
        destination: mesa,
        parcels: [{ length: 15, width: 15, height: 15, lengthUnit: 'cm', weight: 0.9, weightUnit: 'kg' }],
        shipDate: '2025-06-10',
        carriers: ['fedex'],
      }),
      'fedex_ground',
    );
    expect(q.parcels[0].billableWeight).toEqual({ value: 2, unit: 'lb' });
    expect(q.totalCents).toBe(1208);
  });
});

describe('surcharges', () => {
  it('adds the UPS residential surcharge and fuel on base plus surcharges, half-up to the cent', async () => {
    const q = quoteFor(
      await quote({ destination: mesa, parcels: [box(6, 6, 6, 2)], residential: true, carriers: ['ups'] }),
      'ups_ground',
    );
    // 2 lb zone 2 = 12.85; residential 6.50; fuel 22.75 % of 19.35 = 4.402 → 4.40
    expect(breakdownOf(q)).toEqual({
      'UPS Ground base rate': 1285,
      'Residential delivery': 650,
      'Fuel surcharge (22.75 %, week of 2026-03-09)': 440,
    });
    expect(q.totalCents).toBe(2375);
    expect(q.zoneSource).toBe('distance_estimate');
    expect(q.warnings.map((w) => w.code)).toEqual(['zone_estimated', 'delivery_area_not_assessed', 'fuel_estimated']);
  });

  it('uses the fuel week in force on the ship date and the air table for air services', async () => {
    const q = quoteFor(
      await quote({ destination: dallas, parcels: [box(5, 5, 5, 1)], shipDate: '2026-03-05', carriers: ['ups'] }),
      'ups_2nd_day_air',
    );
    // 1 lb zone 5 = 35.76; air fuel for the week of 2026-03-02 is 21.25 %: 7.599 → 7.60
    expect(breakdownOf(q)).toEqual({
      'UPS 2nd Day Air base rate': 3576,
      'Fuel surcharge (21.25 %, week of 2026-03-02)': 760,
    });
  });

  it('says when the fuel rate is older than two weeks and leaves fuel out before the first known week', async () => {
    const stale = quoteFor(
      await quote({ destination: mesa, parcels: [box(6, 6, 6, 2)], shipDate: '2026-05-04', carriers: ['ups'] }),
      'ups_ground',
    );
    expect(stale.warnings.find((w) => w.code === 'fuel_estimated')?.message).toMatch(
      /latest known UPS rate, 22.75 % for the week of 2026-03-09/,
    );
    const none = quoteFor(
      await quote({ destination: mesa, parcels: [box(6, 6, 6, 2)], shipDate: '2026-01-15', carriers: ['ups'] }),
      'ups_ground',
    );
    expect(none.breakdown.map((l) => l.code)).toEqual(['base']);
    expect(none.warnings.map((w) => w.code)).toContain('fuel_not_included');
  });

  it('charges UPS additional handling for a side over 48 in, at the dearest applicable amount', async () => {
    // 49×14×8 at 10 lb: DIM 5488/139 = 39.5 → 40 lb
    const q = quoteFor(
      await quote({ destination: mesa, parcels: [box(49, 14, 8, 10)], carriers: ['ups'] }),
      'ups_ground',
    );
    expect(breakdownOf(q)).toEqual({
      'UPS Ground base rate': 2707,
      'Additional handling (dimensions)': 3000,
      'Fuel surcharge (22.75 %, week of 2026-03-09)': 1298,
    });
    expect(q.totalCents).toBe(7005);
  });

  it('bills FedEx additional handling (dimensions) at a 40 lb minimum', async () => {
    const q = quoteFor(
      await quote({ destination: mesa, parcels: [box(49, 6, 6, 10)], shipDate: '2025-06-10', carriers: ['fedex'] }),
      'fedex_ground',
    );
    expect(q.parcels[0]).toMatchObject({ billableWeight: { value: 40, unit: 'lb' }, basis: 'minimum' });
    expect(breakdownOf(q)).toEqual({ 'FedEx Ground base rate': 2544, 'Additional handling (dimensions)': 2800 });
  });

  it('replaces handling with the large-package or oversize charge at a 90 lb minimum', async () => {
    const ups = quoteFor(
      await quote({ destination: mesa, parcels: [box(100, 10, 10, 30)], carriers: ['ups'] }),
      'ups_ground',
    );
    // 90 lb zone 2 = 63.16, large package commercial zone 2 = 219.50, fuel 22.75 % of 282.66 = 64.305 → 64.31
    expect(breakdownOf(ups)).toEqual({
      'UPS Ground base rate': 6316,
      'Large package surcharge': 21950,
      'Fuel surcharge (22.75 %, week of 2026-03-09)': 6431,
    });
    const fedex = quoteFor(
      await quote({ destination: mesa, parcels: [box(100, 10, 10, 30)], shipDate: '2025-06-10', carriers: ['fedex'] }),
      'fedex_ground',
    );
    expect(breakdownOf(fedex)).toEqual({ 'FedEx Ground base rate': 5992, 'Oversize charge': 24000 });
    expect(fedex.parcels[0].basis).toBe('minimum');
  });

  it('adds the FedEx residential charge for Home Delivery and reports an unpriced delivery-area tier', async () => {
    // 75021 is on the FedEx DAS list as extended; no 2025 FedEx DAS amount is in the data.
    const q = quoteFor(
      await quote({
        destination: { postalCode: '75021' },
        parcels: [box(6, 6, 6, 2)],
        residential: true,
        shipDate: '2025-06-10',
        carriers: ['fedex'],
      }),
      'fedex_home_delivery',
    );
    expect(breakdownOf(q)).toEqual({ 'FedEx Home Delivery base rate': 1484, 'Residential delivery': 595 });
    expect(q.warnings.find((w) => w.code === 'surcharge_not_priced')?.message).toBe(
      'Delivery area surcharge (extended) applies (ZIP 75021 is on the FedEx delivery-area list) but the FedEx Service Guide 2025 surcharges table has no amount for it; it is not included in the total.',
    );
    const home = quoteFor(
      await quote({
        destination: mesa,
        parcels: [box(6, 6, 6, 2)],
        residential: true,
        shipDate: '2025-06-10',
        carriers: ['fedex'],
      }),
      'fedex_home_delivery',
    );
    expect(breakdownOf(home)).toEqual({ 'FedEx Home Delivery base rate': 1208, 'Residential delivery': 595 });
  });

  it('never adds residential, delivery area or fuel to an all-inclusive card', async () => {
    const q = quoteFor(
      await quote({ destination: dallas, parcels: [box(6, 6, 6, 2)], residential: true, carriers: ['fedex'] }),
      'fedex_home_delivery',
    );
    expect(q.rateType).toBe('retail');
    expect(breakdownOf(q)).toEqual({ 'FedEx Home Delivery base rate': 1681 });
    expect(q.warnings.map((w) => w.code)).toEqual(['zone_estimated', 'charges_included']);
  });

  it('warns that a triggered USPS nonstandard fee has no amount in the data, without counting it as zero', async () => {
    const q = quoteFor(
      await quote({ destination: mesa, parcels: [box(24, 6, 6, 2)], shipDate: '2026-08-03', carriers: ['usps'] }),
      'usps_ground_advantage',
    );
    expect(q.totalCents).toBe(1080);
    expect(q.breakdown.map((l) => l.code)).toEqual(['base']);
    expect(q.warnings).toEqual([
      expect.objectContaining({
        code: 'surcharge_not_priced',
        message: expect.stringMatching(/^Nonstandard length fee \(over 22 in\) applies/),
      }),
    ]);
  });
});

describe('limits and gaps', () => {
  it('lists services a parcel is too heavy or too big for as not available, with the reason', async () => {
    const heavy = await quote({ destination: mesa, parcels: [box(10, 10, 10, 160)] });
    for (const q of heavy.quotes) {
      expect(q.available).toBe(false);
      expect(q.unavailable?.code).toBe('exceeds_limits');
    }
    expect(quoteFor(heavy, 'ups_ground').unavailable?.message).toBe(
      'Weight 160 lb is over the UPS Ground limit of 150 lb.',
    );
    expect(quoteFor(heavy, 'usps_priority_mail').unavailable?.message).toBe(
      'Weight 160 lb is over the Priority Mail limit of 70 lb.',
    );

    const long = await quote({
      destination: mesa,
      parcels: [box(40, 30, 20, 5)],
      shipDate: '2026-08-03',
      carriers: ['usps'],
    });
    expect(quoteFor(long, 'usps_ground_advantage').unavailable?.message).toBe(
      'Length + girth 140 in is over the USPS Ground Advantage limit of 130 in.',
    );
    expect(quoteFor(long, 'usps_priority_mail').unavailable?.code).toBe('exceeds_limits');
  });

  it('does not price USPS Ground Advantage between 108 and 130 in, whose oversized price is not in the card', async () => {
    const q = quoteFor(
      await quote({ destination: mesa, parcels: [box(40, 20, 20, 5)], shipDate: '2026-08-03', carriers: ['usps'] }),
      'usps_ground_advantage',
    );
    expect(q.unavailable).toEqual({ code: 'price_missing', message: expect.stringMatching(/oversized price/) });
  });

  it('reports a missing card cell instead of borrowing the next weight', async () => {
    const q = quoteFor(
      await quote({ destination: dallas, parcels: [box(6, 6, 6, 2)], carriers: ['ups'] }),
      'ups_2nd_day_air',
    );
    expect(q.unavailable).toEqual({
      code: 'price_missing',
      message: 'The UPS Daily Rates card has no UPS 2nd Day Air price for 2 lb in zone 5.',
    });
  });

  it('uses only the card in force on the ship date', async () => {
    const gap = await quote({
      destination: dallas,
      parcels: [box(5, 5, 5, 1)],
      shipDate: '2026-01-20',
      carriers: ['fedex'],
    });
    expect(quoteFor(gap, 'fedex_express_saver').unavailable).toEqual({
      code: 'no_rate_card',
      message: 'No FedEx Express Saver rate card is in force on 2026-01-20.',
    });
    const retail = await quote({
      destination: dallas,
      parcels: [box(5, 5, 5, 1)],
      shipDate: '2026-02-02',
      carriers: ['fedex'],
    });
    expect(quoteFor(retail, 'fedex_express_saver')).toMatchObject({
      available: true,
      totalCents: 3104,
      rateType: 'retail',
    });
    const list = await quote({
      destination: mesa,
      parcels: [box(5, 5, 5, 1)],
      shipDate: '2025-06-10',
      carriers: ['fedex'],
    });
    expect(quoteFor(list, 'fedex_priority_overnight')).toMatchObject({ totalCents: 4231, rateType: 'list' });
  });
});

describe('multi-parcel shipments', () => {
  it('rates each parcel and sums them; one parcel over a limit makes the service unavailable', async () => {
    const q = quoteFor(
      await quote({
        destination: mesa,
        parcels: [box(6, 6, 6, 2), box(8, 8, 8, 5)],
        shipDate: '2025-06-10',
        carriers: ['fedex'],
      }),
      'fedex_ground',
    );
    expect(q.parcels.map((p) => [p.index, p.billableWeight.value, p.totalCents])).toEqual([
      [0, 2, 1208],
      [1, 5, 1329],
    ]);
    expect(q.totalCents).toBe(2537);
    expect(breakdownOf(q)).toEqual({ 'FedEx Ground base rate': 2537 });

    const mixed = quoteFor(
      await quote({
        destination: dallas,
        parcels: [box(6, 6, 6, 2), box(8, 8, 8, 75)],
        shipDate: '2026-08-03',
        carriers: ['usps'],
      }),
      'usps_priority_mail',
    );
    expect(mixed.unavailable?.message).toBe('Parcel 2: Weight 75 lb is over the Priority Mail limit of 70 lb.');
  });
});

describe('ranking and delivery dates', () => {
  it('sorts available quotes by price, marks the cheapest and the fastest, and lists the rest after', async () => {
    const result = await quote({
      destination: dallas,
      parcels: [box(5, 5, 5, 1)],
      shipDate: '2025-06-10',
      carriers: ['fedex'],
    });
    const available = result.quotes.filter((q) => q.available);
    expect(available.map((q) => q.service)).toEqual(['fedex_ground', 'fedex_priority_overnight']);
    expect(available.map((q) => [q.cheapest, q.fastest])).toEqual([
      [true, false],
      [false, true],
    ]);
    expect(result.quotes.slice(available.length).every((q) => !q.available)).toBe(true);
  });

  it('marks every quote that ties for fastest', async () => {
    // From Phoenix to Mesa, FedEx Ground (zone 2) arrives next day, like Priority Overnight.
    const result = await quote({
      destination: mesa,
      parcels: [box(5, 5, 5, 1)],
      shipDate: '2025-06-10',
      carriers: ['fedex'],
    });
    expect(result.quotes.filter((q) => q.fastest).map((q) => q.service)).toEqual([
      'fedex_ground',
      'fedex_priority_overnight',
    ]);
  });

  it('counts transit in business days and skips carrier holidays', async () => {
    // FedEx Ground zone 2 is one day: shipped Wednesday 2025-11-26, Thanksgiving is skipped.
    const q = quoteFor(
      await quote({ destination: mesa, parcels: [box(5, 5, 5, 1)], shipDate: '2025-11-26', carriers: ['fedex'] }),
      'fedex_ground',
    );
    expect([q.transitDays, q.estimatedDeliveryDate]).toEqual([{ min: 1, max: 1 }, '2025-11-28']);
  });
});
