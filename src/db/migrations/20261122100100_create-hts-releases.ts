import type { Knex } from 'knex';
import { createTable, dropTable } from '../schema-helpers';

// One row per USITC revision of the HTS, never overwritten. Legal dates are YYYY-MM-DD strings
// (they compare correctly as text on both dialects); imported_at is epoch milliseconds.
export async function up(knex: Knex): Promise<void> {
  await createTable(knex, 'hts_releases', (t) => {
    t.string('id', 32).primary(); // htsr_2026_rev_4
    t.integer('year').notNullable();
    t.integer('revision').notNullable(); // 0 = basic edition
    t.string('title', 64).notNullable();
    t.string('effective_date', 10).notNullable();
    t.string('effective_date_source', 16).notNullable(); // source | timeline | given | first_seen
    t.string('published_date', 10).nullable();
    t.string('format', 8).notNullable(); // csv | json
    t.string('source', 1000).notNullable(); // URL or file path
    t.string('sha256', 64).notNullable().unique();
    t.integer('row_count').notNullable();
    t.integer('line_count').notNullable();
    t.bigInteger('imported_at').notNullable();
    t.unique(['year', 'revision'], { indexName: 'hts_releases_revision' });
    t.index(['effective_date'], 'hts_releases_effective_date');
  });
}

export async function down(knex: Knex): Promise<void> {
  await dropTable(knex, 'hts_releases');
}
