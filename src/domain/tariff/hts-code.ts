/** HTS numbers: accepted dotted (`6109.10.0012`, `6109.10.00.12`) or plain; 8 or 10 digits. */
export function normalizeHtsCode(input: string): string | null {
  const trimmed = input.trim();
  if (!/^\d{4}(\.?\d{2}){1,3}$/.test(trimmed)) return null;
  const digits = trimmed.replace(/\./g, '');
  return digits.length === 8 || digits.length === 10 ? digits : null;
}

/** The 4.2.4 dotted form (`6109.10.0012`), or 4.2.2 for an eight-digit subheading. */
export function formatHtsCode(digits: string): string {
  return digits.length === 10 ? `${digits.slice(0, 4)}.${digits.slice(4, 6)}.${digits.slice(6)}` : `${digits.slice(0, 4)}.${digits.slice(4, 6)}.${digits.slice(6, 8)}`;
}
