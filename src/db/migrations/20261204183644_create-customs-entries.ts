import type { Knex } from 'knex';
import { createTable, dropTable } from '../schema-helpers';

// Customs entries of the account API, with their lines as a JSON document of decimal strings. Each
// pricing is a row of its own, numbered per entry, so pricing again keeps the earlier versions.
export async function up(knex: Knex): Promise<void> {
  await createTable(knex, 'customs_entries', (t) => {
    t.string('id', 40).primary(); // ent_…
    t.string('account_id', 40).notNullable().references('id').inTable('accounts');
    t.boolean('livemode').notNullable();
    t.string('entry_type', 2).notNullable(); // 01, 11
    t.string('port_code', 4).notNullable();
    t.string('entry_date', 10).notNullable();
    t.string('importation_date', 10).notNullable();
    t.string('mode', 16).notNullable();
    t.text('importer').nullable(); // JSON party
    t.string('shipment_id', 40).nullable();
    t.text('lines', 'mediumtext').notNullable(); // JSON
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.index(['account_id', 'livemode', 'created_at', 'id'], 'customs_entries_account_page');
    t.index(['shipment_id'], 'customs_entries_shipment');
  });
  await createTable(knex, 'customs_entry_pricings', (t) => {
    t.string('entry_id', 40).notNullable().references('id').inTable('customs_entries');
    t.integer('version').notNullable();
    t.bigInteger('priced_at').notNullable();
    t.decimal('total', 19, 4).nullable(); // duty and fees; null while unresolved
    t.text('pricing', 'mediumtext').notNullable(); // JSON
    t.primary(['entry_id', 'version']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await dropTable(knex, 'customs_entry_pricings');
  await dropTable(knex, 'customs_entries');
}
