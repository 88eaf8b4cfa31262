/** knex's better-sqlite3 dialect class: knex ships no types for its dialect modules. */
declare module 'knex/lib/dialects/better-sqlite3' {
  import type { Knex } from 'knex';
  const BetterSqlite3Client: typeof Knex.Client;
  export default BetterSqlite3Client;
}
