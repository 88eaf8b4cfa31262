/**
 * JSON kept in TEXT columns comes back as a string on both dialects; a native JSON column on
 * MySQL would come back parsed. Repositories read through this so either works.
 */
export function readJsonColumn<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}
