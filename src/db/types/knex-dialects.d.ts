/** knex's better-sqlite3 dialect class: knex ships no types for its dialect modules. */
declare module 'knex/lib/dialects/better-sqlite3' {
  import type { Knex } from 'knex';
  const BetterSqlite3Client: typeof Knex.Client;
  export default BetterSqlite3Client;
}

/** knex's query runner: the SQLite client picks a query's connection by overriding ensureConnection. */
declare module 'knex/lib/execution/runner' {
  import type { Knex } from 'knex';
  class Runner {
    constructor(client: Knex.Client, builder: unknown);
    client: Knex.Client & { transacting?: boolean };
    builder: { _method?: string; _connection?: unknown; _single?: { lock?: unknown } } | undefined;
    connection: unknown;
    ensureConnection(cb: (runner: Runner, params: unknown) => Promise<unknown>, params: unknown): Promise<unknown>;
  }
  export default Runner;
}
