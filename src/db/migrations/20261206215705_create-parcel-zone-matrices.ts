import type { Knex } from 'knex';
import { createTable, dropTable } from '../schema-helpers';

// National zone charts (USPS matrix, UPS and FedEx charts for every origin), versioned by effective
// date like the other parcel reference data. One row per origin ZIP3 range and service scope holds
// the zones of all 1,000 destination ZIP3s as one string: about 7,600 rows instead of a million
// range rows, so an import and a test database copy stay fast and small.
export async function up(knex: Knex): Promise<void> {
  await createTable(knex, 'parcel_zone_matrices', (t) => {
    t.string('id', 160).primary();
    t.string('carrier', 16).notNullable();
    t.string('effective_from', 10).notNullable();
    t.string('source_title', 255).notNullable();
    t.text('source_reference').notNullable();
    t.string('source_file', 255).notNullable();
    t.string('checksum', 64).notNullable();
    t.bigInteger('imported_at').notNullable();
    t.text('legend').notNullable(); // JSON: cell character → zone
    t.text('exceptions', 'mediumtext').notNullable(); // ZIP5 ranges every origin shares, encoded as in the rows
    t.unique(['carrier', 'effective_from'], { indexName: 'parcel_zone_matrices_version' });
  });
  await createTable(knex, 'parcel_zone_matrix_rows', (t) => {
    t.string('matrix_id', 160).notNullable().references('id').inTable('parcel_zone_matrices').onDelete('CASCADE');
    t.integer('position').notNullable();
    t.string('origin_from', 3).notNullable();
    t.string('origin_to', 3).notNullable();
    t.string('scope', 32).nullable();
    t.text('cells').notNullable(); // one character per destination ZIP3 000–999, runs as c{n}
    t.text('flags').nullable();
    t.text('exceptions').notNullable(); // "99501-99524=44;…", empty when none
    t.primary(['matrix_id', 'position']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await dropTable(knex, 'parcel_zone_matrix_rows');
  await dropTable(knex, 'parcel_zone_matrices');
}
