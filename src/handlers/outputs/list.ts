import type { Page } from '../../domain/shared';

/** A page of a collection in the API's list shape. */
export function toApiList<T, U>(
  page: Page<T>,
  toApi: (item: T) => U,
): { object: 'list'; data: U[]; has_more: boolean; next_cursor: string | null } {
  return {
    object: 'list',
    data: page.data.map((item) => toApi(item)),
    has_more: page.hasMore,
    next_cursor: page.nextCursor,
  };
}
