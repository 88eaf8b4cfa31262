/**
 * A first start and the backfill on the real HTS exports of the data directory (DATA_DIR, else the
 * repository's data/), on the dialect DATABASE_URL names (SQLite by default,
 * `DATABASE_URL=mysql://…` for MySQL/MariaDB), into a fresh scratch database: the newest release
 * alone (target: ready within 60 s), then every older one newest first, each with its change set
 * (target: all within 10 minutes), and the database size after the first and after all of them
 * (target: under 3× one release). `--limit N` backfills only N older releases.
 *
 *   npm run bench:hts-import
 *   DATABASE_URL=mysql://root@127.0.0.1:3306/test npm run bench:hts-import
 */
import path from 'node:path';
import { loadConfig } from '../src/config/config';
import { htsDatabase } from '../src/db/repositories/hts-database';
import { HtsReleaseRepository } from '../src/db/repositories/hts-release.repository';
import { backfillHtsReleases } from '../src/domain/hts/hts-refresh.service';
import { ensureInitialRelease } from '../src/domain/hts/initial-release';
import { DirectoryHtsSource } from '../src/reference/hts/directory-hts-source';
import { createTestDatabase, TestDatabase, testDialect } from '../test/support/database';
import { htsFileReader } from '../src/reference/hts/hts-file';
import { watchEventLoop } from './event-loop-watch';

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

/** Bytes the database holds: SQLite's pages in use, MySQL's data and index length. */
async function databaseBytes(db: TestDatabase): Promise<number> {
  if (testDialect === 'sqlite') {
    const [{ page_count: pages }] = (await db.knex.raw('PRAGMA page_count')) as Array<{ page_count: number }>;
    const [{ freelist_count: free }] = (await db.knex.raw('PRAGMA freelist_count')) as Array<{
      freelist_count: number;
    }>;
    const [{ page_size: size }] = (await db.knex.raw('PRAGMA page_size')) as Array<{ page_size: number }>;
    return (pages - free) * size;
  }
  await db.knex.raw('ANALYZE TABLE hts_releases, hts_line_versions, hts_change_sets, hts_changes');
  const [rows] = (await db.knex.raw(
    'SELECT SUM(data_length + index_length) AS bytes FROM information_schema.tables WHERE table_schema = DATABASE()',
  )) as [Array<{ bytes: number }>];
  return Number(rows[0].bytes);
}

async function main(): Promise<void> {
  const limitAt = process.argv.indexOf('--limit');
  const limit = limitAt > 0 ? Number(process.argv[limitAt + 1]) : Infinity;
  const dataDir = loadConfig().dataDir;
  if (dataDir === null) throw new Error('no data directory: set DATA_DIR to the folder holding hts/');
  const db = await createTestDatabase();
  try {
    const source = new DirectoryHtsSource(path.join(dataDir, 'hts'));
    const available = await source.listReleases();
    const limited = {
      ...source,
      description: source.description,
      listReleases: async () => available.slice(Math.max(0, available.length - 1 - limit)),
      fetchRelease: source.fetchRelease.bind(source),
    };
    const deps = { db: htsDatabase(db.knex), files: htsFileReader, clock: () => Date.now(), source: limited };
    console.log(
      `HTS first start and backfill on ${testDialect}: ${available.length} releases in ${source.description}`,
    );
    const base = await databaseBytes(db);
    let started = performance.now();
    let watch = watchEventLoop();
    const initial = await ensureInitialRelease(deps);
    const initialStall = watch.stop().longestStallMs;
    if (initial.outcome !== 'imported') throw new Error(JSON.stringify(initial));
    const oneRelease = (await databaseBytes(db)) - base;
    console.log(
      `  first start: ${initial.release.title} (${initial.release.rowCount} rows) ready in ${seconds(performance.now() - started)}; database ${megabytes(oneRelease)}; longest event-loop stall ${initialStall.toFixed(0)} ms`,
    );
    started = performance.now();
    watch = watchEventLoop();
    const backfill = await backfillHtsReleases({
      ...deps,
      progress: (p) =>
        console.log(
          `  backfill ${p.done}/${p.total}: ${p.item} ${p.outcome} in ${seconds(p.elapsedMs)} (${Math.round((p.rows * 1000) / Math.max(1, p.elapsedMs))} rows/s)`,
        ),
    });
    const backfillMs = performance.now() - started;
    const backfillStall = watch.stop().longestStallMs;
    const all = (await databaseBytes(db)) - base;
    const versions = await new HtsReleaseRepository(db.knex).versionCount();
    console.log(
      `  backfill: ${backfill.imported.length} releases in ${seconds(backfillMs)}, ${backfill.rejected.length} rejected; ` +
        `${versions} line versions; database ${megabytes(all)} (${(all / oneRelease).toFixed(2)}× one release); longest event-loop stall ${backfillStall.toFixed(0)} ms`,
    );
  } finally {
    await db.destroy();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
