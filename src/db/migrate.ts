import fs from 'node:fs';
import path from 'node:path';
import type { Knex } from 'knex';
import type { Database } from './knex';
import { renameAppliedMigrations } from './migration-renames';

export interface Migration {
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

const migrationsDir = path.join(__dirname, 'migrations');
/** `YYYYMMDDHHmmss_kebab-slug`: the stamp orders migrations, the slug says what they do. */
export const migrationNamePattern = /^\d{14}_[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Reads migrations from the folder, in name order. The same source serves TypeScript (tests, tsx)
 * and the compiled JavaScript in dist/, so nothing has to keep a hand-written list in sync.
 */
class FolderMigrationSource implements Knex.MigrationSource<string> {
  private readonly extension = path.extname(__filename);

  async getMigrations(): Promise<string[]> {
    return migrationFileNames(this.extension);
  }

  getMigrationName(name: string): string {
    return name;
  }

  async getMigration(name: string): Promise<Knex.Migration> {
    // Migrations are compiled with the code; the file is found at run time, .ts under tsx and jest, .js when built.
    return module.require(path.join(migrationsDir, name + this.extension)) as Migration;
  }
}

export function migrationFileNames(extension = path.extname(__filename)): string[] {
  return fs
    .readdirSync(migrationsDir)
    .filter((file) => file.endsWith(extension) && !file.endsWith('.d.ts'))
    .map((file) => file.slice(0, -extension.length))
    .sort();
}

const migrationsTable = 'knex_migrations';

const migratorConfig = (): Knex.MigratorConfig => ({
  migrationSource: new FolderMigrationSource(),
  tableName: migrationsTable,
});

/**
 * Refuses a SQLite file this process cannot write, saying so: knex would otherwise fail to take its
 * migration lock and suggest unlocking migrations. Rewriting user_version with its own value is the
 * smallest write there is.
 */
async function assertWritable(db: Database): Promise<void> {
  if (db.dialect !== 'sqlite') return;
  try {
    const [{ user_version: version }] = (await db.knex.raw('pragma user_version')) as Array<{ user_version: number }>;
    await db.knex.raw(`pragma user_version = ${Number(version)}`);
  } catch (error) {
    if ((error as { code?: string }).code !== 'SQLITE_READONLY') throw error;
    const file = (db.knex.client.config.connection as { filename?: string }).filename;
    throw new Error(
      `The SQLite database ${file} is read-only for this process: make the file and its folder writable by the user running the service (it needs to write, migrations included).`,
    );
  }
}

export async function migrateToLatest(db: Database): Promise<string[]> {
  await assertWritable(db);
  await renameAppliedMigrations(db.knex, migrationsTable);
  const [, applied] = (await db.knex.migrate.latest(migratorConfig())) as [number, string[]];
  return applied;
}

export async function rollbackAll(db: Database): Promise<void> {
  await renameAppliedMigrations(db.knex, migrationsTable);
  await db.knex.migrate.rollback(migratorConfig(), true);
}

/** Names of migrations not yet applied; empty when the schema is current. */
export async function pendingMigrations(db: Database): Promise<string[]> {
  // knex refuses to list a record that names files no longer there, so old names go first here too.
  await renameAppliedMigrations(db.knex, migrationsTable);
  const [, pending] = (await db.knex.migrate.list(migratorConfig())) as [unknown[], Array<{ file: string } | string>];
  return pending.map((entry) => (typeof entry === 'string' ? entry : entry.file));
}
