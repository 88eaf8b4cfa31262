/**
 * A moment as people read it, `2026-12-04 18:35 UTC` (to the second where a log needs it), from
 * epoch milliseconds or an RFC 3339 string; '—' when there is none.
 */
export function utcTime(at: number | string | null, precision: 'minute' | 'second' = 'minute'): string {
  if (at === null) return '—';
  const iso = typeof at === 'number' ? new Date(at).toISOString() : at;
  return `${iso.slice(0, precision === 'minute' ? 16 : 19).replace('T', ' ')} UTC`;
}
