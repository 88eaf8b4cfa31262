import type { Knex } from 'knex';
import { createTable, dropTable } from '../schema-helpers';

// An account's watch on HTS prefixes (and origin countries) for tariff.changed events.
export async function up(knex: Knex): Promise<void> {
  await createTable(knex, 'tariff_alerts', (t) => {
    t.string('id', 32).primary(); // alr_…
    t.string('account_id', 64).notNullable();
    t.text('hts_prefixes').notNullable(); // JSON array of digit prefixes
    t.text('countries').notNullable(); // JSON array of ISO 3166-1 alpha-2 codes
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.index(['account_id', 'created_at', 'id'], 'tariff_alerts_account');
  });
}

export async function down(knex: Knex): Promise<void> {
  await dropTable(knex, 'tariff_alerts');
}
