import { loadConfig } from '../config/config';
import { createLogger } from '../logger';
import { openDatabase } from './knex';
import { migrateToLatest } from './migrate';

/** `npm run migrate`: applies pending migrations to DATABASE_URL and exits. */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config);
  const db = openDatabase(config.databaseUrl, logger);
  try {
    const applied = await migrateToLatest(db);
    logger.info({ applied, database: db.dialect }, applied.length ? 'migrated' : 'already up to date');
  } finally {
    await db.knex.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
