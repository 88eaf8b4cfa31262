import type { Knex } from 'knex';
import { dottedHtsCode } from '../../reference/hts/hts-code';
import type { HtsFootnote, HtsLine } from '../../reference/hts/hts-line';
import type { HtsRevision } from '../../reference/hts/hts-revision';
import type { SearchableHtsLine } from '../../domain/classify/classify-ports';
import type { HtsReleaseStore } from '../../domain/hts/hts-ports';
import type { EffectiveDateSource, HtsRelease, StoredHtsLine } from '../../domain/hts/hts-release';
import type { ComparableHtsLine } from '../../domain/hts/release-diff';
import { readJsonColumn } from './json-column';

interface ReleaseRow {
  id: string;
  year: number;
  revision: number;
  title: string;
  effective_date: string;
  effective_date_source: string;
  published_date: string | null;
  format: string;
  source: string;
  sha256: string;
  row_count: number;
  line_count: number;
  imported_at: number | string;
}

interface LineRow {
  release_id: string;
  position: number;
  code: string | null;
  dotted_code: string | null;
  statistical_suffix: string | null;
  indent: number;
  description: string;
  description_path: string;
  units: string;
  general_raw: string | null;
  special_raw: string | null;
  other_raw: string | null;
  footnotes: string;
  quota_quantity: string | null;
  additional_duties: string | null;
  rate_line_code: string | null;
}

/** Rows per INSERT: 16 columns × 500 stays far below SQLite's bound-parameter limit and MySQL's packet size. */
const insertBatchSize = 500;

function toRelease(row: ReleaseRow): HtsRelease {
  return {
    id: row.id,
    year: Number(row.year),
    revision: Number(row.revision),
    title: row.title,
    effectiveDate: row.effective_date,
    effectiveDateSource: row.effective_date_source as EffectiveDateSource,
    publishedDate: row.published_date,
    format: row.format as HtsRelease['format'],
    source: row.source,
    sha256: row.sha256,
    rowCount: Number(row.row_count),
    lineCount: Number(row.line_count),
    importedAt: Number(row.imported_at),
  };
}

function toReleaseRow(release: HtsRelease): ReleaseRow {
  return {
    id: release.id,
    year: release.year,
    revision: release.revision,
    title: release.title,
    effective_date: release.effectiveDate,
    effective_date_source: release.effectiveDateSource,
    published_date: release.publishedDate,
    format: release.format,
    source: release.source,
    sha256: release.sha256,
    row_count: release.rowCount,
    line_count: release.lineCount,
    imported_at: release.importedAt,
  };
}

function toLineRow(releaseId: string, line: HtsLine): LineRow {
  return {
    release_id: releaseId,
    position: line.position,
    code: line.code,
    dotted_code: line.code === null ? null : dottedHtsCode(line.code),
    statistical_suffix: line.statisticalSuffix,
    indent: line.indent,
    description: line.description,
    description_path: line.descriptionPath,
    units: JSON.stringify(line.units),
    general_raw: line.general,
    special_raw: line.special,
    other_raw: line.other,
    footnotes: JSON.stringify(line.footnotes),
    quota_quantity: line.quotaQuantity,
    additional_duties: line.additionalDuties,
    rate_line_code: line.rateLineCode,
  };
}

function toLine(row: LineRow): StoredHtsLine {
  return {
    releaseId: row.release_id,
    position: Number(row.position),
    code: row.code,
    statisticalSuffix: row.statistical_suffix,
    indent: Number(row.indent),
    description: row.description,
    descriptionPath: row.description_path,
    units: readJsonColumn<string[]>(row.units),
    general: row.general_raw,
    special: row.special_raw,
    other: row.other_raw,
    footnotes: readJsonColumn<HtsFootnote[]>(row.footnotes),
    quotaQuantity: row.quota_quantity,
    additionalDuties: row.additional_duties,
    rateLineCode: row.rate_line_code,
  };
}

/** HTS releases and their lines. */
export class HtsReleaseRepository implements HtsReleaseStore {
  constructor(private readonly knex: Knex) {}

  private releases(): Knex.QueryBuilder<ReleaseRow, ReleaseRow[]> {
    return this.knex<ReleaseRow>('hts_releases');
  }

  private async one(query: Knex.QueryBuilder<ReleaseRow, ReleaseRow[]>): Promise<HtsRelease | null> {
    const row = (await query.first()) as ReleaseRow | undefined;
    return row ? toRelease(row) : null;
  }

  async count(): Promise<number> {
    const [{ count }] = await this.knex('hts_releases').count({ count: '*' });
    return Number(count);
  }

  findById(id: string): Promise<HtsRelease | null> {
    return this.one(this.releases().where({ id }));
  }

  findBySha256(sha256: string): Promise<HtsRelease | null> {
    return this.one(this.releases().where({ sha256 }));
  }

  findByRevision({ year, revision }: HtsRevision): Promise<HtsRelease | null> {
    return this.one(this.releases().where({ year, revision }));
  }

  newest(): Promise<HtsRelease | null> {
    return this.one(this.releases().orderBy([{ column: 'year', order: 'desc' }, { column: 'revision', order: 'desc' }]));
  }

  newestBefore({ year, revision }: HtsRevision): Promise<HtsRelease | null> {
    return this.one(
      this.releases()
        .where((q) => q.where('year', '<', year).orWhere((same) => same.where('year', year).andWhere('revision', '<', revision)))
        .orderBy([{ column: 'year', order: 'desc' }, { column: 'revision', order: 'desc' }]),
    );
  }

  oldestAfter({ year, revision }: HtsRevision): Promise<HtsRelease | null> {
    return this.one(
      this.releases()
        .where((q) => q.where('year', '>', year).orWhere((same) => same.where('year', year).andWhere('revision', '>', revision)))
        .orderBy([{ column: 'year', order: 'asc' }, { column: 'revision', order: 'asc' }]),
    );
  }

  inForceOn(date: string): Promise<HtsRelease | null> {
    return this.one(
      this.releases()
        .where('effective_date', '<=', date)
        .orderBy([
          { column: 'effective_date', order: 'desc' },
          { column: 'year', order: 'desc' },
          { column: 'revision', order: 'desc' },
        ]),
    );
  }

  async listByEffectiveDate(): Promise<HtsRelease[]> {
    const rows = (await this.releases().orderBy(['effective_date', 'year', 'revision'])) as ReleaseRow[];
    return rows.map(toRelease);
  }

  /** Callers run this in a transaction: the release and its lines appear together or not at all. */
  async insertWithLines(release: HtsRelease, lines: HtsLine[]): Promise<void> {
    await this.knex('hts_releases').insert(toReleaseRow(release));
    for (let start = 0; start < lines.length; start += insertBatchSize) {
      await this.knex('hts_lines').insert(lines.slice(start, start + insertBatchSize).map((line) => toLineRow(release.id, line)));
    }
  }

  async comparableLines(releaseId: string): Promise<ComparableHtsLine[]> {
    const rows = await this.knex<LineRow>('hts_lines')
      .select('code', 'description', 'general_raw', 'special_raw', 'other_raw', 'additional_duties')
      .where('release_id', releaseId)
      .whereNotNull('code')
      .orderBy('position');
    return rows.map((row) => ({
      code: row.code as string,
      description: row.description,
      general: row.general_raw,
      special: row.special_raw,
      other: row.other_raw,
      additionalDuties: row.additional_duties,
    }));
  }

  /** Every row of a release in the schedule's order, with what the search index reads. */
  async searchableLines(releaseId: string): Promise<SearchableHtsLine[]> {
    const rows = await this.knex<LineRow>('hts_lines')
      .select('code', 'indent', 'description', 'description_path')
      .where('release_id', releaseId)
      .orderBy('position');
    return rows.map((row) => ({ code: row.code, indent: Number(row.indent), description: row.description, descriptionPath: row.description_path }));
  }

  async findLine(releaseId: string, code: string): Promise<StoredHtsLine | null> {
    const row = (await this.knex<LineRow>('hts_lines').where({ release_id: releaseId, code }).first()) as LineRow | undefined;
    return row ? toLine(row) : null;
  }

  async lineAcrossReleases(code: string): Promise<Array<{ line: StoredHtsLine; rateLine: StoredHtsLine | null }>> {
    const lines = ((await this.knex<LineRow>('hts_lines').where({ code })) as LineRow[]).map(toLine);
    const inheriting = lines.filter((line) => line.rateLineCode !== null);
    const ancestors =
      inheriting.length === 0
        ? []
        : ((await this.knex<LineRow>('hts_lines')
            .whereIn(['release_id', 'code'], inheriting.map((line) => [line.releaseId, line.rateLineCode as string]))) as LineRow[]).map(toLine);
    const byRelease = new Map(ancestors.map((line) => [`${line.releaseId} ${line.code}`, line]));
    return lines.map((line) => ({ line, rateLine: byRelease.get(`${line.releaseId} ${line.rateLineCode}`) ?? null }));
  }
}
