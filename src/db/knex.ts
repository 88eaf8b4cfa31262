import fs from 'node:fs';
import path from 'node:path';
import knexFactory, { Knex } from 'knex';

export type Dialect = 'sqlite' | 'mysql';

export interface Database {
  knex: Knex;
  dialect: Dialect;
}

export function dialectOf(databaseUrl: string): Dialect {
  return databaseUrl.startsWith('mysql://') ? 'mysql' : 'sqlite';
}

/**
 * One knex instance per process, normalised per dialect in this one place so repositories see the
 * same values on both: UTC everywhere, DECIMAL as exact strings, BIGINT epoch-ms as numbers.
 */
export function openDatabase(databaseUrl: string): Database {
  const dialect = dialectOf(databaseUrl);
  if (dialect === 'mysql') {
    const url = new URL(databaseUrl);
    return {
      dialect,
      knex: knexFactory({
        client: 'mysql2',
        connection: {
          host: url.hostname,
          port: url.port ? Number(url.port) : 3306,
          user: decodeURIComponent(url.username),
          password: decodeURIComponent(url.password),
          database: url.pathname.replace(/^\//, ''),
          timezone: 'Z',
          charset: 'utf8mb4',
          supportBigNumbers: true,
          dateStrings: false,
        },
        pool: { min: 0, max: Number(url.searchParams.get('pool_max') ?? 10) },
      }),
    };
  }
  const filename = databaseUrl.slice('sqlite:'.length);
  if (filename !== ':memory:') {
    fs.mkdirSync(path.dirname(path.resolve(filename)), { recursive: true });
    // Created for its owner only (0600): it holds the accounts and their key digests. SQLite gives
    // the -wal and -shm files the same mode.
    fs.closeSync(fs.openSync(filename, 'a', 0o600));
  }
  return {
    dialect,
    knex: knexFactory({
      client: 'better-sqlite3',
      connection: { filename },
      useNullAsDefault: true,
      // better-sqlite3 is synchronous: one connection, shared by the whole process.
      pool: {
        min: 1,
        max: 1,
        afterCreate(conn: { pragma(sql: string): unknown }, done: (err: Error | null, conn: unknown) => void) {
          conn.pragma('foreign_keys = ON');
          conn.pragma('journal_mode = WAL');
          conn.pragma('busy_timeout = 5000');
          done(null, conn);
        },
      },
    }),
  };
}
