import {
  migrateToLatest,
  migrationFileNames,
  migrationNamePattern,
  pendingMigrations,
  rollbackAll,
} from '../../src/db/migrate';
import { createTestDatabase, TestDatabase } from '../support/database';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase({ migrate: false });
});
afterAll(() => db.destroy());

/** The stamp written back from the UTC time it reads as: another stamp when it is no time (hour 60, say). */
function asTime(stamp: string): string {
  const [y, mo, d, h, mi, s] = [0, 4, 6, 8, 10, 12].map((at, i) => Number(stamp.slice(at, at + (i === 0 ? 4 : 2))));
  return new Date(Date.UTC(y, mo - 1, d, h, mi, s)).toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

it('names every migration YYYYMMDDHHmmss_kebab-slug, the stamp a real UTC time, each its own', () => {
  const names = migrationFileNames('.ts');
  expect(names.length).toBeGreaterThan(0);
  for (const name of names) expect(name).toMatch(migrationNamePattern);
  expect(names.filter((name) => asTime(name.slice(0, 14)) !== name.slice(0, 14))).toEqual([]);
  expect(new Set(names.map((name) => name.slice(0, 14))).size).toBe(names.length);
});

it('migrates up, all the way down, and up again', async () => {
  const all = migrationFileNames('.ts');
  expect(await pendingMigrations(db)).toEqual(all);
  expect(await migrateToLatest(db)).toEqual(all);
  expect(await pendingMigrations(db)).toEqual([]);
  expect(await migrateToLatest(db)).toEqual([]);

  await rollbackAll(db);
  expect(await pendingMigrations(db)).toEqual(all);
  const tables =
    db.dialect === 'sqlite'
      ? ((await db.knex.raw(
          "select name from sqlite_master where type = 'table' and name not like 'knex_%' and name not like 'sqlite_%'",
        )) as Array<{ name: string }>)
      : (
          (await db.knex.raw(
            'select table_name as name from information_schema.tables where table_schema = database() and table_name not like "knex_%"',
          )) as [Array<{ name: string }>]
        )[0];
  expect(tables).toEqual([]);

  expect(await migrateToLatest(db)).toEqual(all);
});
