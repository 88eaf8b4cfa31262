import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { SourceRef } from '../../domain/parcel';

/**
 * Shared plumbing for versioned reference data: one header row per version (its id derived from the
 * natural key, so the same version always gets the same id) and its child rows. Saving compares a
 * checksum of the content: the same content is left alone, changed content replaces that version's
 * rows (a correction), a new key adds a version.
 */
export type SaveOutcome = 'inserted' | 'updated' | 'unchanged';

export interface VersionWrite {
  table: string;
  childTable: string;
  /** Column in childTable pointing at the header id. */
  parentColumn: string;
  header: Record<string, unknown> & { id: string };
  children: Array<Record<string, unknown>>;
}

const chunkSize = 500;

export function checksumOf(content: unknown): string {
  return crypto.createHash('sha256').update(JSON.stringify(content)).digest('hex');
}

export async function saveVersion(knex: Knex, write: VersionWrite, now: number): Promise<SaveOutcome> {
  const checksum = checksumOf({ header: write.header, children: write.children });
  return knex.transaction(async (trx) => {
    const existing = await trx(write.table).where({ id: write.header.id }).first('checksum');
    if (existing?.checksum === checksum) return 'unchanged';
    const header = { ...write.header, checksum, imported_at: now };
    if (existing) {
      await trx(write.table).where({ id: write.header.id }).update(header);
      await trx(write.childTable)
        .where({ [write.parentColumn]: write.header.id })
        .delete();
    } else {
      await trx(write.table).insert(header);
    }
    const rows = write.children.map((child) => ({ ...child, [write.parentColumn]: write.header.id }));
    for (let i = 0; i < rows.length; i += chunkSize) await trx(write.childTable).insert(rows.slice(i, i + chunkSize));
    return existing ? 'updated' : 'inserted';
  });
}

/**
 * Ends each version where the next version of the same series starts (never extends a stated end),
 * so "the version in force on a date" is one row. Returns how many versions were closed or shortened.
 */
export async function closeSupersededVersions(knex: Knex, table: string, seriesColumns: string[]): Promise<number> {
  const rows: Array<Record<string, string | null>> = await knex(table).select(
    'id',
    'effective_from',
    'effective_to',
    ...seriesColumns,
  );
  const series = new Map<string, typeof rows>();
  for (const row of rows) {
    const key = seriesColumns.map((c) => row[c]).join('|');
    series.set(key, [...(series.get(key) ?? []), row]);
  }
  let closed = 0;
  for (const versions of series.values()) {
    versions.sort((a, b) => String(a.effective_from).localeCompare(String(b.effective_from)));
    for (let i = 0; i < versions.length - 1; i++) {
      const next = versions[i + 1].effective_from as string;
      const end = versions[i].effective_to;
      if (end === null || end > next) {
        await knex(table).where({ id: versions[i].id }).update({ effective_to: next });
        closed++;
      }
    }
  }
  return closed;
}

export function sourceColumns(source: SourceRef): Record<string, string> {
  return { source_title: source.title, source_reference: source.reference, source_file: source.file };
}

export function sourceFromRow(row: { source_title: string; source_reference: string; source_file: string }): SourceRef {
  return { title: row.source_title, reference: row.source_reference, file: row.source_file };
}

/** DECIMAL columns come back as strings from MySQL and as numbers from SQLite. */
export function decimalNumber(value: string | number): number {
  return typeof value === 'number' ? value : Number(value);
}

/** Groups child rows by their parent id, keeping the query order. */
export function groupBy<T extends Record<string, unknown>>(rows: T[], column: keyof T): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const key = String(row[column]);
    const list = groups.get(key);
    if (list) list.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}
