import type { Knex } from 'knex';
import { createTable, dropTable } from '../schema-helpers';

// LTL quote requests (offered on request): the pallets as given with their computed densities and
// classes, and the operator's quote once given (amount DECIMAL, so it stays exact).
export async function up(knex: Knex): Promise<void> {
  await createTable(knex, 'ltl_quote_requests', (t) => {
    t.string('id', 40).primary(); // ltl_…
    t.string('account_id', 40).notNullable().references('id').inTable('accounts');
    t.boolean('livemode').notNullable();
    t.string('status', 16).notNullable(); // requested, quoted, accepted, expired
    t.string('reference', 100).nullable();
    t.string('origin_postal_code', 10).notNullable();
    t.string('destination_postal_code', 10).notNullable();
    t.string('ready_date', 10).notNullable();
    t.text('pallets').notNullable(); // JSON
    t.text('accessorials').notNullable(); // JSON
    t.decimal('total_weight_lb', 12, 2).notNullable();
    t.decimal('total_volume_ft3', 12, 2).notNullable();
    t.string('quote_carrier_scac', 4).nullable();
    t.string('quote_carrier_name', 100).nullable();
    t.decimal('quote_amount', 14, 2).nullable();
    t.string('quote_currency', 3).nullable();
    t.integer('quote_transit_days').nullable();
    t.bigInteger('quote_valid_until').nullable();
    t.bigInteger('quoted_at').nullable();
    t.bigInteger('accepted_at').nullable();
    t.bigInteger('expired_at').nullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.index(['account_id', 'livemode', 'created_at', 'id'], 'ltl_quote_requests_account_page');
  });
}

export async function down(knex: Knex): Promise<void> {
  await dropTable(knex, 'ltl_quote_requests');
}
