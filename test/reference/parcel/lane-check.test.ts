import type { ParcelQuoteService } from '../../../src/domain/parcel/quote.service';
import { createTestApp, type TestApp } from '../../support/app';
import { box, quoteRequest } from '../../support/parcel-reference';
import { repoDataDir } from '../../support/reference-data';
import { breakdownOf, quoteFor } from '../../support/parcel-quote';

// Like for like: the ten largest metropolitan areas (2020 census MSAs) to each other, every carrier,
// three weights, from the repository's data/parcel as imported. Every zone must come from a carrier
// chart, and sampled totals are the published prices plus the listed surcharges, line by line.
const metros: Record<string, string> = {
  'New York': '10001',
  'Los Angeles': '90012',
  Chicago: '60606',
  'Dallas–Fort Worth': '75201',
  Houston: '77002',
  Washington: '20001',
  Philadelphia: '19103',
  Miami: '33130',
  Atlanta: '30303',
  Boston: '02108',
};
// Sides under each weight's dimensional weight (L×W×H/139), so the weight is the billable one.
const parcels = [box(5, 5, 5, 1), box(10, 8, 6, 5), box(16, 12, 10, 20)];
const shipDate = '2026-08-03';

describe('lane check: ten metro areas to each other, three carriers, three weights', () => {
  let app: TestApp;
  let service: ParcelQuoteService;
  beforeAll(async () => {
    app = await createTestApp({ withParcelData: repoDataDir });
    service = app.deps.parcel.quotes;
  }, 180_000);
  afterAll(() => app?.close());

  const quote = (from: string, to: string, parcel: (typeof parcels)[number]) =>
    service.quote(
      quoteRequest({ origin: { postalCode: from }, destination: { postalCode: to }, parcels: [parcel], shipDate }),
      { testMode: true },
    );

  it('takes every zone of the 90 lanes from a chart, for each carrier and weight', async () => {
    const notFromChart: string[] = [];
    let quoted = 0;
    for (const [fromName, from] of Object.entries(metros))
      for (const [toName, to] of Object.entries(metros)) {
        if (from === to) continue;
        for (const parcel of parcels) {
          const result = await quote(from, to, parcel);
          for (const carrier of ['usps', 'ups', 'fedex'])
            if (!result.quotes.some((q) => q.carrier === carrier && q.available))
              notFromChart.push(`${fromName} → ${toName} ${parcel.weight} lb: no ${carrier} quote`);
          for (const q of result.quotes) {
            if (q.unavailable?.code === 'no_zone') notFromChart.push(`${fromName} → ${toName}: ${q.service} no zone`);
            if (!q.available) continue;
            quoted++;
            if (q.zoneSource !== 'chart' || q.warnings.some((w) => w.code === 'zone_estimated'))
              notFromChart.push(`${fromName} → ${toName} ${parcel.weight} lb: ${q.service} zone ${q.zoneSource}`);
          }
        }
      }
    expect(notFromChart).toEqual([]);
    expect(quoted).toBeGreaterThan(90 * 3 * 3 * 3);
  }, 120_000);

  // Zones read by hand in usps-zone-matrix/Format2.txt, the UPS charts' {origin}.json and
  // fedex_zones_COMPLETE.csv; prices from usps_retail_2026-07-12.csv, ups_daily_rates_2025-12-22.csv
  // (fuel 27.50 %, the latest week) and fedex_2026_retail_rates.csv (Ground all-inclusive).
  it.each([
    // New York → Los Angeles: FedEx's row 88500-96699 has the broken ground zone 96700; express zone 8.
    ['New York', 'Los Angeles', { usps: ['8', 2605], ups: ['8', 2172, 597], fedex: ['8', 2751] }],
    ['Chicago', 'Houston', { usps: ['5', 1745], ups: ['6', 1945, 535], fedex: ['5', 1977] }],
    ['Philadelphia', 'Washington', { usps: ['2', 1355], ups: ['2', 1419, 390], fedex: ['2', 1477] }],
  ] as const)('prices a 5 lb box %s → %s from the published tables', async (fromName, toName, expected) => {
    const result = await quote(metros[fromName], metros[toName], parcels[1]);
    const usps = quoteFor(result, 'usps_ground_advantage');
    expect([usps.zone, breakdownOf(usps)]).toEqual([
      expected.usps[0],
      { 'USPS Ground Advantage base rate': expected.usps[1] },
    ]);
    const ups = quoteFor(result, 'ups_ground');
    expect([ups.zone, breakdownOf(ups)]).toEqual([
      expected.ups[0],
      { 'UPS Ground base rate': expected.ups[1], 'Fuel surcharge (27.50 %, week of 2026-06-15)': expected.ups[2] },
    ]);
    expect(ups.totalCents).toBe(expected.ups[1] + expected.ups[2]);
    const fedex = quoteFor(result, 'fedex_ground');
    expect([fedex.zone, breakdownOf(fedex), fedex.totalCents]).toEqual([
      expected.fedex[0],
      { 'FedEx Ground base rate': expected.fedex[1] },
      expected.fedex[1],
    ]);
  });
});
