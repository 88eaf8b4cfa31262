import { loadConfig } from '../src/config/config';
import { openDatabase } from '../src/db/knex';
import { migrateToLatest } from '../src/db/migrate';
import { VesselPositionRepository } from '../src/db/repositories/vessel-position.repository';
import { importNmeaFile } from '../src/domain/tracking/providers/ais/ais-ingest';

// npx tsx scripts/import-ais-file.ts <file.nmea>: stores the AIVDM positions and vessel data of an
// NMEA log in DATABASE_URL, where live tracking finds them (source `ais:nmea-file`).
async function main() {
  const file = process.argv[2];
  if (!file) throw new Error('usage: npx tsx scripts/import-ais-file.ts <file.nmea>');
  const db = openDatabase(loadConfig().databaseUrl);
  try {
    await migrateToLatest(db);
    console.log(JSON.stringify(await importNmeaFile(file, new VesselPositionRepository(db.knex))));
  } finally {
    await db.knex.destroy();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
