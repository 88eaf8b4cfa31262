import type { Knex } from 'knex';
import { createTable, dropTable } from '../schema-helpers';

// Transactional outbox: events are written in the same transaction as the change that causes
// them, and webhook delivery consumes them later. Times are BIGINT epoch milliseconds, as in
// agenda_jobs, so comparisons behave the same on SQLite and MySQL.
export async function up(knex: Knex): Promise<void> {
  await createTable(knex, 'outbox_events', (t) => {
    t.string('id', 40).primary(); // evt_…
    t.string('type', 64).notNullable(); // resource.verb, e.g. tariff.changed
    t.bigInteger('created_at').notNullable();
    t.string('account_id', 64).nullable(); // the account the event is for; null for system events
    t.text('data', 'mediumtext').notNullable(); // JSON
    t.bigInteger('delivered_at').nullable();
    t.integer('attempts').notNullable().defaultTo(0);
    t.index(['delivered_at', 'created_at'], 'outbox_events_pending');
    t.index(['account_id', 'created_at'], 'outbox_events_account');
  });
}

export async function down(knex: Knex): Promise<void> {
  await dropTable(knex, 'outbox_events');
}
