import type { Knex } from 'knex';
import { createTable, dropTable } from '../schema-helpers';

// The account's ocean shipments (read through GET /api/shipments).
export async function up(knex: Knex): Promise<void> {
  await createTable(knex, 'shipments', (t) => {
    t.string('id', 40).primary(); // shp_…
    t.string('account_id', 40).notNullable().references('id').inTable('accounts');
    t.string('reference', 100).nullable();
    t.string('status', 32).notNullable();
    t.string('origin_locode', 5).nullable();
    t.string('destination_locode', 5).nullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.index(['account_id', 'created_at', 'id'], 'shipments_account_page');
  });
}

export async function down(knex: Knex): Promise<void> {
  await dropTable(knex, 'shipments');
}
