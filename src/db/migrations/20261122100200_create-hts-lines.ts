import type { Knex } from 'knex';
import { createTable, dropTable } from '../schema-helpers';

// Every row of every release, in the schedule's order. Rate texts are stored raw (unparsed).
export async function up(knex: Knex): Promise<void> {
  await createTable(knex, 'hts_lines', (t) => {
    t.string('release_id', 32).notNullable().references('id').inTable('hts_releases');
    t.integer('position').notNullable(); // the sort key: row order within the release
    t.string('code', 10).nullable(); // digits; null for unnumbered grouping rows
    t.string('dotted_code', 13).nullable(); // 6109.10.0012
    t.string('statistical_suffix', 2).nullable();
    t.integer('indent').notNullable();
    t.text('description').notNullable();
    t.text('description_path').notNullable();
    t.string('units', 255).notNullable(); // JSON array
    t.text('general_raw').nullable();
    t.text('special_raw').nullable();
    t.text('other_raw').nullable(); // column 2
    t.text('footnotes').notNullable(); // JSON array
    t.string('quota_quantity', 255).nullable();
    t.text('additional_duties').nullable();
    t.string('rate_line_code', 10).nullable(); // ancestor whose rates an unrated line inherits
    t.primary(['release_id', 'position']);
    t.unique(['release_id', 'code'], { indexName: 'hts_lines_release_code' });
    t.index(['code'], 'hts_lines_code');
  });
}

export async function down(knex: Knex): Promise<void> {
  await dropTable(knex, 'hts_lines');
}
