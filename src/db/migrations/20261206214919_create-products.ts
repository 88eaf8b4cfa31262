import type { Knex } from 'knex';
import { createTable, dropTable } from '../schema-helpers';

// The account's product catalogue (what it imports, and how much a year), priced for a tariff change's impact.
// A SKU is unique per account and mode; values are exact decimals (USD).
export async function up(knex: Knex): Promise<void> {
  await createTable(knex, 'products', (t) => {
    t.string('id', 40).primary(); // prd_…
    t.string('account_id', 40).notNullable().references('id').inTable('accounts');
    t.boolean('livemode').notNullable();
    t.string('sku', 64).notNullable();
    t.text('description').nullable();
    t.string('hts_code', 12).notNullable(); // dotted 4.2.4 (or 4.2.2)
    t.string('country_of_origin', 2).notNullable();
    t.decimal('annual_value', 19, 4).nullable(); // USD a year, or entry_value × expected_entries
    t.decimal('entry_value', 19, 4).nullable(); // USD per entry
    t.integer('expected_entries').nullable(); // entries a year
    t.text('claims').notNullable(); // JSON
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.unique(['account_id', 'livemode', 'sku'], { indexName: 'products_account_sku_unique' });
    t.index(['account_id', 'livemode', 'created_at', 'id'], 'products_account_page');
  });
}

export async function down(knex: Knex): Promise<void> {
  await dropTable(knex, 'products');
}
