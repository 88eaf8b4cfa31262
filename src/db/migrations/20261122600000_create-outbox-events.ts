import type { Knex } from 'knex';
import { createTable, dropTable } from '../schema-helpers';

// Events for webhook delivery, written in the same transaction as the change they announce
// (transactional outbox). Any capability may append; the webhook worker marks them delivered.
// Times are BIGINT epoch milliseconds, as in agenda_jobs.
export async function up(knex: Knex): Promise<void> {
  await createTable(knex, 'outbox_events', (t) => {
    t.string('id', 40).primary(); // evt_<time-ordered>
    t.string('type', 100).notNullable(); // resource.verb, e.g. container.eta_changed
    t.string('account_id', 40).nullable(); // whose webhooks receive it; null for platform-wide events
    t.boolean('livemode').notNullable();
    t.string('subject_type', 40).nullable();
    t.string('subject_id', 40).nullable();
    t.text('data').notNullable(); // JSON: the resource as the API returns it, plus a changeset where useful
    t.bigInteger('created_at').notNullable();
    t.bigInteger('delivered_at').nullable();
    t.index(['delivered_at', 'created_at'], 'outbox_events_pending');
    t.index(['account_id', 'created_at'], 'outbox_events_account');
    t.index(['subject_type', 'subject_id'], 'outbox_events_subject');
  });
}

export async function down(knex: Knex): Promise<void> {
  await dropTable(knex, 'outbox_events');
}
