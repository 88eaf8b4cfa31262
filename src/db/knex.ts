import fs from 'node:fs';
import path from 'node:path';
import knexFactory, { Knex } from 'knex';
import { sqliteClient } from './sqlite-client';
import type { Logger } from 'pino';

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
 * same values on both: UTC everywhere, DECIMAL as exact strings, BIGINT epoch-ms as numbers. With a
 * logger, knex's own messages become its log lines rather than raw console output.
 */
export function openDatabase(databaseUrl: string, logger?: Logger): Database {
  const dialect = dialectOf(databaseUrl);
  const log = logger ? knexLog(logger) : undefined;
  if (dialect === 'mysql') {
    const url = new URL(databaseUrl);
    return {
      dialect,
      knex: knexFactory({
        log,
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
      log,
      client: sqliteClient(filename),
      connection: { filename },
      useNullAsDefault: true,
      // better-sqlite3 is synchronous: one write connection, shared by the whole process (reads
      // outside transactions have a read-only one of their own: sqlite-client.ts).
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

/**
 * knex writes its warnings with console.log, stack included: "Acquire connection error: Error: aborted"
 * and a tarn stack for every query still waiting for a connection when the pool closes at stop. The
 * caller of that query gets the error too, so the log keeps the message's first line only.
 */
function knexLog(logger: Logger): Knex.Config['log'] {
  const firstLine = (message: unknown) => String(message).split('\n', 1)[0];
  return {
    debug: (message: unknown) => logger.debug({ source: 'knex' }, firstLine(message)),
    warn: (message: unknown) => logger.warn({ source: 'knex' }, firstLine(message)),
    error: (message: unknown) => logger.error({ source: 'knex' }, firstLine(message)),
    deprecate: (method: string, alternative: string) =>
      logger.warn({ source: 'knex' }, `${method} is deprecated, please use ${alternative}`),
  };
}
