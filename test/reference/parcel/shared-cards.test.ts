import type { ParcelQuoteService } from '../../../src/domain/parcel/quote.service';
import type { RatingIndex } from '../../../src/domain/parcel/rating-index';
import { createTestApp, type TestApp } from '../../support/app';
import { box, quoteRequest } from '../../support/parcel-reference';
import { repoDataDir } from '../../support/reference-data';
import { breakdownOf, quoteFor } from '../../support/parcel-quote';

// Exact card prices for sample lanes, from the repository's data/parcel imported through the product's
// own importers into the database under test (the run's imported copy, shared with the API tests).
// Expected values are read from the source CSVs by hand.
describe("rating from the repository's imported cards", () => {
  let app: TestApp;
  let index: RatingIndex;
  let service: ParcelQuoteService;

  beforeAll(async () => {
    app = await createTestApp({ withParcelData: repoDataDir });
    index = app.deps.parcel.reference.current();
    service = app.deps.parcel.quotes;
  }, 180_000);
  afterAll(() => app?.close());

  const quote = (overrides: Parameters<typeof quoteRequest>[0]) =>
    service.quote(quoteRequest(overrides), { testMode: true });

  it('reproduces the USPS chart zones of sample lanes, as the USPS zone chart (ZIP3 matrix) lists them', () => {
    const lanes: Array<[string, string, string]> = [
      ['85004', '85201', '1'],
      ['85004', '90001', '4'],
      ['85004', '60606', '7'],
      ['85004', '10001', '8'],
      ['44001', '10001', '4'],
      ['94501', '98101', '5'],
      ['07001', '10001', '1'],
      ['53001', '60606', '2'],
    ];
    for (const [from, to, zone] of lanes)
      expect([from, to, index.chartZone('usps', from, to, [], '2026-11-23')?.zone]).toEqual([from, to, zone]);
  });

  it('reads FedEx chart zones, with separate express and ground zones to Hawaii', () => {
    expect(index.chartZone('fedex', '85004', '75201', [], '2025-06-10')?.zone).toBe('5');
    expect(index.chartZone('fedex', '85004', '96701', ['express'], '2025-06-10')?.zone).toBe('10');
    expect(index.chartZone('fedex', '85004', '96701', ['ground'], '2025-06-10')?.zone).toBe('9');
  });

  it('prices FedEx 2025 list Ground: zone 5, 5 lb = 17.56; DIM 12×12×12 at 3 lb = 13 lb, zone 2 = 16.19', async () => {
    const ground = quoteFor(
      await quote({
        destination: { postalCode: '75201' },
        parcels: [box(10, 8, 6, 5)],
        shipDate: '2025-06-10',
        carriers: ['fedex'],
      }),
      'fedex_ground',
    );
    expect([ground.zone, ground.zoneSource, ground.totalCents]).toEqual(['5', 'chart', 1756]);
    const dim = quoteFor(
      await quote({
        destination: { postalCode: '85201' },
        parcels: [box(12, 12, 12, 3)],
        shipDate: '2025-06-10',
        carriers: ['fedex'],
      }),
      'fedex_ground',
    );
    expect([dim.zone, dim.parcels[0].billableWeight.value, dim.totalCents]).toEqual(['2', 13, 1619]);
  });

  it('prices FedEx 2025 list Express, 1 lb zone 2', async () => {
    const result = await quote({
      destination: { postalCode: '85201' },
      parcels: [box(5, 5, 5, 1)],
      shipDate: '2025-06-10',
      carriers: ['fedex'],
    });
    expect(
      ['fedex_standard_overnight', 'fedex_priority_overnight', 'fedex_2_day', 'fedex_express_saver'].map(
        (s) => quoteFor(result, s).totalCents,
      ),
    ).toEqual([3855, 4231, 2523, 2295]);
  });

  it('prices UPS Ground daily 5 lb zone 6 (the UPS chart for origin 850) = 19.45 plus fuel for the week', async () => {
    const ups = quoteFor(
      await quote({
        destination: { postalCode: '75201' },
        parcels: [box(10, 8, 6, 5)],
        shipDate: '2026-03-10',
        carriers: ['ups'],
      }),
      'ups_ground',
    );
    expect(breakdownOf(ups)).toEqual({
      'UPS Ground base rate': 1945,
      'Fuel surcharge (22.75 %, week of 2026-03-09)': 442,
    });
    expect([ups.zone, ups.zoneSource]).toEqual(['6', 'chart']);
  });

  it('prices USPS retail: ounce tier, Priority Mail, Express half-pound and DIM over one cubic foot', async () => {
    const shipDate = '2026-08-03';
    const light = quoteFor(
      await quote({
        destination: { postalCode: '85201' },
        parcels: [box(6, 4, 2, 3, 'oz')],
        shipDate,
        carriers: ['usps'],
      }),
      'usps_ground_advantage',
    );
    expect([light.zone, light.totalCents]).toEqual(['1', 790]);
    const priority = quoteFor(
      await quote({ destination: { postalCode: '60606' }, parcels: [box(10, 8, 6, 3)], shipDate, carriers: ['usps'] }),
      'usps_priority_mail',
    );
    expect([priority.zone, priority.totalCents]).toEqual(['7', 2385]);
    const express = quoteFor(
      await quote({
        destination: { postalCode: '10001' },
        parcels: [box(6, 4, 2, 7, 'oz')],
        shipDate,
        carriers: ['usps'],
      }),
      'usps_priority_mail_express',
    );
    expect([express.zone, express.totalCents]).toEqual(['8', 5335]);
    const dim = quoteFor(
      await quote({
        destination: { postalCode: '60606' },
        parcels: [box(13, 12, 12, 3)],
        shipDate,
        carriers: ['usps'],
      }),
      'usps_ground_advantage',
    );
    expect([dim.parcels[0].billableWeight.value, dim.totalCents]).toEqual([12, 3865]);
  });

  it('quotes a real lane with all three carriers side by side', async () => {
    const result = await quote({
      destination: { postalCode: '60606' },
      parcels: [box(12, 10, 8, 5)],
      residential: true,
      shipDate: '2026-11-23',
    });
    const carriersAvailable = new Set(result.quotes.filter((q) => q.available).map((q) => q.carrier));
    expect([...carriersAvailable].sort()).toEqual(['fedex', 'ups', 'usps']);

    expect(quoteFor(result, 'usps_ground_advantage')).toMatchObject({
      totalCents: 2240,
      zone: '7',
      zoneSource: 'chart',
      rateType: 'retail',
      cheapest: true,
    });
    const ups = quoteFor(result, 'ups_ground');
    // DIM 960/139 → 7 lb, zone 7 (UPS chart): 21.00 + residential 6.50 + fuel 27.50 % of 27.50 = 7.5625 → 7.56
    expect(breakdownOf(ups)).toEqual({
      'UPS Ground base rate': 2100,
      'Residential delivery': 650,
      'Fuel surcharge (27.50 %, week of 2026-06-15)': 756,
    });
    expect(quoteFor(result, 'fedex_home_delivery')).toMatchObject({
      totalCents: 2846,
      rateType: 'retail',
      source: { cardId: 'fedex.fedex_ground.retail.US48.2026-01-05' },
    });
    expect(quoteFor(result, 'fedex_2_day').totalCents).toBe(9442);
    expect(result.quotes.filter((q) => q.fastest).every((q) => q.transitDays?.max === 1)).toBe(true);
  });

  it('rates a multi-parcel shipment as the sum of its parcels', async () => {
    const result = await quote({
      destination: { postalCode: '75201' },
      parcels: [box(10, 8, 6, 5), box(10, 8, 6, 7)],
      shipDate: '2026-03-10',
      carriers: ['ups'],
    });
    const ups = quoteFor(result, 'ups_ground');
    expect(ups.parcels.map((p) => p.totalCents)).toEqual([1945 + 442, 1972 + 449]);
    expect(ups.totalCents).toBe(1945 + 442 + 1972 + 449);
  });
});
