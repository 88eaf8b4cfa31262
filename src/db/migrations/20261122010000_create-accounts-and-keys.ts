import type { Knex } from 'knex';
import { createTable, dropTable } from '../schema-helpers';

// Accounts and their credentials. Secrets are stored only as SHA-256 hex; times are BIGINT epoch ms.
export async function up(knex: Knex): Promise<void> {
  await createTable(knex, 'accounts', (t) => {
    t.string('id', 40).primary(); // acct_…
    t.string('email', 254).notNullable().unique();
    t.string('plan', 32).notNullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
  });
  await createTable(knex, 'api_keys', (t) => {
    t.string('id', 40).primary(); // key_…
    t.string('account_id', 40).notNullable().references('id').inTable('accounts');
    t.string('mode', 8).notNullable(); // live | test
    t.string('name', 100).nullable();
    t.string('key_hash', 64).notNullable().unique();
    t.string('prefix', 16).notNullable(); // tl_live_ / tl_test_: what the list shows of the key
    t.string('last4', 4).notNullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('last_used_at').nullable();
    t.bigInteger('expires_at').nullable(); // set when rotated: the grace period's end
    t.bigInteger('revoked_at').nullable();
    t.string('replaced_by', 40).nullable();
    t.index(['account_id', 'created_at'], 'api_keys_account');
  });
  await createTable(knex, 'oauth_clients', (t) => {
    t.string('id', 40).primary(); // the client id, tlc_…
    t.string('account_id', 40).notNullable().references('id').inTable('accounts');
    t.string('name', 100).nullable();
    t.string('secret_hash', 64).notNullable();
    t.string('scopes', 500).notNullable(); // space-separated, as OAuth writes them
    t.bigInteger('created_at').notNullable();
    t.bigInteger('revoked_at').nullable();
    t.index(['account_id', 'created_at'], 'oauth_clients_account');
  });
  await createTable(knex, 'oauth_tokens', (t) => {
    t.string('token_hash', 64).primary();
    t.string('client_id', 40).notNullable().references('id').inTable('oauth_clients');
    t.string('account_id', 40).notNullable().references('id').inTable('accounts');
    t.string('mode', 8).notNullable();
    t.string('scopes', 500).notNullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('expires_at').notNullable();
    t.index(['client_id'], 'oauth_tokens_client');
  });
  await createTable(knex, 'plan_changes', (t) => {
    t.string('id', 40).primary(); // pch_…
    t.string('account_id', 40).notNullable().references('id').inTable('accounts');
    t.string('from_plan', 32).notNullable();
    t.string('to_plan', 32).notNullable();
    t.string('changed_by', 200).notNullable();
    t.string('reason', 500).nullable();
    t.bigInteger('changed_at').notNullable();
    t.index(['account_id', 'changed_at'], 'plan_changes_account');
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['plan_changes', 'oauth_tokens', 'oauth_clients', 'api_keys', 'accounts'])
    await dropTable(knex, table);
}
