import type { Knex } from 'knex';
import { createTable, dropTable } from '../schema-helpers';

// Webhooks: the endpoints an account registers, one delivery per (event, endpoint) that is both the
// delivery queue (a worker leases a due row by compare-and-set on lease_token/leased_until) and its
// state, and one row per HTTP attempt (the delivery log). Times are BIGINT epoch milliseconds.
export async function up(knex: Knex): Promise<void> {
  await createTable(knex, 'webhook_endpoints', (t) => {
    t.string('id', 40).primary(); // we_…
    t.string('account_id', 64).notNullable();
    t.boolean('livemode').notNullable();
    t.string('url', 2048).notNullable();
    t.string('description', 500).nullable();
    t.text('event_types').notNullable(); // JSON array of types or patterns (`*`, `container.*`)
    t.string('status', 16).notNullable(); // enabled | disabled
    t.string('disabled_reason', 32).nullable();
    // The signing secret must be readable to sign with, so it cannot be stored as a hash.
    t.string('secret', 100).notNullable();
    t.string('previous_secret', 100).nullable();
    t.bigInteger('previous_secret_expires_at').nullable();
    t.bigInteger('failing_since').nullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.index(['account_id', 'livemode', 'created_at'], 'webhook_endpoints_account');
  });
  await createTable(knex, 'webhook_deliveries', (t) => {
    t.string('id', 40).primary(); // whd_…
    t.string('event_id', 40).notNullable();
    t.string('endpoint_id', 40).notNullable();
    t.string('status', 16).notNullable(); // pending | delivered | failed
    t.integer('attempt_count').notNullable().defaultTo(0);
    t.bigInteger('next_attempt_at').nullable();
    t.string('lease_token', 40).nullable();
    t.bigInteger('leased_until').nullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('finished_at').nullable();
    t.index(['status', 'next_attempt_at'], 'webhook_deliveries_due');
    t.index(['endpoint_id', 'created_at'], 'webhook_deliveries_endpoint');
    t.index(['event_id'], 'webhook_deliveries_event');
    t.index(['lease_token'], 'webhook_deliveries_lease');
  });
  await createTable(knex, 'webhook_delivery_attempts', (t) => {
    t.string('id', 40).primary(); // wha_…
    t.string('delivery_id', 40).notNullable();
    t.string('endpoint_id', 40).notNullable();
    t.string('event_id', 40).notNullable();
    t.string('event_type', 64).notNullable();
    t.integer('attempt').notNullable();
    t.bigInteger('started_at').notNullable();
    t.integer('duration_ms').notNullable();
    t.integer('status_code').nullable();
    t.string('error', 500).nullable();
    t.text('response_body').nullable(); // the first 2 KB
    t.index(['endpoint_id', 'started_at'], 'webhook_delivery_attempts_endpoint');
    t.index(['delivery_id'], 'webhook_delivery_attempts_delivery');
  });
}

export async function down(knex: Knex): Promise<void> {
  await dropTable(knex, 'webhook_delivery_attempts');
  await dropTable(knex, 'webhook_deliveries');
  await dropTable(knex, 'webhook_endpoints');
}
