/**
 * Time to import the real HTS 2026 Rev 3 and Rev 4 exports (target: under 60 s each), on the
 * dialect DATABASE_URL names (SQLite by default, `DATABASE_URL=mysql://…` for MySQL/MariaDB), into a
 * fresh scratch database. Rev 4's time includes its change set against Rev 3.
 *
 *   npm run bench:hts-import
 *   DATABASE_URL=mysql://root@127.0.0.1:3306/test npm run bench:hts-import
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../src/config/config';
import { htsDatabase } from '../src/db/repositories/hts-database';
import { importHtsFile } from '../src/domain/hts/hts-import.service';
import { readHtsFile } from '../src/reference/hts/hts-file';
import { createTestDatabase, testDialect } from '../test/support/database';

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main(): Promise<void> {
  const dataDir = loadConfig().dataDir;
  if (dataDir === null) throw new Error('no data directory: set DATA_DIR to the folder holding hts/');
  const db = await createTestDatabase();
  try {
    const deps = { db: htsDatabase(db.knex), clock: () => Date.now() };
    console.log(`HTS import on ${testDialect}`);
    for (const revision of [3, 4]) {
      const file = path.join(dataDir, 'hts', `hts_2026_revision_${revision}_csv.csv`);
      const bytes = fs.readFileSync(file);
      let started = performance.now();
      const parsed = readHtsFile(bytes);
      const parseMs = performance.now() - started;
      started = performance.now();
      const result = await importHtsFile(deps, { bytes, revision: { year: 2026, revision }, source: file });
      const importMs = performance.now() - started;
      if (result.outcome !== 'imported') throw new Error(`Rev ${revision}: ${JSON.stringify(result)}`);
      const counts = result.changeSet ? JSON.stringify(result.changeSet.counts) : 'none (first release)';
      console.log(
        `  Rev ${revision}: ${parsed.rowCount} rows (${result.release.lineCount} numbered) imported in ${seconds(importMs)}` +
          ` (parsing alone ${seconds(parseMs)}); change set: ${counts}`,
      );
    }
  } finally {
    await db.destroy();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
