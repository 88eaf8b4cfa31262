import type { Knex } from 'knex';
import { createTable, dropTable } from '../schema-helpers';

// Calculations an account asked to keep (`"store": true`), per mode, for reading back, PDF reports
// and exports. The request and the whole result are kept as the engine answered them (JSON): a
// stored calculation never changes when the rules or the schedule do.
export async function up(knex: Knex): Promise<void> {
  await createTable(knex, 'tariff_calculations', (t) => {
    t.string('id', 32).primary(); // calc_…
    t.string('account_id', 64).notNullable();
    t.boolean('livemode').notNullable();
    t.text('request').notNullable();
    t.text('result', 'mediumtext').notNullable(); // tens of kB with every citation; TEXT holds 64 kB on MySQL
    t.bigInteger('created_at').notNullable();
    t.index(['account_id', 'livemode', 'created_at', 'id'], 'tariff_calculations_account');
  });
}

export async function down(knex: Knex): Promise<void> {
  await dropTable(knex, 'tariff_calculations');
}
