import type { Knex } from 'knex';

// A subscription may name the account's own shipment whose container it tracks (a business plan
// covers those). No foreign key: the link is checked against the account when the subscription is made.
const table = 'tracking_subscriptions';
const column = 'shipment_id';

export async function up(knex: Knex): Promise<void> {
  if (await knex.schema.hasColumn(table, column)) return;
  await knex.schema.alterTable(table, (t) => {
    t.string(column, 40).nullable(); // shp_…
  });
}

export async function down(knex: Knex): Promise<void> {
  if (!(await knex.schema.hasColumn(table, column))) return;
  await knex.schema.alterTable(table, (t) => {
    t.dropColumn(column);
  });
}
