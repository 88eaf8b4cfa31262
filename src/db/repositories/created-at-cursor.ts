import type { Knex } from 'knex';

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
