import type { Knex } from 'knex';

/**
 * Idempotent building blocks for migrations: each checks the current state first, so a migration
 * interrupted half-way can simply run again. Migrations carry their own frozen table definitions and
 * never import repositories or domain code.
 */
export async function createTable(
  knex: Knex,
  name: string,
  build: (table: Knex.CreateTableBuilder) => void,
): Promise<void> {
  if (await knex.schema.hasTable(name)) return;
  await knex.schema.createTable(name, (table) => {
    build(table);
    if (knex.client.config.client === 'mysql2') {
      table.charset('utf8mb4');
      table.collate('utf8mb4_bin');
    }
  });
}

export async function dropTable(knex: Knex, name: string): Promise<void> {
  await knex.schema.dropTableIfExists(name);
}

/** Whether a table has an index of this name (knex has no such check; MySQL lacks CREATE INDEX IF NOT EXISTS). */
export async function hasIndex(knex: Knex, table: string, indexName: string): Promise<boolean> {
  if (knex.client.config.client === 'mysql2') {
    const [rows] = (await knex.raw('SHOW INDEX FROM ?? WHERE Key_name = ?', [table, indexName])) as [unknown[]];
    return rows.length > 0;
  }
  const rows = (await knex.raw('SELECT 1 FROM sqlite_master WHERE type = ? AND tbl_name = ? AND name = ?', [
    'index',
    table,
    indexName,
  ])) as unknown[];
  return rows.length > 0;
}
