import type { Knex } from 'knex';
import { createTable, dropTable } from '../schema-helpers';

// The web application's people: a password and its verified email per account, the signed-in
// sessions (a cookie's SHA-256, never the cookie itself) and the single-use links sent by email.
export async function up(knex: Knex): Promise<void> {
  await createTable(knex, 'web_logins', (t) => {
    t.string('account_id', 40).primary().references('id').inTable('accounts');
    t.string('password_hash', 200).notNullable(); // argon2id PHC string
    t.bigInteger('email_verified_at').nullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
  });
  await createTable(knex, 'web_sessions', (t) => {
    t.string('id_hash', 64).primary(); // SHA-256 hex of the cookie value
    t.string('account_id', 40).notNullable().references('id').inTable('accounts');
    t.string('csrf_token', 64).notNullable();
    t.string('mode', 8).notNullable(); // the test/live toggle
    t.bigInteger('created_at').notNullable();
    t.bigInteger('expires_at').notNullable();
    t.index(['account_id'], 'web_sessions_account');
    t.index(['expires_at'], 'web_sessions_expires');
  });
  await createTable(knex, 'web_email_links', (t) => {
    t.string('token_hash', 64).primary(); // SHA-256 hex of the link's token
    t.string('account_id', 40).notNullable().references('id').inTable('accounts');
    t.string('purpose', 16).notNullable(); // verify | reset
    t.bigInteger('created_at').notNullable();
    t.bigInteger('expires_at').notNullable();
    t.bigInteger('used_at').nullable();
    t.index(['account_id', 'purpose'], 'web_email_links_account');
  });
}

export async function down(knex: Knex): Promise<void> {
  await dropTable(knex, 'web_email_links');
  await dropTable(knex, 'web_sessions');
  await dropTable(knex, 'web_logins');
}
