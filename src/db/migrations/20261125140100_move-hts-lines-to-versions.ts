import type { Knex } from 'knex';

/**
 * Moves each imported release's rows from hts_lines into hts_line_versions, one version per row
 * and release (a later import of a neighbouring release extends them). Down writes them back.
 * Frozen copies of the row key rule: this migration imports no application code.
 */
const columns = [
  'code',
  'dotted_code',
  'statistical_suffix',
  'indent',
  'description',
  'description_path',
  'units',
  'general_raw',
  'special_raw',
  'other_raw',
  'footnotes',
  'quota_quantity',
  'additional_duties',
  'rate_line_code',
] as const;
const batch = 200;

type Row = Record<(typeof columns)[number], unknown>;

function sequence(release: { year: number; revision: number }): number {
  return Number(release.year) * 1000 + Number(release.revision);
}

async function releases(knex: Knex): Promise<Array<{ id: string; year: number; revision: number }>> {
  return knex('hts_releases').select('id', 'year', 'revision');
}

export async function up(knex: Knex): Promise<void> {
  if (!(await knex.schema.hasTable('hts_lines'))) return;
  for (const release of await releases(knex)) {
    const seq = sequence(release);
    const [{ count }] = await knex('hts_line_versions').where({ valid_from: seq }).count({ count: '*' });
    if (Number(count) > 0) continue;
    const rows = (await knex('hts_lines')
      .select(columns)
      .where({ release_id: release.id })
      .orderBy('position')) as Row[];
    let previousCode = '';
    let grouping = 0;
    const versions = rows.map((row) => {
      let rowKey: string;
      if (row.code === null) rowKey = `${previousCode}!${++grouping}`;
      else {
        rowKey = String(row.code);
        previousCode = rowKey;
        grouping = 0;
      }
      return { ...row, row_key: rowKey, valid_from: seq, valid_to: seq };
    });
    for (let start = 0; start < versions.length; start += batch) {
      await knex('hts_line_versions').insert(versions.slice(start, start + batch));
    }
  }
}

export async function down(knex: Knex): Promise<void> {
  if (!(await knex.schema.hasTable('hts_lines'))) return;
  for (const release of await releases(knex)) {
    const seq = sequence(release);
    const [{ count }] = await knex('hts_lines').where({ release_id: release.id }).count({ count: '*' });
    if (Number(count) > 0) continue;
    const versions = (await knex('hts_line_versions')
      .select(['row_key', ...columns])
      .where('valid_from', '<=', seq)
      .andWhere('valid_to', '>=', seq)) as Array<Row & { row_key: string }>;
    versions.sort((a, b) => (a.row_key < b.row_key ? -1 : a.row_key > b.row_key ? 1 : 0));
    const rows = versions.map(({ row_key: _rowKey, ...row }, position) => ({
      ...row,
      release_id: release.id,
      position,
    }));
    for (let start = 0; start < rows.length; start += batch) {
      await knex('hts_lines').insert(rows.slice(start, start + batch));
    }
  }
}
