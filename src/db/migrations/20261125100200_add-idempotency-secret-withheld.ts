import type { Knex } from 'knex';

// An operation whose answer holds a secret (a key, a client secret) is kept without it: the ids of
// the objects whose secret was left out are noted, so a replay can say what the first request made.
export async function up(knex: Knex): Promise<void> {
  if (await knex.schema.hasColumn('idempotency_records', 'secret_withheld_from')) return;
  await knex.schema.alterTable('idempotency_records', (t) => {
    t.string('secret_withheld_from', 500).nullable(); // space-separated ids
  });
}

export async function down(knex: Knex): Promise<void> {
  if (!(await knex.schema.hasColumn('idempotency_records', 'secret_withheld_from'))) return;
  await knex.schema.alterTable('idempotency_records', (t) => {
    t.dropColumn('secret_withheld_from');
  });
}
