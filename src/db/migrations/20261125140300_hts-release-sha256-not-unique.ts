import type { Knex } from 'knex';
import { hasIndex } from '../schema-helpers';

// USITC republishes a release unchanged under the next revision number (2025 Rev 12 and 13, 18 and
// 19, 21 and 22 are the same bytes): each is a release of its own, so the file hash is no longer unique.
export async function up(knex: Knex): Promise<void> {
  if (await hasIndex(knex, 'hts_releases', 'hts_releases_sha256_unique')) {
    await knex.schema.alterTable('hts_releases', (t) => t.dropUnique(['sha256']));
  }
  if (!(await hasIndex(knex, 'hts_releases', 'hts_releases_sha256'))) {
    await knex.schema.alterTable('hts_releases', (t) => t.index(['sha256'], 'hts_releases_sha256'));
  }
}

export async function down(knex: Knex): Promise<void> {
  if (await hasIndex(knex, 'hts_releases', 'hts_releases_sha256')) {
    await knex.schema.alterTable('hts_releases', (t) => t.dropIndex(['sha256'], 'hts_releases_sha256'));
  }
  if (!(await hasIndex(knex, 'hts_releases', 'hts_releases_sha256_unique'))) {
    await knex.schema.alterTable('hts_releases', (t) => t.unique(['sha256']));
  }
}
