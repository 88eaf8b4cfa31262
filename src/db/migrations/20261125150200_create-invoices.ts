import type { Knex } from 'knex';
import { createTable, dropTable } from '../schema-helpers';

// Freight invoices of the account API. Lines are a JSON document of decimal strings; the totals are
// DECIMAL columns too, so sums can be queried exactly. The number is given at finalization, once,
// from the account's own sequence (one per mode), and is unique within it.
export async function up(knex: Knex): Promise<void> {
  await createTable(knex, 'invoices', (t) => {
    t.string('id', 40).primary(); // inv_…
    t.string('account_id', 40).notNullable().references('id').inTable('accounts');
    t.boolean('livemode').notNullable();
    t.string('number', 20).nullable(); // INV-000001, at finalization
    t.string('status', 16).notNullable(); // draft, open, paid, void
    t.string('shipment_id', 40).nullable();
    t.string('currency', 3).notNullable();
    t.text('bill_to').nullable(); // JSON party
    t.string('due_date', 10).nullable();
    t.text('memo').nullable();
    t.text('lines', 'mediumtext').notNullable(); // JSON
    t.decimal('subtotal', 19, 4).notNullable();
    t.decimal('tax', 19, 4).notNullable();
    t.decimal('total', 19, 4).notNullable();
    t.string('payment_reference', 100).nullable();
    t.text('metadata').notNullable(); // JSON
    t.bigInteger('finalized_at').nullable();
    t.bigInteger('paid_at').nullable();
    t.bigInteger('voided_at').nullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.index(['account_id', 'livemode', 'created_at', 'id'], 'invoices_account_page');
    t.index(['shipment_id'], 'invoices_shipment');
    t.unique(['account_id', 'livemode', 'number'], { indexName: 'invoices_account_number' });
  });
  await createTable(knex, 'invoice_sequences', (t) => {
    t.string('account_id', 40).notNullable();
    t.boolean('livemode').notNullable();
    t.integer('last_number').notNullable();
    t.primary(['account_id', 'livemode']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await dropTable(knex, 'invoice_sequences');
  await dropTable(knex, 'invoices');
}
