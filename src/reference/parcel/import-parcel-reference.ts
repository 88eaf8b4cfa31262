import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { codeDir, projectRoot } from '../../config/paths';
import type { Database } from '../../db/knex';
import { ParcelDeliveryAreaRepository } from '../../db/repositories/parcel-delivery-area.repository';
import { ParcelFuelSurchargeRepository } from '../../db/repositories/parcel-fuel-surcharge.repository';
import { ParcelRateCardRepository } from '../../db/repositories/parcel-rate-card.repository';
import { ParcelSurchargeRepository } from '../../db/repositories/parcel-surcharge.repository';
import { ParcelZoneChartRepository } from '../../db/repositories/parcel-zone-chart.repository';
import { ParcelZoneMatrixRepository } from '../../db/repositories/parcel-zone-matrix.repository';
import type { SaveOutcome } from '../../db/repositories/versioned-reference';
import { fedexDeliveryAreasImporter } from './fedex-delivery-areas.importer';
import { fedexListRatesImporter, fedexRetailRatesImporter } from './fedex-rates.importer';
import { weeklyFuelSurchargesImporter } from './fuel-surcharges.importer';
import type { ParcelImporter } from './importer';
import { upsDailyRatesImporter, uspsRetailPricesImporter } from './price-list-csv.importer';
import { surchargeTableImporter, upsAccessorialsImporter } from './surcharges.importer';
import { fedexZoneRangesImporter, uspsZoneChartsImporter } from './zone-charts.importer';
import { fedexZoneMatrixImporter, upsZoneChartsImporter, uspsZoneMatrixImporter } from './zone-matrices.importer';
import type { ParcelReferenceData } from '../../domain/parcel';
import type { ImportProgress } from '../../domain/shared';

/** Surcharge tables transcribed into the repository because no data file holds them (read from src/ in dev and from dist/ alike). */
export const parcelSupplementsDir = path.join(codeDir, 'reference', 'parcel', 'supplements');

export function parcelImporters(supplementsDir = parcelSupplementsDir): ParcelImporter[] {
  return [
    uspsRetailPricesImporter,
    upsDailyRatesImporter,
    fedexListRatesImporter,
    fedexRetailRatesImporter,
    upsAccessorialsImporter,
    surchargeTableImporter(supplementsDir),
    weeklyFuelSurchargesImporter,
    uspsZoneChartsImporter,
    fedexZoneRangesImporter,
    uspsZoneMatrixImporter,
    upsZoneChartsImporter,
    fedexZoneMatrixImporter,
    fedexDeliveryAreasImporter,
  ];
}

export type ImportCounts = Record<SaveOutcome, number>;

export interface ParcelImportReport {
  importers: Array<{ name: string; files: string[]; counts: Partial<Record<keyof ParcelReferenceData, ImportCounts>> }>;
  /** Importers that found no input file in the data directory. */
  skipped: string[];
  /** Older versions whose end date was set because a newer version now starts. */
  closedVersions: number;
}

/** Reads every parcel reference file under `dataDir` without storing anything (tests, tools). */
export function readParcelReferenceFiles(dataDir: string, supplementsDir = parcelSupplementsDir): ParcelReferenceData {
  const merged: ParcelReferenceData = {
    rateCards: [],
    surchargeTables: [],
    fuelRates: [],
    zoneCharts: [],
    zoneMatrices: [],
    deliveryAreaLists: [],
  };
  for (const importer of parcelImporters(supplementsDir)) {
    const files = importer.files(dataDir);
    if (files.length === 0) continue;
    const data = importer.read(files, dataDir);
    merged.rateCards.push(...(data.rateCards ?? []));
    merged.surchargeTables.push(...(data.surchargeTables ?? []));
    merged.fuelRates.push(...(data.fuelRates ?? []));
    merged.zoneCharts.push(...(data.zoneCharts ?? []));
    merged.zoneMatrices.push(...(data.zoneMatrices ?? []));
    merged.deliveryAreaLists.push(...(data.deliveryAreaLists ?? []));
  }
  return merged;
}

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => (entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));
}

/**
 * SHA-256 of everything an import reads: each importer's data files, the supplements, and the
 * importers' own code (a parser fix must re-import the same files). Equal digests mean an import
 * would change nothing, so a restart can skip it; hashing takes milliseconds, parsing a second.
 */
export function parcelInputsDigest(dataDir: string, supplementsDir = parcelSupplementsDir): string {
  const hash = crypto.createHash('sha256');
  const add = (label: string, file: string) => hash.update(`${label}\0`).update(fs.readFileSync(file)).update('\0');
  // The supplements importer names files of its own folder, hashed below with the folder.
  for (const importer of parcelImporters(supplementsDir)) {
    for (const file of importer.files(dataDir))
      if (fs.existsSync(path.join(dataDir, file))) add(`${importer.name}:${file}`, path.join(dataDir, file));
  }
  for (const file of [...filesUnder(supplementsDir), ...filesUnder(__dirname)])
    add(path.relative(projectRoot, file), file);
  return hash.digest('hex');
}

const emptyCounts = (): ImportCounts => ({ inserted: 0, updated: 0, unchanged: 0 });

/**
 * Imports every parcel reference file found under `dataDir` (and the repository's supplements).
 * Idempotent: re-importing the same files reports everything unchanged and writes nothing; a file
 * with a new effective date adds versions and closes the ones it supersedes. Callers refresh the
 * ParcelReferenceStore afterwards so quotes see the new data.
 */
export async function importParcelReferenceData(
  db: Database,
  dataDir: string,
  options: { supplementsDir?: string; now?: number; progress?: ImportProgress } = {},
): Promise<ParcelImportReport> {
  const now = options.now ?? Date.now();
  const cards = new ParcelRateCardRepository(db);
  const surcharges = new ParcelSurchargeRepository(db);
  const fuel = new ParcelFuelSurchargeRepository(db);
  const zones = new ParcelZoneChartRepository(db);
  const matrices = new ParcelZoneMatrixRepository(db);
  const areas = new ParcelDeliveryAreaRepository(db);
  const report: ParcelImportReport = { importers: [], skipped: [], closedVersions: 0 };

  const importers = parcelImporters(options.supplementsDir);
  for (const [index, importer] of importers.entries()) {
    const started = performance.now();
    const step = (rows: number) =>
      options.progress?.({
        dataset: 'parcel',
        done: index + 1,
        total: importers.length,
        item: importer.name,
        rows,
        elapsedMs: performance.now() - started,
      });
    const files = importer.files(dataDir);
    if (files.length === 0) {
      report.skipped.push(importer.name);
      step(0);
      continue;
    }
    const data = importer.read(files, dataDir);
    const counts: ParcelImportReport['importers'][number]['counts'] = {};
    const tally = async <T>(
      key: keyof ParcelReferenceData,
      items: T[] | undefined,
      save: (item: T) => Promise<SaveOutcome>,
    ) => {
      if (!items) return;
      const c = (counts[key] ??= emptyCounts());
      for (const item of items) c[await save(item)]++;
    };
    await tally('rateCards', data.rateCards, (c) => cards.saveCardVersion(c, now));
    await tally('surchargeTables', data.surchargeTables, (t) => surcharges.saveSurchargeTable(t, now));
    await tally('zoneCharts', data.zoneCharts, (z) => zones.saveZoneChart(z, now));
    await tally('zoneMatrices', data.zoneMatrices, (m) => matrices.saveZoneMatrix(m, now));
    await tally('deliveryAreaLists', data.deliveryAreaLists, (l) => areas.saveDeliveryAreaList(l, now));
    if (data.fuelRates) counts.fuelRates = await fuel.saveFuelRates(data.fuelRates, now);
    report.importers.push({ name: importer.name, files, counts });
    step(Object.values(counts).reduce((sum, c) => sum + c.inserted + c.updated + c.unchanged, 0));
  }
  report.closedVersions =
    (await cards.closeSupersededCardVersions()) + (await surcharges.closeSupersededSurchargeTables());
  return report;
}
