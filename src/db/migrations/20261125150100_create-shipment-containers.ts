import type { Knex } from 'knex';
import { createTable, dropTable } from '../schema-helpers';

// A shipment's containers, in its order, with the tracking subscription that follows each once the
// shipment is booked. A table rather than JSON so shipments can be found by container number.
export async function up(knex: Knex): Promise<void> {
  await createTable(knex, 'shipment_containers', (t) => {
    t.string('shipment_id', 40).notNullable().references('id').inTable('shipments').onDelete('CASCADE');
    t.integer('position').notNullable();
    t.string('container_number', 11).notNullable(); // ISO 6346, normalised
    t.string('subscription_id', 40).nullable(); // trk_…, set when tracking starts
    t.primary(['shipment_id', 'position']);
    t.unique(['shipment_id', 'container_number'], { indexName: 'shipment_containers_number' });
    t.index(['container_number'], 'shipment_containers_by_number');
  });
}

export async function down(knex: Knex): Promise<void> {
  await dropTable(knex, 'shipment_containers');
}
