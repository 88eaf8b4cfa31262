import type { Knex } from 'knex';
import { decodeCursor, isCreatedAtCursor, Page, pageOf } from '../../domain/shared/page-cursor';

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
      q.where('created_at', '>', after.createdAt).orWhere((same) => same.where('created_at', after.createdAt).andWhere('id', '>', after.id)),
    );
  }
  return query.orderBy(['created_at', 'id']).limit(limit);
}

/**
 * A page newest first, (created_at, id) descending: rows strictly before the cursor, one more than
 * the limit asked for (it only says there is more), mapped to records by the caller.
 */
export async function newestFirstPage<T extends { createdAt: number; id: string }>(
  query: Knex.QueryBuilder,
  cursor: string | null,
  limit: number,
  toRecords: (rows: Array<Record<string, unknown>>) => T[] | Promise<T[]>,
): Promise<Page<T>> {
  if (cursor !== null) {
    const before = decodeCursor(cursor, isCreatedAtCursor);
    query.andWhere((q) => q.where('created_at', '<', before.createdAt).orWhere((same) => same.where('created_at', before.createdAt).andWhere('id', '<', before.id)));
  }
  const rows = await query.orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }]).limit(limit + 1);
  return pageOf(await toRecords(rows), limit, (last) => ({ createdAt: last.createdAt, id: last.id }));
}
