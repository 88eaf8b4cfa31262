import type { Knex } from 'knex';
import { createTable, dropTable } from '../schema-helpers';

// EDI interchanges received from partners and the acknowledgements sent back (issue 36). An
// interchange control number counts once per partner and direction: `control_key` holds it on every
// interchange that was not rejected (NULL otherwise, so a corrected resend is taken), and its unique
// index is what stops two concurrent repeats from both being applied.
export async function up(knex: Knex): Promise<void> {
  await createTable(knex, 'edi_interchanges', (t) => {
    t.string('id', 40).primary(); // edi_…
    t.string('account_id', 40).notNullable().references('id').inTable('accounts');
    t.boolean('livemode').notNullable();
    t.string('partner_id', 40).notNullable(); // kept when the partner is disconnected
    t.string('direction', 8).notNullable(); // inbound, outbound
    t.string('standard', 8).notNullable(); // x12, edifact
    t.string('control_number', 14).notNullable(); // ISA13, UNB05
    t.string('control_key', 14).nullable();
    t.string('document_types', 200).notNullable(); // JSON array
    t.string('status', 24).notNullable();
    t.text('sets', 'mediumtext').notNullable(); // JSON: per set its status, faults and records
    t.text('errors', 'mediumtext').notNullable(); // JSON: faults of the envelope
    t.text('raw', 'mediumtext').notNullable(); // the text as received or sent (2 MiB at most)
    t.string('acknowledgement_id', 40).nullable();
    t.string('in_reply_to', 40).nullable();
    t.bigInteger('created_at').notNullable();
    t.index(['account_id', 'livemode', 'created_at', 'id'], 'edi_interchanges_account_page');
    t.unique(['partner_id', 'direction', 'control_key'], { indexName: 'edi_interchanges_control' });
  });
}

export async function down(knex: Knex): Promise<void> {
  await dropTable(knex, 'edi_interchanges');
}
