import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ParcelFuelSurchargeRepository } from '../../src/db/repositories/parcel-fuel-surcharge.repository';
import { ParcelRateCardRepository } from '../../src/db/repositories/parcel-rate-card.repository';
import { DatabaseParcelReferenceSource } from '../../src/db/repositories/parcel-reference.source';
import {
  readParcelReferenceFiles,
  importParcelReferenceData,
  type ParcelImportReport,
} from '../../src/reference/parcel/import-parcel-reference';
import { ParcelReferenceStore } from '../../src/domain/parcel/reference-store';
import { ParcelQuoteService } from '../../src/domain/parcel/quote.service';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { box, parcelFixtureDir, quoteRequest } from '../support/parcel-reference';
import { quoteFor } from '../support/parcel-quote';

const tables = [
  'parcel_rate_cards',
  'parcel_rate_card_prices',
  'parcel_surcharge_tables',
  'parcel_surcharges',
  'parcel_fuel_surcharges',
  'parcel_zone_charts',
  'parcel_zone_chart_ranges',
  'parcel_zone_matrices',
  'parcel_zone_matrix_rows',
  'parcel_delivery_area_lists',
  'parcel_delivery_area_zips',
];

const totals = (report: ParcelImportReport) => {
  const sum = { inserted: 0, updated: 0, unchanged: 0 };
  for (const importer of report.importers)
    for (const c of Object.values(importer.counts))
      for (const k of Object.keys(sum) as Array<keyof typeof sum>) sum[k] += c[k];
  return sum;
};

describe('parcel reference repositories', () => {
  let db: TestDatabase;
  let dataDir: string;

  beforeEach(async () => {
    db = await createTestDatabase();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parcel-data-'));
    fs.cpSync(parcelFixtureDir, dataDir, { recursive: true });
  });
  afterEach(async () => {
    await db.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const rowCounts = async () =>
    Object.fromEntries(
      await Promise.all(tables.map(async (t) => [t, Number((await db.knex(t).count({ n: '*' }))[0].n)])),
    );

  it('stores what the importers read and loads it back exactly', async () => {
    await importParcelReferenceData(db, dataDir);
    const loaded = await new DatabaseParcelReferenceSource(db).loadParcelReferenceData();
    const read = readParcelReferenceFiles(dataDir);
    const byId = <T extends { id: string }>(list: T[]) => [...list].sort((a, b) => a.id.localeCompare(b.id));
    const sortPrices = (cards: typeof read.rateCards) =>
      byId(cards).map((c) => ({
        ...c,
        prices: [...c.prices].sort((a, b) =>
          `${a.zone}|${a.weightUnit}|${a.weight}`.localeCompare(`${b.zone}|${b.weightUnit}|${b.weight}`),
        ),
      }));
    expect(sortPrices(loaded.rateCards)).toEqual(sortPrices(read.rateCards));
    expect(byId(loaded.surchargeTables)).toEqual(byId(read.surchargeTables));
    expect(byId(loaded.zoneCharts)).toEqual(byId(read.zoneCharts));
    expect(byId(loaded.zoneMatrices)).toEqual(byId(read.zoneMatrices));
    expect(read.zoneMatrices.map((m) => [m.id, m.rows.length])).toEqual([
      ['usps.zone-matrix.2024-04-01', 3],
      ['ups.zone-charts.2025-12-22', 6],
      ['fedex.zone-charts.2026-06-10', 2],
    ]);
    expect(
      byId(loaded.deliveryAreaLists).map((l) => ({
        ...l,
        zips: [...l.zips].sort((a, b) => a.zip5.localeCompare(b.zip5)),
      })),
    ).toEqual(
      byId(read.deliveryAreaLists).map((l) => ({
        ...l,
        zips: [...l.zips].sort((a, b) => a.zip5.localeCompare(b.zip5)),
      })),
    );
    expect(loaded.fuelRates.map((f) => [f.fuelGroup, f.weekStart, f.percent])).toEqual([
      ['air', '2026-03-02', '21.25'],
      ['air', '2026-03-09', '23.00'],
      ['ground', '2026-03-02', '21.50'],
      ['ground', '2026-03-09', '22.75'],
    ]);
    const ounceRow = loaded.rateCards
      .find((c) => c.service === 'usps_ground_advantage')
      ?.prices.find((p) => p.weightUnit === 'oz' && p.weight === 15.999 && p.zone === '5');
    expect(ounceRow?.cents).toBe(1095);
  });

  it('changes nothing when the same files are imported again', async () => {
    const first = await importParcelReferenceData(db, dataDir, { now: 1 });
    const before = await rowCounts();
    const importedAt = await db.knex('parcel_rate_cards').select('id', 'imported_at').orderBy('id');
    const second = await importParcelReferenceData(db, dataDir, { now: 2 });
    expect(totals(first).inserted).toBeGreaterThan(0);
    expect(totals(second)).toEqual({ inserted: 0, updated: 0, unchanged: totals(first).inserted });
    expect(second.closedVersions).toBe(0);
    expect(await rowCounts()).toEqual(before);
    expect(await db.knex('parcel_rate_cards').select('id', 'imported_at').orderBy('id')).toEqual(importedAt);
  });

  it('adds a version for a new effective date and ends the one it supersedes', async () => {
    await importParcelReferenceData(db, dataDir);
    fs.writeFileSync(
      path.join(dataDir, 'parcel/ups/ups_daily_rates_2026-12-21.csv'),
      'carrier,service,price_type,effective_date,weight_unit,weight,zone,price_usd\nups,UPS Ground,daily,2026-12-21,lb,2,2,13.60\n',
    );
    const report = await importParcelReferenceData(db, dataDir);
    expect(report.importers.find((i) => i.name === 'ups-daily-rates')?.counts.rateCards).toEqual({
      inserted: 1,
      updated: 0,
      unchanged: 2,
    });
    expect(report.closedVersions).toBe(1);
    const versions = await db
      .knex('parcel_rate_cards')
      .where({ service: 'ups_ground' })
      .orderBy('effective_from')
      .select('effective_from', 'effective_to');
    expect(versions).toEqual([
      { effective_from: '2025-12-22', effective_to: '2026-12-21' },
      { effective_from: '2026-12-21', effective_to: null },
    ]);

    const store = new ParcelReferenceStore(new DatabaseParcelReferenceSource(db));
    await store.refresh();
    const service = new ParcelQuoteService({ reference: store });
    const price = async (shipDate: string) =>
      quoteFor(
        await service.quote(
          quoteRequest({
            destination: { postalCode: '85201' },
            parcels: [box(6, 6, 6, 2)],
            shipDate,
            carriers: ['ups'],
          }),
          { testMode: true },
        ),
        'ups_ground',
      ).breakdown[0].cents;
    expect([await price('2026-12-18'), await price('2026-12-21')]).toEqual([1285, 1360]);
  });

  it('replaces the rows of a version whose content was corrected, and keeps stated end dates', async () => {
    await importParcelReferenceData(db, dataDir);
    const file = path.join(dataDir, 'parcel/ups/ups_daily_rates_2025-12-22.csv');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('lb,2,2,12.85', 'lb,2,2,12.95'));
    const report = await importParcelReferenceData(db, dataDir);
    expect(report.importers.find((i) => i.name === 'ups-daily-rates')?.counts.rateCards).toEqual({
      inserted: 0,
      updated: 1,
      unchanged: 1,
    });
    const cards = await new ParcelRateCardRepository(db).listCardVersions();
    const ground = cards.find((c) => c.id === 'ups.ups_ground.daily.US.2025-12-22');
    expect(ground?.prices.find((p) => p.zone === '2' && p.weight === 2)?.cents).toBe(1295);
    expect(ground?.prices).toHaveLength(10);
    expect(cards.find((c) => c.id === 'fedex.fedex_ground.list.US48.2025-01-06')?.effectiveTo).toBe('2026-01-05');
  });

  it('updates a corrected fuel week and leaves the others alone', async () => {
    const repository = new ParcelFuelSurchargeRepository(db);
    const [week] = readParcelReferenceFiles(dataDir).fuelRates;
    expect(await repository.saveFuelRates([week])).toEqual({ inserted: 1, updated: 0, unchanged: 0 });
    expect(await repository.saveFuelRates([{ ...week, percent: week.percent.replace(/0$/, '') }])).toEqual({
      inserted: 0,
      updated: 0,
      unchanged: 1,
    });
    expect(await repository.saveFuelRates([{ ...week, percent: '30.00' }])).toEqual({
      inserted: 0,
      updated: 1,
      unchanged: 0,
    });
    expect((await repository.listFuelRates())[0].percent).toBe('30.00');
  });
});
