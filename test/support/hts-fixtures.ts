import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../src/config/config';
import { htsDatabase } from '../../src/db/repositories/hts-database';
import type { HtsImportDeps } from '../../src/domain/hts/hts-import.service';
import type { TestDatabase } from './database';

export const htsFixtureDir = path.join(__dirname, '..', 'fixtures', 'hts');

export function htsFixture(name: string): Buffer {
  return fs.readFileSync(path.join(htsFixtureDir, name));
}

/** The shared reference data (config dataDir: DATA_DIR, else ../shared/data); tests that need it skip without it. */
const dataDir = loadConfig().dataDir;
export const sharedHtsDir = dataDir === null ? '' : path.join(dataDir, 'hts');
export const sharedHtsAvailable = dataDir !== null && fs.existsSync(path.join(sharedHtsDir, 'hts_2026_revision_3_csv.csv'));

/** Empties this capability's tables, so one migrated database can serve every test of a file. */
export async function clearHtsTables(db: TestDatabase): Promise<void> {
  for (const table of ['outbox_events', 'tariff_alerts', 'hts_changes', 'hts_change_sets', 'hts_lines', 'hts_releases']) {
    await db.knex(table).delete();
  }
}

/** Import dependencies on a test database, with a clock the test can move. */
export function htsImportDeps(db: TestDatabase, now = Date.parse('2026-11-22T10:00:00.000Z')): HtsImportDeps & { setNow(ms: number): void } {
  let current = now;
  return {
    db: htsDatabase(db.knex),
    clock: () => current,
    setNow(ms: number) {
      current = ms;
    },
  };
}
