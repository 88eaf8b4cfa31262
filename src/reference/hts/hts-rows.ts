import { htsDigits, HtsFileRejected, HtsRow, normaliseText } from '../../domain/hts';

/** {@link normaliseText}, with empty cells as null. */
export function optionalText(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const text = normaliseText(value);
  return text === '' ? null : text;
}

/**
 * Cell readers shared by the CSV and JSON importers, so both formats reject the same mistakes
 * with the same words. `where` names the row for the reason ("row 12 (0101.21.00)").
 */
export function rowCode(htsno: string, suffix: string, where: string): Pick<HtsRow, 'code' | 'statisticalSuffix'> {
  const written = htsno.trim();
  const writtenSuffix = suffix.trim();
  if (written === '') {
    if (writtenSuffix !== '')
      throw new HtsFileRejected(`${where}: statistical suffix "${writtenSuffix}" without an HTS number`);
    return { code: null, statisticalSuffix: null };
  }
  let digits = htsDigits(written);
  if (digits === null) throw new HtsFileRejected(`${where}: "${written}" is not an HTS number`);
  if (writtenSuffix !== '') {
    if (!/^\d{2}$/.test(writtenSuffix))
      throw new HtsFileRejected(`${where}: statistical suffix "${writtenSuffix}" is not two digits`);
    if (digits.length === 8) digits += writtenSuffix;
    else if (digits.length !== 10 || !digits.endsWith(writtenSuffix)) {
      throw new HtsFileRejected(`${where}: statistical suffix "${writtenSuffix}" does not belong to "${written}"`);
    }
  }
  return { code: digits, statisticalSuffix: digits.length === 10 ? digits.slice(8) : null };
}

export function rowIndent(value: string | number, where: string): number {
  const text = String(value).trim();
  // The CSV writes a few indents with a leading zero ("03").
  if (!/^\d{1,2}$/.test(text)) throw new HtsFileRejected(`${where}: indent "${text}" is not a number`);
  return Number(text);
}

export function rowUnits(values: unknown, where: string): string[] {
  if (values === null || values === undefined) return [];
  if (!Array.isArray(values) || values.some((unit) => typeof unit !== 'string')) {
    throw new HtsFileRejected(`${where}: units must be a list of texts`);
  }
  return (values as string[]).map(normaliseText).filter((unit) => unit !== '');
}

export function rowDescription(value: unknown, where: string): string {
  if (typeof value !== 'string') throw new HtsFileRejected(`${where}: description is missing`);
  return normaliseText(value);
}
