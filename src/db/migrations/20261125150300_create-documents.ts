import type { Knex } from 'knex';
import { createTable, dropTable } from '../schema-helpers';

// Uploaded documents: the record of each file kept in the document storage (local disk or S3),
// with the content type detected from its bytes and its SHA-256.
export async function up(knex: Knex): Promise<void> {
  await createTable(knex, 'documents', (t) => {
    t.string('id', 40).primary(); // doc_…
    t.string('account_id', 40).notNullable().references('id').inTable('accounts');
    t.boolean('livemode').notNullable();
    t.string('type', 32).notNullable();
    t.string('shipment_id', 40).nullable();
    t.string('filename', 200).notNullable();
    t.string('content_type', 100).notNullable();
    t.bigInteger('size_bytes').notNullable();
    t.string('sha256', 64).notNullable();
    t.string('storage_key', 200).notNullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.index(['account_id', 'livemode', 'created_at', 'id'], 'documents_account_page');
    t.index(['shipment_id'], 'documents_shipment');
  });
}

export async function down(knex: Knex): Promise<void> {
  await dropTable(knex, 'documents');
}
