import { loadConfig } from '../src/config/config';
import { openDatabase } from '../src/db/knex';
import { migrateToLatest } from '../src/db/migrate';
import { PortRepository } from '../src/db/repositories/port.repository';
import { importPorts } from '../src/reference/ports/import-ports';

// npx tsx scripts/import-ports.ts: loads the port table from DATA_DIR (default: the repository's data/).
async function main() {
  const config = loadConfig();
  if (!config.dataDir) throw new Error('no data directory: set DATA_DIR');
  const db = openDatabase(config.databaseUrl);
  try {
    await migrateToLatest(db);
    const result = await importPorts(config.dataDir, new PortRepository(db.knex), Date.now());
    console.log(JSON.stringify(result));
  } finally {
    await db.knex.destroy();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
