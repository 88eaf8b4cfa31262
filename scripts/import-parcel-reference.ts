/**
 * Imports the parcel rate cards, surcharge and fuel tables, zone charts and delivery-area lists from
 * the data directory into the database (DATABASE_URL, DATA_DIR), and prints what changed and how long
 * each importer took (reading and storing).
 *
 *   npx tsx scripts/import-parcel-reference.ts
 */
import { loadConfig } from '../src/config/config';
import { openDatabase } from '../src/db/knex';
import { migrateToLatest } from '../src/db/migrate';
import { importParcelReferenceData } from '../src/reference/parcel/import-parcel-reference';

async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.dataDir) throw new Error('no data directory: set DATA_DIR');
  const db = openDatabase(config.databaseUrl);
  try {
    await migrateToLatest(db);
    const elapsed = new Map<string, number>();
    const started = performance.now();
    const report = await importParcelReferenceData(db, config.dataDir, {
      progress: (p) => elapsed.set(p.item, p.elapsedMs),
    });
    for (const importer of report.importers) {
      const counts = Object.entries(importer.counts).map(
        ([kind, c]) => `${kind}: ${c.inserted} new, ${c.updated} updated, ${c.unchanged} unchanged`,
      );
      const ms = `${Math.round(elapsed.get(importer.name) ?? 0)} ms`.padStart(8);
      console.log(`${importer.name.padEnd(24)} ${ms}  ${counts.join('; ')}`);
    }
    console.log(`import took ${((performance.now() - started) / 1000).toFixed(1)} s`);
    if (report.skipped.length > 0) console.log(`no files for: ${report.skipped.join(', ')}`);
    console.log(`versions closed by newer ones: ${report.closedVersions}`);
  } finally {
    await db.knex.destroy();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
