import type { Knex } from 'knex';
import { createTable, dropTable } from '../schema-helpers';

// Per-account credits (tracking today; credit_type leaves room for other metered products).
// The balance row is the one updated under lock; the ledger is append-only and explains it.
export async function up(knex: Knex): Promise<void> {
  await createTable(knex, 'credit_balances', (t) => {
    t.string('account_id', 40).notNullable();
    t.string('credit_type', 20).notNullable();
    t.decimal('balance', 14, 2).notNullable();
    t.bigInteger('updated_at').notNullable();
    t.primary(['account_id', 'credit_type']);
  });

  await createTable(knex, 'credit_ledger_entries', (t) => {
    t.string('id', 40).primary(); // crl_
    t.string('account_id', 40).notNullable();
    t.string('credit_type', 20).notNullable();
    t.string('kind', 20).notNullable(); // grant | purchase | consume | refund
    t.decimal('credits', 14, 2).notNullable(); // signed: consumption is negative
    t.decimal('balance_after', 14, 2).notNullable();
    t.decimal('unit_price', 12, 4).nullable();
    t.decimal('amount', 14, 2).nullable();
    t.string('currency', 3).nullable();
    t.string('subject_id', 40).nullable(); // e.g. the tracking subscription a credit paid for
    t.string('reason', 200).nullable();
    t.string('actor', 100).nullable(); // who granted: an admin user, the billing system
    t.bigInteger('created_at').notNullable();
    t.index(['account_id', 'credit_type', 'created_at'], 'credit_ledger_account');
    t.index(['account_id', 'credit_type', 'kind', 'created_at'], 'credit_ledger_account_kind');
  });
}

export async function down(knex: Knex): Promise<void> {
  await dropTable(knex, 'credit_ledger_entries');
  await dropTable(knex, 'credit_balances');
}
