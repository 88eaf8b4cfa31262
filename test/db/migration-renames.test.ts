import path from 'node:path';
import type { Migration } from '../../src/db/migrate';
import { migrateToLatest, migrationFileNames, pendingMigrations, rollbackAll } from '../../src/db/migrate';
import { renamedMigrations } from '../../src/db/migration-renames';
import { createTestDatabase, TestDatabase } from '../support/database';

const oldNames = Object.keys(renamedMigrations);
const appliedNames = async (db: TestDatabase) =>
  (await db.knex('knex_migrations').orderBy('id').select('name')).map((row: { name: string }) => row.name);

/** knex's record as code from before the renames left it: the same rows under the old names. */
async function recordOldNames(db: TestDatabase): Promise<void> {
  for (const [from, to] of Object.entries(renamedMigrations))
    await db.knex('knex_migrations').where({ name: to }).update({ name: from });
}

describe('a database migrated under the old migration names', () => {
  let db: TestDatabase;
  beforeEach(async () => {
    db = await createTestDatabase({ migrate: false });
  });
  afterEach(() => db.destroy());

  it('is up to date: nothing runs again, and the record takes the new names', async () => {
    const all = migrationFileNames('.ts');
    await migrateToLatest(db);
    await recordOldNames(db);
    expect(await appliedNames(db)).toEqual(expect.arrayContaining(oldNames));

    expect(await pendingMigrations(db)).toEqual([]);
    expect(await migrateToLatest(db)).toEqual([]);
    expect(await appliedNames(db)).toEqual(all);
    // And it migrates down and up again as any other.
    await rollbackAll(db);
    expect(await appliedNames(db)).toEqual([]);
    expect(await migrateToLatest(db)).toEqual(all);
  });

  it('gets only the migrations it lacks', async () => {
    const all = migrationFileNames('.ts');
    const newest = all[all.length - 1];
    await migrateToLatest(db);
    // As if it was migrated before the newest migration existed.
    const migration = jest.requireActual<Migration>(path.join(__dirname, '../../src/db/migrations', `${newest}.ts`));
    await migration.down(db.knex);
    await db.knex('knex_migrations').where({ name: newest }).delete();
    await recordOldNames(db);

    expect(await pendingMigrations(db)).toEqual([newest]);
    expect(await migrateToLatest(db)).toEqual([newest]);
    expect(await appliedNames(db)).toEqual(all);
  });
});
