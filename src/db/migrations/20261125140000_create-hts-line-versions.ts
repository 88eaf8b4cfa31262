import type { Knex } from 'knex';
import { createTable, dropTable } from '../schema-helpers';

/**
 * HTS lines stored once per run of releases in which they are unchanged. A release's sequence is
 * year × 1000 + revision (2026 Rev 4 is 2026004); a version is the line in every imported release
 * whose sequence lies in [valid_from, valid_to]. `row_key` names the row across releases: its code,
 * or for an unnumbered grouping row the code of the numbered row before it with `!n` (n-th
 * grouping row after it). Codes rise through a release, so sorting by row_key is the schedule's order.
 */
export async function up(knex: Knex): Promise<void> {
  await createTable(knex, 'hts_line_versions', (t) => {
    t.increments('id').primary();
    t.string('row_key', 24).notNullable();
    t.integer('valid_from').notNullable();
    t.integer('valid_to').notNullable();
    t.string('code', 10).nullable(); // digits; null for unnumbered grouping rows
    t.string('dotted_code', 13).nullable();
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
    t.string('rate_line_code', 10).nullable();
    t.index(['code', 'valid_from'], 'hts_line_versions_code');
    t.index(['valid_to', 'valid_from'], 'hts_line_versions_range');
  });
}

export async function down(knex: Knex): Promise<void> {
  await dropTable(knex, 'hts_line_versions');
}
