/**
 * HTS numbers in the forms callers and files use: plain digits (`6109100012`), the CSV export's
 * dotted form (`6109.10.00.12`) and the 4.2.4 form we answer with (`6109.10.0012`). Headings and
 * subheadings have 4, 6 or 8 digits; statistical lines have 10.
 */
const digitsPattern = /^\d{4}(?:\d{2}){0,3}$/;

/** The digits of an HTS number written with or without dots; null when it is not one. */
export function htsDigits(input: string): string | null {
  const trimmed = input.trim();
  if (!/^\d[\d.]*$/.test(trimmed) || trimmed.includes('..')) return null;
  const digits = trimmed.replace(/\./g, '');
  return digitsPattern.test(digits) ? digits : null;
}

/** `6109` · `6109.10` · `6109.10.00` · `6109.10.0012` (the statistical suffix joins the last pair). */
export function dottedHtsCode(digits: string): string {
  if (!digitsPattern.test(digits)) throw new Error(`not an HTS number: "${digits}"`);
  const parts = [digits.slice(0, 4), digits.slice(4, 6), digits.slice(6, 10)].filter((part) => part !== '');
  return parts.join('.');
}

/** The chapter (first two digits) of an HTS number. */
export function htsChapter(digits: string): number {
  return Number(digits.slice(0, 2));
}
