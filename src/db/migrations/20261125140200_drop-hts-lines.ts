import type { Knex } from 'knex';
import { createTable, dropTable } from '../schema-helpers';

// hts_lines is replaced by hts_line_versions (20261125140000); down restores its frozen definition.
export async function up(knex: Knex): Promise<void> {
  await dropTable(knex, 'hts_lines');
}

export async function down(knex: Knex): Promise<void> {
  await createTable(knex, 'hts_lines', (t) => {
    t.string('release_id', 32).notNullable().references('id').inTable('hts_releases');
    t.integer('position').notNullable();
    t.string('code', 10).nullable();
    t.string('dotted_code', 13).nullable();
    t.string('statistical_suffix', 2).nullable();
    t.integer('indent').notNullable();
    t.text('description').notNullable();
    t.text('description_path').notNullable();
    t.string('units', 255).notNullable();
    t.text('general_raw').nullable();
    t.text('special_raw').nullable();
    t.text('other_raw').nullable();
    t.text('footnotes').notNullable();
    t.string('quota_quantity', 255).nullable();
    t.text('additional_duties').nullable();
    t.string('rate_line_code', 10).nullable();
    t.primary(['release_id', 'position']);
    t.unique(['release_id', 'code'], { indexName: 'hts_lines_release_code' });
    t.index(['code'], 'hts_lines_code');
  });
}
