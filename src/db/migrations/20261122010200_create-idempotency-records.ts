import type { Knex } from 'knex';
import { createTable, dropTable } from '../schema-helpers';

// The first response to a POST with an Idempotency-Key, replayed for 24 hours.
export async function up(knex: Knex): Promise<void> {
  await createTable(knex, 'idempotency_records', (t) => {
    t.string('owner', 120).notNullable(); // account and mode, or client IP
    t.string('idempotency_key', 255).notNullable();
    t.string('request_hash', 64).notNullable();
    t.string('state', 16).notNullable(); // in_progress | completed
    t.integer('response_status').nullable();
    t.text('response_headers').nullable(); // JSON
    t.text('response_body', 'mediumtext').nullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('expires_at').notNullable();
    t.primary(['owner', 'idempotency_key']);
    t.index(['expires_at'], 'idempotency_records_expiry');
  });
}

export async function down(knex: Knex): Promise<void> {
  await dropTable(knex, 'idempotency_records');
}
