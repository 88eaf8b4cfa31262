import type { Knex } from 'knex';

// Scope for outbox events: live or test mode (test-mode events go only to test webhooks) and the
// resource an event is about (container cnt_…), so deliveries and replays can be found per resource.
// Existing rows are platform events (tariff.changed): live, no subject.
export async function up(knex: Knex): Promise<void> {
  if (!(await knex.schema.hasColumn('outbox_events', 'livemode'))) {
    await knex.schema.alterTable('outbox_events', (t) => {
      t.boolean('livemode').notNullable().defaultTo(true);
      t.string('subject_type', 40).nullable();
      t.string('subject_id', 40).nullable();
      t.index(['subject_type', 'subject_id'], 'outbox_events_subject');
    });
  }
}

export async function down(knex: Knex): Promise<void> {
  if (await knex.schema.hasColumn('outbox_events', 'livemode')) {
    await knex.schema.alterTable('outbox_events', (t) => {
      t.dropIndex(['subject_type', 'subject_id'], 'outbox_events_subject');
    });
    await knex.schema.alterTable('outbox_events', (t) => {
      t.dropColumn('subject_id');
      t.dropColumn('subject_type');
      t.dropColumn('livemode');
    });
  }
}
