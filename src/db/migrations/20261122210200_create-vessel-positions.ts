import type { Knex } from 'knex';
import { createTable, dropTable } from '../schema-helpers';

// AIS data shared by every subscription: positions by MMSI, and the vessel register built from
// static reports (type 5/24), which joins the carriers' IMO numbers to the AIS MMSI.
export async function up(knex: Knex): Promise<void> {
  await createTable(knex, 'vessel_positions', (t) => {
    t.increments('id').primary();
    t.string('mmsi', 9).notNullable();
    t.double('lat').notNullable();
    t.double('lon').notNullable();
    t.double('sog').nullable();
    t.double('cog').nullable();
    t.integer('heading').nullable();
    t.integer('nav_status').nullable();
    t.bigInteger('position_time').notNullable();
    t.string('source', 40).notNullable();
    t.bigInteger('received_at').notNullable();
    t.unique(['mmsi', 'position_time', 'source'], { indexName: 'vessel_positions_fix' });
  });

  await createTable(knex, 'vessels', (t) => {
    t.string('mmsi', 9).primary();
    t.string('imo', 7).nullable().index('vessels_imo');
    t.string('name', 100).nullable();
    t.string('call_sign', 10).nullable();
    t.integer('ship_type').nullable();
    t.string('destination', 40).nullable();
    t.string('reported_eta', 11).nullable(); // MM-DD HH:mm as transmitted (AIS ETAs have no year)
    t.double('draught').nullable();
    t.string('source', 40).notNullable();
    t.bigInteger('updated_at').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await dropTable(knex, 'vessels');
  await dropTable(knex, 'vessel_positions');
}
