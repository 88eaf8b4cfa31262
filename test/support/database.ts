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
 * A fresh, migrated database for one test file: a scratch database on the MySQL server named by
 * DATABASE_URL, or a temporary SQLite file. Dropped by destroy().
 */
export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const suffix = `${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  let url: string;
  let dropScratch: () => Promise<void>;
  if (testDialect === 'mysql') {
    const server = new URL(process.env.DATABASE_URL as string);
    const name = `tl_test_${suffix}`;
    const admin = openDatabase(server.toString());
    await admin.knex.raw(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_bin`);
    await admin.knex.destroy();
    server.pathname = `/${name}`;
    url = server.toString();
    dropScratch = async () => {
      const cleanup = openDatabase(process.env.DATABASE_URL as string);
      await cleanup.knex.raw(`DROP DATABASE IF EXISTS \`${name}\``);
      await cleanup.knex.destroy();
    };
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradelane-test-'));
    url = `sqlite:${path.join(dir, 'test.sqlite')}`;
    dropScratch = async () => fs.rmSync(dir, { recursive: true, force: true });
  }
  const db = openDatabase(url);
  if (options.migrate !== false) await migrateToLatest(db);
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
