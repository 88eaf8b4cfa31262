import type { Knex } from 'knex';
import { createTable, dropTable } from '../schema-helpers';

// The account's API request log (Developers → Requests): one row per authenticated API request,
// written in batches off the request path and kept 30 days. The key's id is stored, never its
// secret, and the path without its query string.
export async function up(knex: Knex): Promise<void> {
  await createTable(knex, 'request_logs', (t) => {
    t.string('id', 40).primary();
    t.string('account_id', 40).notNullable();
    t.boolean('livemode').notNullable();
    t.string('key_id', 40).nullable(); // the API key's id, or the OAuth client's for an access token
    t.string('host', 8).notNullable();
    t.string('method', 8).notNullable();
    t.string('path', 255).notNullable();
    t.integer('status').notNullable();
    t.integer('latency_ms').notNullable();
    t.string('request_id', 128).notNullable();
    t.bigInteger('created_at').notNullable();
    t.index(['account_id', 'livemode', 'created_at', 'id'], 'request_logs_account_time');
    t.index(['account_id', 'livemode', 'status', 'created_at'], 'request_logs_account_status');
    t.index(['account_id', 'livemode', 'path', 'created_at'], 'request_logs_account_path');
    t.index(['account_id', 'livemode', 'request_id'], 'request_logs_request_id');
    t.index(['created_at'], 'request_logs_created');
  });
}

export async function down(knex: Knex): Promise<void> {
  await dropTable(knex, 'request_logs');
}
