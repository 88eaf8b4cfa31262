import type { Knex } from 'knex';
import { createTable, dropTable } from '../schema-helpers';

// What changed from one release to the next: one change set per imported release that has a
// predecessor, with one row per changed line.
export async function up(knex: Knex): Promise<void> {
  await createTable(knex, 'hts_change_sets', (t) => {
    t.string('id', 32).primary(); // hcs_…
    t.string('release_id', 32).notNullable().unique().references('id').inTable('hts_releases');
    t.string('previous_release_id', 32).notNullable().references('id').inTable('hts_releases');
    t.integer('added_count').notNullable();
    t.integer('removed_count').notNullable();
    t.integer('rate_changed_count').notNullable();
    t.integer('description_changed_count').notNullable();
    t.bigInteger('created_at').notNullable();
    t.index(['created_at', 'id'], 'hts_change_sets_created');
  });
  await createTable(knex, 'hts_changes', (t) => {
    t.string('change_set_id', 32).notNullable().references('id').inTable('hts_change_sets');
    t.integer('seq').notNullable();
    t.string('kind', 24).notNullable(); // added | removed | rate_changed | description_changed
    t.string('code', 10).notNullable();
    t.text('before_data').nullable(); // JSON
    t.text('after_data').nullable(); // JSON
    t.primary(['change_set_id', 'seq']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await dropTable(knex, 'hts_changes');
  await dropTable(knex, 'hts_change_sets');
}
