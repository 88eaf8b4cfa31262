import type { Knex } from 'knex';
import { hasIndex } from '../schema-helpers';

// GET /api/tracking/containers/{container} finds an account's container by its number.
const name = 'tracking_containers_number';

export async function up(knex: Knex): Promise<void> {
  if (await hasIndex(knex, 'tracking_containers', name)) return;
  await knex.schema.alterTable('tracking_containers', (t) => {
    t.index(['container_number'], name);
  });
}

export async function down(knex: Knex): Promise<void> {
  if (!(await hasIndex(knex, 'tracking_containers', name))) return;
  await knex.schema.alterTable('tracking_containers', (t) => {
    t.dropIndex(['container_number'], name);
  });
}
