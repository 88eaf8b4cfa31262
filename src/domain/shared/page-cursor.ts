import { DomainError } from './errors';

/** Opaque pagination cursors: base64url JSON, checked on the way back in. */
export class InvalidCursor extends DomainError {
  constructor(message: string) {
    super('invalid_input', message, [{ field: 'cursor', in: 'query', message }]);
    this.name = 'InvalidCursor';
  }
}

export interface Page<T> {
  data: T[];
  hasMore: boolean;
  nextCursor: string | null;
}

export function encodeCursor(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}

export function decodeCursor<T>(cursor: string, isValid: (value: unknown) => value is T): T {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new InvalidCursor('the cursor is not one this API returned');
  }
  if (!isValid(value)) throw new InvalidCursor('the cursor is not one this API returned');
  return value;
}

/** Pages from a query asked for limit + 1 rows: the extra row only says there is more. */
export function pageOf<T>(rows: T[], limit: number, cursorOf: (last: T) => unknown): Page<T> {
  const data = rows.slice(0, limit);
  const hasMore = rows.length > limit;
  return { data, hasMore, nextCursor: hasMore ? encodeCursor(cursorOf(data[data.length - 1])) : null };
}

export function isCreatedAtCursor(value: unknown): value is { createdAt: number; id: string } {
  const candidate = value as { createdAt?: unknown; id?: unknown } | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    Number.isSafeInteger(candidate.createdAt) &&
    typeof candidate.id === 'string'
  );
}

/** Every item of a paginated collection, page after page (for exports). */
export async function* allPages<T>(fetch: (cursor: string | undefined) => Promise<Page<T>>): AsyncGenerator<T> {
  let cursor: string | undefined;
  do {
    const page = await fetch(cursor);
    yield* page.data;
    cursor = page.nextCursor ?? undefined;
  } while (cursor !== undefined);
}
