import type { Knex } from 'knex';
import { createTable, dropTable } from '../schema-helpers';

// Daily usage per subject (an account and mode, or a client IP) and bucket. One row per UTC day;
// the primary key is what the conditional upsert races on.
export async function up(knex: Knex): Promise<void> {
  await createTable(knex, 'quota_counters', (t) => {
    t.string('subject', 120).notNullable();
    t.string('bucket', 40).notNullable();
    t.string('window_start', 10).notNullable(); // YYYY-MM-DD (UTC)
    t.integer('used').notNullable();
    t.primary(['subject', 'bucket', 'window_start']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await dropTable(knex, 'quota_counters');
}
