import type { Knex } from 'knex';
import { createTable, dropTable } from '../schema-helpers';

// Billing through Stripe (docs/billing.md): the Stripe customer of each account and mode, the
// subscriptions as Stripe's events last described them, the Checkout sessions we opened (credit
// packs carry the price we quoted), and the Stripe events applied, so a retried event is applied once.
export async function up(knex: Knex): Promise<void> {
  await createTable(knex, 'billing_customers', (t) => {
    t.string('account_id', 40).notNullable().references('accounts.id');
    t.boolean('livemode').notNullable();
    t.string('provider_customer_id', 255).notNullable(); // cus_…
    t.bigInteger('created_at').notNullable();
    t.primary(['account_id', 'livemode']);
  });
  await createTable(knex, 'billing_subscriptions', (t) => {
    t.string('id', 255).primary(); // sub_…
    t.string('account_id', 40).notNullable().references('accounts.id');
    t.boolean('livemode').notNullable();
    t.string('product', 32).notNullable(); // tariff_pro | tracking_subscription
    t.string('status', 32).notNullable(); // Stripe's subscription status
    t.bigInteger('current_period_end').nullable();
    t.boolean('cancel_at_period_end').notNullable();
    t.bigInteger('payment_failed_at').nullable();
    t.bigInteger('provider_updated_at').notNullable(); // the newest applied event's time
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.index(['account_id', 'livemode'], 'billing_subscriptions_account');
    t.index(['payment_failed_at'], 'billing_subscriptions_payment_failed');
  });
  await createTable(knex, 'billing_checkouts', (t) => {
    t.string('id', 255).primary(); // cs_…
    t.string('account_id', 40).notNullable().references('accounts.id');
    t.boolean('livemode').notNullable();
    t.string('product', 32).notNullable();
    t.integer('credits').nullable();
    t.decimal('amount', 12, 2).notNullable();
    t.string('currency', 3).notNullable();
    t.text('url').notNullable();
    t.string('status', 16).notNullable(); // open | completed
    t.bigInteger('expires_at').nullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('completed_at').nullable();
    t.index(['account_id', 'livemode', 'product', 'created_at'], 'billing_checkouts_account');
  });
  await createTable(knex, 'billing_provider_events', (t) => {
    t.string('id', 255).primary(); // evt_…
    t.string('type', 100).notNullable();
    t.boolean('livemode').notNullable();
    t.bigInteger('received_at').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['billing_provider_events', 'billing_checkouts', 'billing_subscriptions', 'billing_customers'])
    await dropTable(knex, table);
}
