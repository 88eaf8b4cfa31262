import type { Knex } from 'knex';

// Documents sent automatically on shipment and invoice events (issue 36): the partner's
// subscription, the outbox event an interchange was sent for (unique per partner, so a replayed
// event never sends twice), and the outbox's own mark of the events the EDI sender has handled,
// beside webhook delivery's `delivered_at`.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('edi_partners', (t) => {
    t.string('auto_send', 64).notNullable().defaultTo('[]'); // JSON: the documents sent on events
  });
  await knex.schema.alterTable('edi_interchanges', (t) => {
    t.string('source_event_id', 40).nullable();
    t.unique(['partner_id', 'source_event_id'], { indexName: 'edi_interchanges_source_event' });
  });
  await knex.schema.alterTable('outbox_events', (t) => {
    t.bigInteger('edi_handled_at').nullable();
    t.index(['type', 'edi_handled_at'], 'outbox_events_edi_pending');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('outbox_events', (t) => {
    t.dropIndex(['type', 'edi_handled_at'], 'outbox_events_edi_pending');
    t.dropColumn('edi_handled_at');
  });
  await knex.schema.alterTable('edi_interchanges', (t) => {
    t.dropUnique(['partner_id', 'source_event_id'], 'edi_interchanges_source_event');
    t.dropColumn('source_event_id');
  });
  await knex.schema.alterTable('edi_partners', (t) => {
    t.dropColumn('auto_send');
  });
}
