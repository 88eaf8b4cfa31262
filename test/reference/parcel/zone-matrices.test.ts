import type { RatingIndex } from '../../../src/domain/parcel/rating-index';
import type { ParcelReferenceData } from '../../../src/domain/parcel/reference-data';
import { readParcelReferenceFiles } from '../../../src/reference/parcel/import-parcel-reference';
import { resolveZone } from '../../../src/domain/parcel/zones';
import { fixtureIndex, parcelFixtureDir } from '../../support/parcel-reference';

// The national charts' formats, from real lines of each file (test/fixtures/parcel/data): the USPS
// matrix for origins 100, 606 and 850, UPS's chart for origin 100 with the workbooks' ZIP5 lists,
// FedEx's chart for origin range 070–076.
describe('national zone charts', () => {
  let data: ParcelReferenceData;
  let index: RatingIndex;
  beforeAll(() => {
    data = readParcelReferenceFiles(parcelFixtureDir);
    index = fixtureIndex();
  });
  const zone = (carrier: 'usps' | 'ups' | 'fedex', from: string, to: string, scopes: string[] = []) =>
    index.chartZone(carrier, from, to, scopes as never, '2026-11-23')?.zone ?? null;

  it('reads the USPS matrix with its date, same-NDC flags and unresolved offshore cells', () => {
    const matrix = data.zoneMatrices.find((m) => m.carrier === 'usps');
    expect(matrix?.effectiveFrom).toBe('2024-04-01');
    const row = matrix?.rows.find((r) => r.originFrom === '100');
    expect([row?.cells[900], row?.cells[100], row?.cells[967], row?.cells[0]]).toEqual(['8', '1', '?', '.']);
    expect([row?.flags?.[100], row?.flags?.[104], row?.flags?.[900]]).toEqual(['*', '*', ' ']);
    expect([zone('usps', '10001', '90001'), zone('usps', '10001', '60606'), zone('usps', '60606', '10001')]).toEqual([
      '8',
      '5',
      '5',
    ]);
    // Offshore (A): no price zone in the matrix, so not a chart zone.
    expect(zone('usps', '10001', '96701')).toBeNull();
  });

  it('estimates an offshore USPS lane by distance, saying the chart has no zone for it', () => {
    const resolved = resolveZone(index, 'usps', '10001', '96701', [], '2026-08-03');
    expect(resolved?.source).toBe('distance_estimate');
    expect(resolved?.warnings[0].message).toMatch(/the USPS zone chart for origin 10001 gives no zone for 96701/);
  });

  it("reads each UPS service's column, zones 2–8 as the Daily Rates columns and AK/HI by ZIP5", () => {
    expect(data.zoneMatrices.find((m) => m.carrier === 'ups')?.effectiveFrom).toBe('2025-12-22');
    expect(zone('ups', '10001', '90001', ['ground'])).toBe('8');
    expect(zone('ups', '10001', '75201', ['3_day_select'])).toBe('7');
    expect(zone('ups', '10001', '60606', ['next_day_air'])).toBe('5');
    // Hawaii and Alaska from the workbooks' lists, not the JSON's one zone per ZIP3 (45 for all of 967).
    expect(['96701', '96703', '99529'].map((zip) => zone('ups', '10001', zip, ['ground']))).toEqual(['44', '46', '46']);
    expect(zone('ups', '10001', '96701', ['next_day_air'])).toBe('124');
    expect(zone('ups', '10001', '96701', ['2nd_day_air'])).toBe('224');
    expect(zone('ups', '10001', '96701', ['3_day_select'])).toBeNull();
    expect(zone('ups', '10001', '00601', ['ground'])).toBe('45');
  });

  it('takes the FedEx express zone where the file has a broken ground zone (96700, 99500)', () => {
    const matrix = data.zoneMatrices.find((m) => m.carrier === 'fedex');
    expect(matrix?.effectiveFrom).toBe('2026-06-10');
    // 07000-07699,88500-96699,8,96700: ground 8 like express, for every ZIP3 of the range.
    for (const zip of ['88901', '90001', '94105', '96601'])
      expect([zip, zone('fedex', '07001', zip, ['ground']), zone('fedex', '07001', zip, ['express'])]).toEqual([
        zip,
        '8',
        '8',
      ]);
    expect(zone('fedex', '07001', '60606', ['ground'])).toBe('5');
    expect(zone('fedex', '07001', '96701', ['express'])).toBe('10');
    expect(zone('fedex', '07001', '96701', ['ground'])).toBe('9');
    expect(zone('fedex', '07001', '99501', ['ground'])).toBe('17');
  });
});
