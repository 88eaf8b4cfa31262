import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory from 'knex';
import { openDatabase } from '../../src/db/knex';
import { migrateToLatest } from '../../src/db/migrate';

// The embedded database's file: private to its owner, and a read-only one is named as such.
let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradelane-sqlite-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

it('creates the SQLite file with mode 0600', async () => {
  const file = path.join(dir, 'new', 'tradelane.sqlite');
  const db = openDatabase(`sqlite:${file}`);
  await db.knex.raw('select 1');
  await db.knex.destroy();
  expect(fs.statSync(file).mode & 0o777).toBe(0o600);
});

it('says a read-only database file is read-only, rather than suggesting to unlock migrations', async () => {
  const file = path.join(dir, 'readonly.sqlite');
  const writable = openDatabase(`sqlite:${file}`);
  await writable.knex.raw('select 1');
  await writable.knex.destroy();
  const knex = knexFactory({
    client: 'better-sqlite3',
    connection: { filename: file, options: { readonly: true } },
    useNullAsDefault: true,
  });
  try {
    await expect(migrateToLatest({ dialect: 'sqlite', knex })).rejects.toThrow(
      `The SQLite database ${file} is read-only for this process`,
    );
  } finally {
    await knex.destroy();
  }
});
