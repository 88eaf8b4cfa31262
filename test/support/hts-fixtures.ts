import fs from 'node:fs';
import path from 'node:path';
import { htsDatabase } from '../../src/db/repositories/hts-database';
import { HtsReleaseRepository } from '../../src/db/repositories/hts-release.repository';
import { importHtsFile } from '../../src/domain/hts/hts-import.service';
import { ReleaseLineSource } from '../../src/domain/tariff/release-line-source';
import { parseHtsFileName } from '../../src/reference/hts/hts-revision';
import type { HtsImportDeps } from '../../src/domain/hts/hts-import.service';
import { createTestDatabase, type TestDatabase } from './database';
import { referenceDataFolder, referenceFile } from './reference-data';
import { htsFileReader } from '../../src/reference/hts/hts-file';

export const htsFixtureDir = path.join(__dirname, '..', 'fixtures', 'hts');

export function htsFixture(name: string): Buffer {
  return fs.readFileSync(path.join(htsFixtureDir, name));
}

/** A real USITC export kept in `data/hts` (e.g. `hts_2026_revision_4_csv.csv`); a missing file fails the test. */
export function realHtsFile(name: string): string {
  return referenceFile(`hts/${name}`);
}

/** The real HTS files most tests run on: 2026 Rev 3 and Rev 4 as USITC's CSV exports. */
export const rev3AndRev4 = ['hts_2026_revision_3_csv.csv', 'hts_2026_revision_4_csv.csv'];

/**
 * A data folder of its own for a test: `hts/` holds exactly the named real HTS files, and the
 * duty rules' program lists come from the repository's `data/tariff`. Remove it with
 * `fs.rmSync(dir, { recursive: true })`.
 */
export function htsDataFolder(htsFiles: string[]): string {
  return referenceDataFolder(...htsFiles.map((name) => `hts/${name}`), 'tariff');
}

/** Empties this capability's tables, so one migrated database can serve every test of a file. */
export async function clearHtsTables(db: TestDatabase): Promise<void> {
  for (const table of [
    'outbox_events',
    'tariff_alerts',
    'hts_changes',
    'hts_change_sets',
    'hts_line_versions',
    'hts_releases',
  ]) {
    await db.knex(table).delete();
  }
}

/** Import dependencies on a test database, with a clock the test can move. */
export function htsImportDeps(
  db: TestDatabase,
  now = Date.parse('2026-11-22T10:00:00.000Z'),
): HtsImportDeps & { setNow(ms: number): void } {
  let current = now;
  return {
    db: htsDatabase(db.knex),
    files: htsFileReader,
    clock: () => current,
    setNow(ms: number) {
      current = ms;
    },
  };
}

/** The lines of the named HTS release files (data/hts), imported into a scratch database, as the service reads them. */
export async function releaseLinesInDatabase(releases: readonly string[]) {
  const db = await createTestDatabase();
  const deps = htsImportDeps(db);
  for (const name of releases) {
    const revision = parseHtsFileName(name);
    if (!revision) throw new Error(`not an HTS release file name: ${name}`);
    await importHtsFile(deps, { bytes: fs.readFileSync(realHtsFile(name)), revision, source: name });
  }
  return { lines: new ReleaseLineSource(new HtsReleaseRepository(db.knex)), close: () => db.destroy() };
}
