import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Database, dialectOf, openDatabase } from '../../src/db/knex';
import { migrateToLatest } from '../../src/db/migrate';

export interface TestDatabase extends Database {
  url: string;
  /** Opens another knex pool on the same database, as a second process would. */
  openAnother(): Database;
  destroy(): Promise<void>;
}

/** The dialect under test: MySQL when DATABASE_URL names one (CI's second run), else SQLite. */
export const testDialect = dialectOf(process.env.DATABASE_URL ?? '');

/**
 * A database made once per run and copied for each test file that asks for it: the migrated schema,
 * or that with reference data imported. `key` names it within the run; `fill` brings a freshly
 * migrated database to it (and must leave nothing running on it).
 */
export interface DatabaseTemplate {
  key: string;
  fill?(db: TestDatabase): Promise<void>;
}

const migrated: DatabaseTemplate = { key: 'migrated' };

/**
 * A fresh database for one test file, dropped by destroy(): a scratch database on the MySQL server
 * named by DATABASE_URL, or a temporary SQLite file. Migrated unless `migrate: false`: a copy of the
 * run's migrated template (or of `template`), since migrating takes about a second on SQLite and ten
 * on MariaDB and copying a fraction of that (docs/benchmarks.md, "The test suite").
 */
export async function createTestDatabase(
  options: { migrate?: boolean; template?: DatabaseTemplate } = {},
): Promise<TestDatabase> {
  if (options.migrate === false) return scratchDatabase();
  const template = options.template ?? migrated;
  const run = templateRun();
  if (run === null) {
    // Outside a jest run of this repository (no global setup): build it in place.
    const db = await scratchDatabase();
    await migrateToLatest(db);
    await template.fill?.(db);
    return db;
  }
  return testDialect === 'mysql' ? cloneMysql(await mysqlTemplate(run, template)) : cloneSqlite(run, template);
}

/** The run's template folder (SQLite) and name prefix (MySQL), set by test/support/global-setup.ts. */
function templateRun(): { dir: string; id: string } | null {
  const dir = process.env.TEST_TEMPLATE_DIR;
  return dir ? { dir, id: path.basename(dir) } : null;
}

const suffix = () => `${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
const keyDigest = (key: string) => crypto.createHash('sha256').update(key).digest('hex').slice(0, 12);

function testDatabase(url: string, dropScratch: () => Promise<void>): TestDatabase {
  const db = openDatabase(url);
  const others: Database[] = [];
  return {
    ...db,
    url,
    openAnother() {
      const other = openDatabase(url);
      others.push(other);
      return other;
    },
    async destroy() {
      for (const other of others) await other.knex.destroy();
      await db.knex.destroy();
      await dropScratch();
    },
  };
}

async function scratchDatabase(): Promise<TestDatabase> {
  if (testDialect === 'mysql') return testDatabase(...(await createMysqlDatabase(`tl_test_${suffix()}`)));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradelane-test-'));
  return testDatabase(`sqlite:${path.join(dir, 'test.sqlite')}`, async () =>
    fs.rmSync(dir, { recursive: true, force: true }),
  );
}

// --- SQLite: the template is a file of the run's folder; each test file gets a copy.

async function cloneSqlite(run: { dir: string }, template: DatabaseTemplate): Promise<TestDatabase> {
  const file = path.join(run.dir, `${keyDigest(template.key)}.sqlite`);
  if (!fs.existsSync(file)) {
    // Built under a name of its own and renamed when complete, so a worker never copies half a template
    // (two workers may both build it; either one serves).
    const building = `${file}.${suffix()}`;
    const db = testDatabase(`sqlite:${building}`, async () => undefined);
    try {
      await migrateToLatest(db);
      await template.fill?.(db);
      // Everything in the main file, so the copy needs no -wal beside it.
      await db.knex.raw('pragma wal_checkpoint(TRUNCATE)');
    } finally {
      await db.destroy();
    }
    fs.renameSync(building, file);
    for (const extra of ['-wal', '-shm']) fs.rmSync(building + extra, { force: true });
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradelane-test-'));
  const copy = path.join(dir, 'test.sqlite');
  fs.copyFileSync(file, copy);
  fs.chmodSync(copy, 0o600);
  return testDatabase(`sqlite:${copy}`, async () => fs.rmSync(dir, { recursive: true, force: true }));
}

// --- MySQL: the template is a database of the server; each test file gets its tables' definitions
// replayed and their rows copied (SHOW CREATE TABLE keeps the foreign keys that CREATE TABLE … LIKE drops).

function serverUrl(database: string, query = ''): string {
  const server = new URL(process.env.DATABASE_URL as string);
  server.pathname = `/${database}`;
  server.search = query;
  return server.toString();
}

async function createMysqlDatabase(name: string): Promise<[string, () => Promise<void>]> {
  const admin = openDatabase(serverUrl(''));
  try {
    await admin.knex.raw(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_bin`);
  } finally {
    await admin.knex.destroy();
  }
  const drop = async () => {
    const cleanup = openDatabase(serverUrl(''));
    await cleanup.knex.raw(`DROP DATABASE IF EXISTS \`${name}\``);
    await cleanup.knex.destroy();
  };
  return [serverUrl(name), drop];
}

/** The template's database name, built under a server lock by the first worker that needs it. */
async function mysqlTemplate(run: { id: string }, template: DatabaseTemplate): Promise<string> {
  const name = `tl_tpl_${run.id}_${keyDigest(template.key)}`;
  // One connection: GET_LOCK belongs to the session that took it.
  const admin = openDatabase(serverUrl('', '?pool_max=1'));
  try {
    await admin.knex.raw('SELECT GET_LOCK(?, 600)', [name]);
    const [found] = (await admin.knex.raw('SELECT 1 FROM information_schema.schemata WHERE schema_name = ?', [
      name,
    ])) as [unknown[]];
    if (found.length === 0) {
      await admin.knex.raw(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_bin`);
      const db = testDatabase(serverUrl(name), async () => undefined);
      try {
        await migrateToLatest(db);
        await template.fill?.(db);
      } catch (error) {
        await admin.knex.raw(`DROP DATABASE IF EXISTS \`${name}\``);
        throw error;
      } finally {
        await db.destroy();
      }
    }
    await admin.knex.raw('SELECT RELEASE_LOCK(?)', [name]);
  } finally {
    await admin.knex.destroy();
  }
  return name;
}

async function cloneMysql(template: string): Promise<TestDatabase> {
  const [url, drop] = await createMysqlDatabase(`tl_test_${suffix()}`);
  const target = new URL(url).pathname.slice(1);
  // One connection, so the session's foreign-key switch holds for every statement.
  const copier = openDatabase(serverUrl(target, '?pool_max=1'));
  try {
    const [tables] = (await copier.knex.raw(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = ? AND table_type = 'BASE TABLE'",
      [template],
    )) as [Array<{ name: string }>];
    await copier.knex.raw('SET FOREIGN_KEY_CHECKS = 0');
    for (const { name } of tables) {
      const [[definition]] = (await copier.knex.raw('SHOW CREATE TABLE ??.??', [template, name])) as [
        Array<{ 'Create Table': string }>,
      ];
      await copier.knex.raw(definition['Create Table']);
    }
    const [filled] = (await copier.knex.raw(
      tables.map(() => 'SELECT ? AS name FROM DUAL WHERE EXISTS (SELECT 1 FROM ??.??)').join(' UNION ALL '),
      tables.flatMap(({ name }) => [name, template, name]),
    )) as [Array<{ name: string }>];
    for (const { name } of filled) await copier.knex.raw('INSERT INTO ?? SELECT * FROM ??.??', [name, template, name]);
    await copier.knex.raw('SET FOREIGN_KEY_CHECKS = 1');
  } catch (error) {
    await copier.knex.destroy();
    await drop();
    throw error;
  }
  await copier.knex.destroy();
  return testDatabase(url, drop);
}

/** Drops the run's MySQL templates (test/support/global-teardown.ts); SQLite's go with the run's folder. */
export async function dropTemplates(runId: string): Promise<void> {
  if (testDialect !== 'mysql') return;
  const admin = openDatabase(serverUrl(''));
  try {
    const [names] = (await admin.knex.raw(
      'SELECT schema_name AS name FROM information_schema.schemata WHERE schema_name LIKE ?',
      [`tl\\_tpl\\_${runId}\\_%`],
    )) as [Array<{ name: string }>];
    for (const { name } of names) await admin.knex.raw(`DROP DATABASE IF EXISTS \`${name}\``);
  } finally {
    await admin.knex.destroy();
  }
}
