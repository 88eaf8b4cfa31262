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
