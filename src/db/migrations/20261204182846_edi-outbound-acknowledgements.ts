import type { Knex } from 'knex';

// Interchanges we send (issue 36) are acknowledged by the partner: a 997's AK1 names our GS06, so
// the group control number is kept to find the interchange it answers; the overdue job reads the
// interchanges still awaiting an acknowledgement by status and age.
const table = 'edi_interchanges';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable(table, (t) => {
    t.string('group_control_number', 9).nullable(); // GS06 of an X12 interchange we sent
    t.index(['partner_id', 'direction', 'group_control_number'], 'edi_interchanges_group');
    t.index(['status', 'created_at'], 'edi_interchanges_status_age');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable(table, (t) => {
    t.dropIndex(['status', 'created_at'], 'edi_interchanges_status_age');
    t.dropIndex(['partner_id', 'direction', 'group_control_number'], 'edi_interchanges_group');
    t.dropColumn('group_control_number');
  });
}
