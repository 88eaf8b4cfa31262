import type { Knex } from 'knex';
import { decodeCursor, isCreatedAtCursor, Page, pageOf } from '../../domain/shared';

/**
 * Cursor pagination in the API's stable order, (created_at, id): rows strictly after the cursor,
 * then ordered and limited. Needs an index on (…, created_at, id) to stay cheap.
 */
export function pageByCreatedAt<Row extends object>(
  query: Knex.QueryBuilder<Row, Row[]>,
  after: { createdAt: number; id: string } | undefined,
  limit: number,
): Knex.QueryBuilder<Row, Row[]> {
  if (after) {
    query.where((q) =>
      q
        .where('created_at', '>', after.createdAt)
        .orWhere((same) => same.where('created_at', after.createdAt).andWhere('id', '>', after.id)),
    );
  }
  return query.orderBy(['created_at', 'id']).limit(limit);
}

/**
 * A page newest first, keyset-paginated on (time column, id): `cursor` is one this function issued.
 * Rows are read as limit + 1 so the page knows whether more follow.
 */
export async function newestFirstPage<T extends { id: string }>(
  query: Knex.QueryBuilder,
  cursor: string | undefined,
  limit: number,
  map: (row: Record<string, unknown>) => T,
  timeOf: (item: T) => number,
  timeColumn = 'created_at',
): Promise<Page<T>> {
  if (cursor !== undefined) {
    const after = decodeCursor(cursor, isCreatedAtCursor);
    query.andWhere((q) =>
      q
        .where(timeColumn, '<', after.createdAt)
        .orWhere((same) => same.where(timeColumn, after.createdAt).andWhere('id', '<', after.id)),
    );
  }
  const rows = (
    await query
      .orderBy([
        { column: timeColumn, order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(limit + 1)
  ).map(map);
  return pageOf(rows, limit, (last) => ({ createdAt: timeOf(last), id: last.id }));
}
