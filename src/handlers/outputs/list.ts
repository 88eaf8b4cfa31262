import type { Page } from '../../domain/shared';

/** A cursor page as the API's list, and the RFC 8288 `Link` to the next page when there is one. */
export function listResponse<T, U>(
  page: Page<T>,
  map: (item: T) => U,
  path: string,
  query: Record<string, string | number | undefined>,
) {
  const headers: Record<string, string> = {};
  if (page.nextCursor !== null) {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(query))
      if (value !== undefined && name !== 'cursor') params.set(name, String(value));
    params.set('cursor', page.nextCursor);
    headers.Link = `<${path}?${params.toString()}>; rel="next"`;
  }
  return {
    headers,
    body: { object: 'list' as const, data: page.data.map(map), has_more: page.hasMore, next_cursor: page.nextCursor },
  };
}

/** A whole collection as one page (collections that stay small: keys, clients). */
export function singlePage<T>(data: T[]): { object: 'list'; data: T[]; has_more: false; next_cursor: null } {
  return { object: 'list', data, has_more: false, next_cursor: null };
}
