import type { Knex } from 'knex';
import { createTable, dropTable } from '../schema-helpers';

// EDI trading partners of the account API (issue 36). A partner is found by its interchange id on
// each interchange it sends, so that id is unique per account, mode and standard. The control-number
// counters are ours, bumped in the transaction that sends an interchange.
export async function up(knex: Knex): Promise<void> {
  await createTable(knex, 'edi_partners', (t) => {
    t.string('id', 40).primary(); // edp_…
    t.string('account_id', 40).notNullable().references('id').inTable('accounts');
    t.boolean('livemode').notNullable();
    t.string('name', 100).notNullable();
    t.string('standard', 8).notNullable(); // x12, edifact
    t.string('version', 8).notNullable(); // 004010, 005010, D.99B, D.01B
    t.string('their_qualifier', 4).notNullable();
    t.string('their_interchange_id', 35).notNullable();
    t.string('our_qualifier', 4).notNullable();
    t.string('our_interchange_id', 35).notNullable();
    t.string('their_application_code', 15).nullable();
    t.string('our_application_code', 15).nullable();
    t.string('usage_indicator', 1).notNullable(); // T, P
    t.text('inbound_documents').notNullable(); // JSON
    t.text('outbound_documents').notNullable(); // JSON
    t.text('acknowledgements').notNullable(); // JSON
    t.bigInteger('last_interchange_number').notNullable();
    t.bigInteger('last_group_number').notNullable();
    t.bigInteger('last_set_number').notNullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.index(['account_id', 'livemode', 'created_at', 'id'], 'edi_partners_account_page');
    t.unique(['account_id', 'livemode', 'standard', 'their_qualifier', 'their_interchange_id'], {
      indexName: 'edi_partners_their_id',
    });
  });
}

export async function down(knex: Knex): Promise<void> {
  await dropTable(knex, 'edi_partners');
}
