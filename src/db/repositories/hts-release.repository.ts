import type { Knex } from 'knex';
import { readJsonColumn } from './json-column';
import { givingWay } from '../../domain/shared';
import type { SearchableHtsLine } from '../../domain/classify';
import {
  type ComparableHtsLine,
  dottedHtsCode,
  type EffectiveDateSource,
  type HtsFootnote,
  type HtsLine,
  type HtsRelease,
  type HtsReleaseStore,
  type HtsRevision,
  type StoredHtsLine,
} from '../../domain/hts';

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

/** A stored line version: the line in every imported release whose sequence is in [valid_from, valid_to]. */
interface VersionRow extends LineRow {
  id: number;
  row_key: string;
  valid_from: number;
  valid_to: number;
}

const contentColumns: Array<keyof LineRow> = [
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
];

/** Rows per INSERT: 17 columns × 500 stays far below SQLite's bound-parameter limit and MySQL's packet size. */
const insertBatchSize = 500;
/** Ids per UPDATE … WHERE id IN (…). */
const updateBatchSize = 900;
/** Versions read per query when a whole release is read (a few tens of milliseconds each on SQLite). */
const versionPageSize = 5000;

/** A release's place in revision order: 2026 Rev 4 is 2026004. Line versions are ranges of it. */
export function releaseSequence({ year, revision }: HtsRevision): number {
  return year * 1000 + revision;
}

/**
 * Names each row across releases: its code, or for an unnumbered grouping row the code of the
 * numbered row before it and `!n`. Codes rise through a release (the importer checks), and `!`
 * sorts before every digit, so sorting by row key gives the schedule's order back.
 */
function rowKeys(lines: HtsLine[]): string[] {
  let previousCode = '';
  let grouping = 0;
  return lines.map((line) => {
    if (line.code === null) return `${previousCode}!${++grouping}`;
    previousCode = line.code;
    grouping = 0;
    return line.code;
  });
}

function byRowKey(a: { row_key: string }, b: { row_key: string }): number {
  return a.row_key < b.row_key ? -1 : a.row_key > b.row_key ? 1 : 0;
}

function sameContent(a: LineRow, b: LineRow): boolean {
  return contentColumns.every(
    (column) => a[column] === b[column] || (column === 'indent' && Number(a.indent) === Number(b.indent)),
  );
}

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

function toLineRow(line: HtsLine): LineRow {
  return {
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

function toLine(releaseId: string, row: LineRow): StoredHtsLine {
  return {
    releaseId,
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
  private readonly sequences = new Map<string, number>();

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

  findByRevision({ year, revision }: HtsRevision): Promise<HtsRelease | null> {
    return this.one(this.releases().where({ year, revision }));
  }

  newest(): Promise<HtsRelease | null> {
    return this.one(
      this.releases().orderBy([
        { column: 'year', order: 'desc' },
        { column: 'revision', order: 'desc' },
      ]),
    );
  }

  newestBefore({ year, revision }: HtsRevision): Promise<HtsRelease | null> {
    return this.one(
      this.releases()
        .where((q) =>
          q.where('year', '<', year).orWhere((same) => same.where('year', year).andWhere('revision', '<', revision)),
        )
        .orderBy([
          { column: 'year', order: 'desc' },
          { column: 'revision', order: 'desc' },
        ]),
    );
  }

  oldestAfter({ year, revision }: HtsRevision): Promise<HtsRelease | null> {
    return this.one(
      this.releases()
        .where((q) =>
          q.where('year', '>', year).orWhere((same) => same.where('year', year).andWhere('revision', '>', revision)),
        )
        .orderBy([
          { column: 'year', order: 'asc' },
          { column: 'revision', order: 'asc' },
        ]),
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
    const rows = await this.releases().orderBy(['effective_date', 'year', 'revision']);
    return rows.map(toRelease);
  }

  /** The sequence of an imported release; releases never change once imported, so it is remembered. */
  private async sequenceOf(releaseId: string): Promise<number | null> {
    const known = this.sequences.get(releaseId);
    if (known !== undefined) return known;
    const release = await this.findById(releaseId);
    if (!release) return null;
    const sequence = releaseSequence(release);
    this.sequences.set(releaseId, sequence);
    return sequence;
  }

  private versions(): Knex.QueryBuilder<VersionRow, VersionRow[]> {
    return this.knex<VersionRow>('hts_line_versions');
  }

  /**
   * The line versions of the release with this sequence (about 35,000 rows), read a page at a time in
   * id order: one query for all of them held the event loop for a fifth of a second on SQLite, and
   * the SQLite client gives way between queries.
   */
  private async versionsAt(sequence: number, columns: string[] = ['*']): Promise<VersionRow[]> {
    const selected = columns.includes('*') || columns.includes('id') ? columns : ['id', ...columns];
    const rows: VersionRow[] = [];
    for (let after = 0; ;) {
      const page = (await this.versions()
        .select(selected)
        .where('valid_to', '>=', sequence)
        .andWhere('valid_from', '<=', sequence)
        .andWhere('id', '>', after)
        .orderBy('id')
        .limit(versionPageSize)) as unknown as VersionRow[];
      for (const row of page) rows.push(row);
      if (page.length < versionPageSize) return rows;
      after = page[page.length - 1].id;
    }
  }

  private async releaseRows(releaseId: string, columns: string[]): Promise<VersionRow[]> {
    const sequence = await this.sequenceOf(releaseId);
    if (sequence === null) return [];
    return (await this.versionsAt(sequence, ['row_key', ...columns])).sort(byRowKey);
  }

  private async updateIds(ids: number[], values: Partial<VersionRow>): Promise<void> {
    for (let start = 0; start < ids.length; start += updateBatchSize) {
      await this.versions()
        .whereIn('id', ids.slice(start, start + updateBatchSize))
        .update(values);
    }
  }

  private async insertVersions(rows: Array<Omit<VersionRow, 'id'>>): Promise<void> {
    for (let start = 0; start < rows.length; start += insertBatchSize) {
      await this.knex('hts_line_versions').insert(rows.slice(start, start + insertBatchSize));
    }
  }

  /**
   * Callers run this in a transaction: the release and its lines appear together or not at all.
   * A line equal to its version in the neighbouring imported release extends that version's range
   * (merging the two neighbours' versions when both are equal); a changed or new line gets a
   * version of its own; a version that ran across this release's place but is not in it is split.
   */
  async insertWithLines(release: HtsRelease, lines: HtsLine[]): Promise<void> {
    const sequence = releaseSequence(release);
    const [before, after] = await Promise.all([this.newestBefore(release), this.oldestAfter(release)]);
    await this.knex('hts_releases').insert(toReleaseRow(release));
    const previous = before ? releaseSequence(before) : null;
    const byKey = (rows: VersionRow[]) => new Map(rows.map((row) => [row.row_key, row]));
    const atBefore = previous === null ? new Map<string, VersionRow>() : byKey(await this.versionsAt(previous));
    const atAfter = after ? byKey(await this.versionsAt(releaseSequence(after))) : new Map<string, VersionRow>();

    const inserts: Array<Omit<VersionRow, 'id'>> = [];
    const extendDown: number[] = [];
    const extendUp: number[] = [];
    const shared = new Set<number>();
    const keys = rowKeys(lines);
    // 35,000 lines compared one by one: the API's requests get turns meanwhile (the worker shares its process).
    const giveWay = givingWay();
    for (const [index, line] of lines.entries()) {
      await giveWay();
      const row = toLineRow(line);
      const key = keys[index];
      const next = atAfter.get(key);
      const prev = atBefore.get(key);
      const prevSame = prev !== undefined && sameContent(prev, row);
      if (next && sameContent(next, row)) {
        shared.add(next.id);
        if (previous !== null && next.valid_from <= previous) continue; // already runs across this place
        if (prevSame) {
          await this.versions().where({ id: prev.id }).update({ valid_to: next.valid_to });
          await this.versions().where({ id: next.id }).delete();
        } else extendDown.push(next.id);
      } else if (prevSame) extendUp.push(prev.id);
      else inserts.push({ ...row, row_key: key, valid_from: sequence, valid_to: sequence });
    }
    if (previous !== null && after) {
      const split = [...atAfter.values()].filter(
        (version) => version.valid_from <= previous && !shared.has(version.id),
      );
      await this.updateIds(
        split.map((version) => version.id),
        { valid_to: previous },
      );
      inserts.push(...split.map(({ id: _id, ...version }) => ({ ...version, valid_from: releaseSequence(after) })));
    }
    await this.updateIds(extendDown, { valid_from: sequence });
    await this.updateIds(extendUp, { valid_to: sequence });
    await this.insertVersions(inserts);
  }

  /** Stored line versions (each line once per run of releases it is unchanged in). */
  async versionCount(): Promise<number> {
    const [{ count }] = await this.knex('hts_line_versions').count({ count: '*' });
    return Number(count);
  }

  async comparableLines(releaseId: string): Promise<ComparableHtsLine[]> {
    const rows = await this.releaseRows(releaseId, [
      'code',
      'description',
      'general_raw',
      'special_raw',
      'other_raw',
      'additional_duties',
    ]);
    return rows
      .filter((row) => row.code !== null)
      .map((row) => ({
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
    const rows = await this.releaseRows(releaseId, ['code', 'indent', 'description', 'description_path']);
    return rows.map((row) => ({
      code: row.code,
      indent: Number(row.indent),
      description: row.description,
      descriptionPath: row.description_path,
    }));
  }

  async findLine(releaseId: string, code: string): Promise<StoredHtsLine | null> {
    const sequence = await this.sequenceOf(releaseId);
    if (sequence === null) return null;
    const row = (await this.versions()
      .where({ code })
      .andWhere('valid_from', '<=', sequence)
      .andWhere('valid_to', '>=', sequence)
      .first()) as VersionRow | undefined;
    return row ? toLine(releaseId, row) : null;
  }

  async linesOf(releaseId: string): Promise<StoredHtsLine[]> {
    const sequence = await this.sequenceOf(releaseId);
    if (sequence === null) return [];
    return (await this.versionsAt(sequence)).filter((row) => row.code !== null).map((row) => toLine(releaseId, row));
  }

  async lineAcrossReleases(code: string): Promise<Array<{ line: StoredHtsLine; rateLine: StoredHtsLine | null }>> {
    const versions = (await this.versions().where({ code })) as VersionRow[];
    if (versions.length === 0) return [];
    const releases = await this.listByEffectiveDate();
    const rateCodes = [
      ...new Set(
        versions.map((version) => version.rate_line_code).filter((rateCode): rateCode is string => rateCode !== null),
      ),
    ];
    const rateVersions =
      rateCodes.length === 0 ? [] : ((await this.versions().whereIn('code', rateCodes)) as VersionRow[]);
    const covering = (rows: VersionRow[], sequence: number, rowCode: string | null) =>
      rows.find((row) => row.code === rowCode && row.valid_from <= sequence && row.valid_to >= sequence);
    return releases.flatMap((release) => {
      const sequence = releaseSequence(release);
      const version = covering(versions, sequence, code);
      if (!version) return [];
      const rateVersion =
        version.rate_line_code === null ? undefined : covering(rateVersions, sequence, version.rate_line_code);
      return [{ line: toLine(release.id, version), rateLine: rateVersion ? toLine(release.id, rateVersion) : null }];
    });
  }
}
