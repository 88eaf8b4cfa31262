import type { Knex } from 'knex';
import { createTable, dropTable } from '../schema-helpers';

// Seaports by UN/LOCODE, imported from the official formats (UN/LOCODE code list, NGA World Port
// Index, sea-ports JSON) by src/reference/ports. Aliases map other codes for the same port
// (WPI's CNSGH for the carriers' CNSHA) to the code we answer with.
export async function up(knex: Knex): Promise<void> {
  await createTable(knex, 'ports', (t) => {
    t.string('locode', 5).primary();
    t.string('name', 100).notNullable();
    t.string('country_code', 2).notNullable();
    t.string('country_name', 100).nullable();
    t.double('lat').nullable();
    t.double('lon').nullable();
    t.string('coordinates_source', 20).nullable(); // wpi | sea_ports | unlocode
    t.string('timezone', 64).nullable();
    t.integer('wpi_number').nullable();
    t.string('harbor_size', 20).nullable();
    t.string('quality_note', 200).nullable();
    t.bigInteger('imported_at').notNullable();
  });
  await createTable(knex, 'port_aliases', (t) => {
    t.string('alias', 5).primary();
    t.string('locode', 5).notNullable().references('locode').inTable('ports').onDelete('CASCADE');
  });
}

export async function down(knex: Knex): Promise<void> {
  await dropTable(knex, 'port_aliases');
  await dropTable(knex, 'ports');
}
