import { loadConfig } from './config/config';
import { openDatabase } from './db/knex';
import { migrateToLatest } from './db/migrate';
import { AccountRepository } from './db/repositories/account.repository';
import { AccountService } from './domain/access';
import { systemClock } from './domain/shared';
import { runAdminCommand } from './admin-cli/commands';

/**
 * `npm run admin`: one command against the database, from the built code (run by
 * scripts/build-if-stale.mjs, which builds only when the sources changed, as `npm start` does).
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const db = openDatabase(config.databaseUrl);
  try {
    await migrateToLatest(db);
    console.log(
      await runAdminCommand(
        process.argv.slice(2),
        new AccountService({ accounts: new AccountRepository(db.knex), clock: systemClock }),
      ),
    );
  } finally {
    await db.knex.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
