import type { Logger } from 'pino';
import type { Config } from '../config/config';
import { loadParcelCarrierConfig, type ParcelCarrierConfig } from '../config/parcel-carrier-config';
import type { Database } from '../db/knex';
import { DatabaseParcelReferenceSource } from '../db/repositories/parcel-reference.source';
import {
  importParcelReferenceData,
  parcelInputsDigest,
  type ParcelImportReport,
} from '../reference/parcel/import-parcel-reference';
import type { ReadinessCheck } from '../http/readiness';
import type { ParcelServices } from '../handlers/services';
import { liveAdapters, LiveRatingGateway, ParcelQuoteService, ParcelReferenceStore } from '../domain/parcel';
import type { ImportProgress } from '../domain/shared';
import { ReferenceImportDigestRepository } from '../db/repositories/reference-import-digest.repository';

/** Live carriers come from their configured credentials (docs/parcel.md); none configured means cards only. */
export function createParcelServices(
  db: Database,
  carriers: ParcelCarrierConfig = loadParcelCarrierConfig(),
): ParcelServices {
  const reference = new ParcelReferenceStore(new DatabaseParcelReferenceSource(db));
  const adapters = liveAdapters(carriers.carriers);
  const live = adapters.length > 0 ? new LiveRatingGateway(adapters, carriers.liveRating) : undefined;
  return {
    reference,
    quotes: new ParcelQuoteService({ reference, live }),
    liveCarriers: adapters.map((a) => a.carrier),
  };
}

const changedAnything = (report: ParcelImportReport): boolean =>
  report.closedVersions > 0 ||
  report.importers.some((i) => Object.values(i.counts).some((c) => c.inserted + c.updated > 0));

/**
 * Every start: load what the database holds (a restart serves at once), then import the data
 * directory's parcel files (idempotent; a new edition adds versions) and reload when that changed
 * anything. The import is skipped when its inputs are those of the last complete import (their
 * digest is stored), as on a plain restart. The rating index stays in memory: quotes never read the database.
 */
export async function bootstrapParcelData(
  services: ParcelServices,
  db: Database,
  config: Config,
  logger: Logger,
  progress?: ImportProgress,
): Promise<void> {
  await services.reference.refresh();
  if (config.dataDir === null) {
    if (!services.reference.isLoaded())
      logger.warn('no parcel rate cards stored and no data directory to import them from');
    return;
  }
  const digests = new ReferenceImportDigestRepository(db.knex);
  const digest = parcelInputsDigest(config.dataDir);
  if (services.reference.isLoaded() && (await digests.get('parcel')) === digest) {
    logger.info({ live: services.liveCarriers }, 'parcel reference data unchanged since the last import');
    return;
  }
  const report = await importParcelReferenceData(db, config.dataDir, { progress });
  if (changedAnything(report) || !services.reference.isLoaded()) await services.reference.refresh();
  await digests.record('parcel', digest, Date.now());
  logger.info(
    {
      importers: report.importers.length,
      skipped: report.skipped,
      closedVersions: report.closedVersions,
      loaded: services.reference.isLoaded(),
      live: services.liveCarriers,
    },
    'parcel reference data imported',
  );
}

export function parcelDataLoaded(services: ParcelServices): ReadinessCheck {
  return {
    name: 'parcel_data',
    async run() {
      return services.reference.isLoaded() ? { ok: true } : { ok: false, detail: 'parcel rate cards not loaded yet' };
    },
  };
}
