/** Epoch milliseconds as the API's RFC 3339 UTC timestamp with milliseconds. */
export const isoTime = (ms: number): string => new Date(ms).toISOString();
export const isoTimeOrNull = (ms: number | null): string | null => (ms === null ? null : isoTime(ms));
