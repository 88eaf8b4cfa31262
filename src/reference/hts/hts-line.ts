/**
 * One row of an HTS release, the same whichever official format (CSV or JSON) it was read from.
 * Texts are whitespace-normalised (runs of spaces and the CSV's in-cell line breaks become one
 * space) so that two exports of one release compare equal; the file's sha256 keeps the original.
 */
export interface HtsFootnote {
  /** Columns the footnote is attached to, e.g. `["general"]`. */
  columns: string[];
  marker: string;
  value: string;
  type: string;
}

export interface HtsRow {
  /** Digits (4, 6, 8 or 10) or null for an unnumbered grouping row ("superior" in the JSON). */
  code: string | null;
  /** The 10-digit line's last two digits; null for shorter codes. */
  statisticalSuffix: string | null;
  indent: number;
  description: string;
  /** Units of quantity, e.g. `["No.", "kg"]`; empty when none. */
  units: string[];
  /** Rate texts exactly as published (unparsed); null when the cell is empty. */
  general: string | null;
  special: string | null;
  /** Column 2. */
  other: string | null;
  footnotes: HtsFootnote[];
  quotaQuantity: string | null;
  additionalDuties: string | null;
}

export interface HtsLine extends HtsRow {
  /** 0-based row number in the release: the schedule's own order. */
  position: number;
  /** Descriptions of the ancestors and the line itself, joined with {@link descriptionPathSeparator}. */
  descriptionPath: string;
  /**
   * For a line without a general rate, the code of the nearest ancestor that has one (the line's
   * rates are that ancestor's); null when the line carries its own rate or no ancestor has one.
   */
  rateLineCode: string | null;
}

export const descriptionPathSeparator = ' > ';

/** Line breaks written as HTML, and the inline markup some JSON exports carry (`m<sup>3</sup>`, `<i>Camelidae</i>`). */
const htmlBreak = /<(?:br|newline|nl)\b[^>]*>/gi;
const htmlInline = /<\/?(?:i|il|u|b|em|sup|sub|span)\b[^>]*>/gi;

/**
 * Trims and collapses every run of whitespace (including line breaks) to one space, and drops
 * HTML markup: four 2025 JSON releases (Rev 4, 6, 10 and 14) mark up 3,700 texts the other
 * releases give plain, and a markup difference is no change to the schedule.
 */
export function normaliseText(value: string): string {
  return value.replace(htmlBreak, ' ').replace(htmlInline, '').replace(/\s+/g, ' ').trim();
}

/** {@link normaliseText}, with empty cells as null. */
export function optionalText(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const text = normaliseText(value);
  return text === '' ? null : text;
}

/** A file that is not a complete, well-formed HTS export; `message` says why in plain words. */
export class HtsFileRejected extends Error {
  override readonly name = 'HtsFileRejected';
}
