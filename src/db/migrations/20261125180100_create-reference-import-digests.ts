import type { Knex } from 'knex';
import { createTable, dropTable } from '../schema-helpers';

// The digest of the inputs of a dataset's last complete import (files and importer code), so a
// restart with nothing changed skips re-reading them.
export async function up(knex: Knex): Promise<void> {
  await createTable(knex, 'reference_import_digests', (t) => {
    t.string('dataset', 40).primary(); // e.g. parcel
    t.string('digest', 64).notNullable(); // SHA-256 hex
    t.bigInteger('imported_at').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await dropTable(knex, 'reference_import_digests');
}
