import type { Logger } from 'pino';
import type { Config } from '../config/config';
import type { Database } from '../db/knex';
import { htsDatabase } from '../db/repositories/hts-database';
import { TariffRulesRepository } from '../db/repositories/tariff-rules.repository';
import { chooseHtsReleaseSource } from '../reference/hts/hts-release-source';
import { DirectoryHtsSource } from '../reference/hts/directory-hts-source';
import { importTariffRules, loadActiveTariffRules } from '../reference/tariff/import-tariff-rules';
import type { ReadinessCheck } from '../http/readiness';
import { loadHtsSearchLlmConfig } from '../config/hts-search-llm';
import { htsFileReader } from '../reference/hts/hts-file';
import type { TariffServices } from '../handlers/services';
import type { Clock, ImportProgress } from '../domain/shared';
import { ensureInitialRelease, type HtsRefreshDeps, type HtsRelease } from '../domain/hts';
import { ReleaseLineSource, ActiveTariffRules } from '../domain/tariff';
import { HtsSearchPool, OpenAiCompatibleReranker } from '../domain/classify';
import { workerEntryBeside } from '../domain/shared';
import { TariffCalculationRepository } from '../db/repositories/tariff-calculation.repository';

export function createTariffServices(db: Database, config: Config): TariffServices {
  const hts = htsDatabase(db.knex);
  const llm = loadHtsSearchLlmConfig();
  const reranker = llm ? new OpenAiCompatibleReranker(llm) : null;
  return {
    hts,
    lines: new ReleaseLineSource(hts.stores.releases),
    rules: new ActiveTariffRules(),
    rulesRepository: new TariffRulesRepository(db.knex),
    htsSource: chooseHtsReleaseSource({ dataDir: config.dataDir }),
    searchPool: new HtsSearchPool(
      {
        filename: workerEntryBeside(__filename, 'hts-search-worker'),
        workerData: { databaseUrl: config.databaseUrl },
        ...config.htsSearch,
      },
      reranker,
    ),
    calculations: new TariffCalculationRepository(db.knex),
  };
}

/**
 * What an HTS import or refresh in this process needs. A newly imported newest release gets its
 * search index built ahead, and the calculator's line lookups forget older answers. An older
 * revision backfilled for history is not indexed ahead: an index is about 100 MB of memory, and
 * searches read the release in force. `onNewestRelease` then runs on a new newest release (the
 * worker's: its `tariff.impact` events, src/hosts/product-services.ts).
 */
export function htsRefreshDeps(
  services: TariffServices,
  clock: Clock,
  progress?: ImportProgress,
  onNewestRelease?: (release: HtsRelease) => Promise<void>,
): HtsRefreshDeps {
  return {
    db: services.hts,
    files: htsFileReader,
    clock: () => clock.now().getTime(),
    source: services.htsSource,
    progress,
    afterImport: async (release) => {
      services.lines.clear();
      const newest = await services.hts.stores.releases.newest();
      if (newest?.id !== release.id) return;
      await services.searchPool.indexAhead(release.id);
      await onNewestRelease?.(release);
    },
  };
}

/**
 * First start and every start: make sure an HTS release is imported (the newest in the source when
 * the database has none) and the duty rules are in memory (the stored active set, or a fresh import
 * from the data directory). Readiness says not ready until both hold. Then, when the releases come
 * from a data directory, `startBackfill` imports the older ones there for history (the server
 * queues the hts-backfill job; it skips what is imported, so every start may ask).
 */
export async function bootstrapTariffData(
  services: TariffServices,
  config: Config,
  clock: Clock,
  logger: Logger,
  startBackfill: () => Promise<unknown>,
  progress?: ImportProgress,
): Promise<void> {
  const deps = htsRefreshDeps(services, clock, progress);
  const initial = await ensureInitialRelease(deps);
  if (initial.outcome === 'unavailable') logger.warn({ reason: initial.reason }, 'no HTS release could be imported');
  else if (initial.outcome === 'imported') logger.info({ release: initial.release.id }, 'HTS release imported');
  if (!(await loadActiveTariffRules(services.rulesRepository, services.rules))) {
    if (config.dataDir === null) logger.warn('no duty rules stored and no data directory to import them from');
    else {
      const imported = await importTariffRules({
        dataDir: config.dataDir,
        repository: services.rulesRepository,
        book: services.rules,
        now: () => clock.now().getTime(),
      });
      logger.info({ version: imported.version, warnings: imported.warnings.length }, 'duty rules imported');
    }
  }
  if (initial.outcome !== 'unavailable' && services.htsSource instanceof DirectoryHtsSource) await startBackfill();
  // The release in force into memory, in the background: calculations are answered meanwhile.
  void services.lines.warm();
}

export function tariffDataLoaded(services: TariffServices): ReadinessCheck {
  return {
    name: 'tariff_data',
    async run() {
      if ((await services.hts.stores.releases.count()) === 0)
        return { ok: false, detail: 'no HTS release imported yet' };
      if (!services.rules.isLoaded()) return { ok: false, detail: 'duty rules not loaded yet' };
      return { ok: true };
    },
  };
}
