import type { Database } from '../knex';
import { groupBy, saveVersion, sourceColumns, sourceFromRow, type SaveOutcome } from './versioned-reference';
import type { ZoneMatrixVersion, ZoneScope, Zip5Zone } from '../../domain/parcel';

/** ZIP5 ranges as one text column, "96701-96701=10;96702-96705=12": a row's few dozen without a table of their own. */
function encodeRanges(ranges: Array<Zip5Zone & { scope?: ZoneScope | null }>): string {
  return ranges.map((r) => `${r.scope ? `${r.scope}:` : ''}${r.destFrom}-${r.destTo}=${r.zone}`).join(';');
}

function decodeRanges(text: string): Array<Zip5Zone & { scope: ZoneScope | null }> {
  if (text === '') return [];
  return text.split(';').map((item) => {
    const [, scope, destFrom, destTo, zone] = /^(?:([a-z0-9_]+):)?(\d{5})-(\d{5})=(.+)$/.exec(item) as RegExpExecArray;
    return { scope: (scope ?? null) as ZoneScope | null, destFrom, destTo, zone };
  });
}

/** Runs of three or more equal cells as `c{n}` ("5{12}"): cells and flags take a third of their space (braces are no cell character). */
function encodeRuns(cells: string): string {
  return cells.replace(/(.)\1{2,}/g, (run, char: string) => `${char}{${run.length}}`);
}

function decodeRuns(text: string): string {
  return text.replace(/(.)\{(\d+)\}/g, (_, char: string, count: string) => char.repeat(Number(count)));
}

/** National zone charts: per carrier and effective date, one row of destination cells per origin ZIP3 range and scope. */
export class ParcelZoneMatrixRepository {
  constructor(private readonly db: Database) {}

  async saveZoneMatrix(matrix: ZoneMatrixVersion, now = Date.now()): Promise<SaveOutcome> {
    return saveVersion(
      this.db.knex,
      {
        table: 'parcel_zone_matrices',
        childTable: 'parcel_zone_matrix_rows',
        parentColumn: 'matrix_id',
        header: {
          id: matrix.id,
          carrier: matrix.carrier,
          effective_from: matrix.effectiveFrom,
          legend: JSON.stringify(matrix.legend),
          exceptions: encodeRanges(matrix.exceptions),
          ...sourceColumns(matrix.source),
        },
        children: matrix.rows.map((r, position) => ({
          position,
          origin_from: r.originFrom,
          origin_to: r.originTo,
          scope: r.scope,
          cells: encodeRuns(r.cells),
          flags: r.flags === null ? null : encodeRuns(r.flags),
          exceptions: encodeRanges(r.exceptions),
        })),
      },
      now,
    );
  }

  async listZoneMatrices(): Promise<ZoneMatrixVersion[]> {
    const matrices = await this.db.knex('parcel_zone_matrices').select('*').orderBy('id');
    const rows = groupBy(
      await this.db.knex('parcel_zone_matrix_rows').select('*').orderBy(['matrix_id', 'position']),
      'matrix_id',
    );
    return matrices.map((m) => ({
      id: m.id,
      carrier: m.carrier,
      effectiveFrom: m.effective_from,
      source: sourceFromRow(m),
      legend: JSON.parse(m.legend) as Record<string, string>,
      exceptions: decodeRanges(m.exceptions),
      rows: (rows.get(m.id) ?? []).map((r) => ({
        originFrom: r.origin_from,
        originTo: r.origin_to,
        scope: r.scope as ZoneScope | null,
        cells: decodeRuns(r.cells),
        flags: r.flags === null ? null : decodeRuns(r.flags),
        exceptions: decodeRanges(r.exceptions).map(({ destFrom, destTo, zone }) => ({ destFrom, destTo, zone })),
      })),
    }));
  }
}
