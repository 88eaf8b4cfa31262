import type { Knex } from 'knex';
import BetterSqlite3Client from 'knex/lib/dialects/better-sqlite3';
import Runner from 'knex/lib/execution/runner';
import { givingWay } from '../domain/shared';

type QueryRun = (connection: unknown, query: unknown) => Promise<unknown>;
const runQuery = (BetterSqlite3Client.prototype as unknown as { _query: QueryRun })._query;

interface SqliteConnection {
  pragma(sql: string): unknown;
  close(): void;
}
type Driver = new (filename: string, options: { readonly: boolean; fileMustExist: boolean }) => SqliteConnection;

/** Query builder methods that only read: anything else (and every raw query) goes to the write connection. */
const readMethods = new Set(['select', 'first', 'pluck']);

/**
 * knex's better-sqlite3 client with two changes.
 *
 * It gives way to the rest of the process before a query once 10 ms have passed since the last turn
 * it gave. The driver is synchronous: awaiting a query lets no other request, timer or I/O run, so a
 * loop of queries (an HTS import, a bulk job's inputs) would keep the process for seconds.
 *
 * A read outside a transaction runs on a read-only connection of its own beside the one write
 * connection (WAL lets readers see the last commit while a writer works), so it does not queue for
 * the write connection while a transaction holds it across awaits (a tracking refresh, an import's
 * batch, an idempotent POST): before, every query of every request waited in the pool behind it. A
 * read inside a transaction runs on the transaction's connection and sees its writes. An in-memory
 * database has no second connection to it and keeps the single one.
 */
export function sqliteClient(filename: string): typeof Knex.Client {
  const giveWay = givingWay();
  let reader: SqliteConnection | null = null;

  class ReadingRunner extends Runner {
    override ensureConnection(cb: (runner: Runner, params: unknown) => Promise<unknown>, params: unknown) {
      const builder = this.builder;
      const plainRead =
        filename !== ':memory:' &&
        !this.client.transacting &&
        builder?._connection === undefined &&
        builder?._method !== undefined &&
        readMethods.has(builder._method);
      if (!plainRead) return super.ensureConnection(cb, params);
      if (!reader) {
        const Driver = (this.client as unknown as { driver: Driver }).driver;
        reader = new Driver(filename, { readonly: true, fileMustExist: true });
        reader.pragma('busy_timeout = 5000');
      }
      this.connection = reader;
      return cb(this, params);
    }
  }

  return class SqliteClient extends BetterSqlite3Client {
    async _query(connection: unknown, query: unknown): Promise<unknown> {
      await giveWay();
      return runQuery.call(this, connection, query);
    }

    override runner(builder: unknown) {
      return new ReadingRunner(this, builder) as unknown as ReturnType<Knex.Client['runner']>;
    }

    override async destroy(callback?: (error?: unknown) => void) {
      reader?.close();
      reader = null;
      return super.destroy(callback);
    }
  };
}
