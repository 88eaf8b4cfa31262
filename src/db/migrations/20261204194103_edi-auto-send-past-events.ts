import type { Knex } from 'knex';

// Events written before partners could subscribe are not sent to a partner subscribing later:
// they count as handled by the EDI sender from the start.
const eventTypes = ['shipment.departed', 'shipment.arrived', 'invoice.finalized'];

export async function up(knex: Knex): Promise<void> {
  await knex('outbox_events')
    .whereIn('type', eventTypes)
    .whereNull('edi_handled_at')
    .update({ edi_handled_at: knex.ref('created_at') });
}

export async function down(): Promise<void> {
  // Nothing to undo: the column goes with the migration before this one.
}
