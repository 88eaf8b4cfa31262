import type { Knex } from 'knex';

// An OAuth client takes the mode of the key that created it: a test client's secrets and tokens
// are test ones. Clients made before modes were told apart had live secrets: live.
export async function up(knex: Knex): Promise<void> {
  if (await knex.schema.hasColumn('oauth_clients', 'mode')) return;
  await knex.schema.alterTable('oauth_clients', (t) => {
    t.string('mode', 8).notNullable().defaultTo('live');
  });
}

export async function down(knex: Knex): Promise<void> {
  if (!(await knex.schema.hasColumn('oauth_clients', 'mode'))) return;
  await knex.schema.alterTable('oauth_clients', (t) => {
    t.dropColumn('mode');
  });
}
