/**
 * The HTS model: codes, the lines of a release, and releases. Importers (src/reference/hts) read
 * the official exports into these types; the database, the search and the API read them back.
 */

// ── Codes ──────────────────────────────────────────────────────────────────────────────────────

/**
 * HTS numbers in the forms callers and files use: plain digits (`6109100012`), the CSV export's
 * dotted form (`6109.10.00.12`) and the 4.2.4 form we answer with (`6109.10.0012`): four digits, then
 * up to three pairs, each optionally after a dot. Headings and subheadings have 4, 6 or 8 digits;
 * statistical lines have 10. The spec's HTS code patterns are these sources (a test holds them equal).
 */
export const htsCodePattern = /^\d{4}(\.?\d{2}){0,3}$/;
/** A tariff line (8-digit subheading or 10-digit statistical line), the codes duty is calculated on. */
export const htsTariffLinePattern = /^\d{4}(\.?\d{2}){2,3}$/;

/** A prefix to watch (tariff alerts): 2 to 10 digits, a dot allowed before any digit after the second. */
export const htsPrefixPattern = /^\d{2}(\.?\d){0,8}$/;

/** The digits of an HTS number written with or without dots; null when it is not one. */
export function htsDigits(input: string): string | null {
  return htsCodePattern.test(input) ? input.replace(/\./g, '') : null;
}

/** The digits of an 8- or 10-digit HTS number; null for anything else (a heading included). */
export function htsTariffLineDigits(input: string): string | null {
  return htsTariffLinePattern.test(input) ? input.replace(/\./g, '') : null;
}

const plainDigits = /^\d{4}(?:\d{2}){0,3}$/;

/** The digits of an HTS prefix (`61`, `6109.10`, `8471300100`); null when it is not one. */
export function htsPrefixDigits(input: string): string | null {
  return htsPrefixPattern.test(input) ? input.replace(/\./g, '') : null;
}

/** `6109` · `6109.10` · `6109.10.00` · `6109.10.0012` (the statistical suffix joins the last pair). */
export function dottedHtsCode(digits: string): string {
  if (!plainDigits.test(digits)) throw new Error(`not an HTS number: "${digits}"`);
  if (digits.length === 4) return digits;
  return digits.length === 6
    ? `${digits.slice(0, 4)}.${digits.slice(4)}`
    : `${digits.slice(0, 4)}.${digits.slice(4, 6)}.${digits.slice(6)}`;
}

/** The chapter (first two digits) of an HTS number. */
export function htsChapter(digits: string): number {
  return Number(digits.slice(0, 2));
}

// ── Lines ──────────────────────────────────────────────────────────────────────────────────────

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

/** A file that is not a complete, well-formed HTS export; `message` says why in plain words. */
export class HtsFileRejected extends Error {
  override readonly name = 'HtsFileRejected';
}

// ── Releases ───────────────────────────────────────────────────────────────────────────────────

export type HtsFileFormat = 'csv' | 'json';

/** One official export as read: what the importer hands the import service. */
export interface HtsFileContents {
  format: HtsFileFormat;
  /** Hex sha256 of the bytes as received. */
  sha256: string;
  /** Data rows in the file (the CSV header excluded), numbered or not. */
  rowCount: number;
  lines: HtsLine[];
}

/** A USITC release of the HTS: the year's basic edition is revision 0, then Rev 1, Rev 2, … */
export interface HtsRevision {
  year: number;
  revision: number;
}

/** Orders revisions oldest first. */
export function compareRevisions(a: HtsRevision, b: HtsRevision): number {
  return a.year - b.year || a.revision - b.revision;
}

/** "2026 Basic Edition", "2026 Revision 4": USITC's own wording. */
export function revisionTitle({ year, revision }: HtsRevision): string {
  return revision === 0 ? `${year} Basic Edition` : `${year} Revision ${revision}`;
}

/**
 * Where a release's effective date came from, so a guessed date is never mistaken for a documented
 * one: stated by the release source (USITC's releaseList), the documented timeline, given by the
 * caller, or the day it was first seen (a lower bound when nothing else is known).
 */
export type EffectiveDateSource = 'source' | 'timeline' | 'given' | 'first_seen';

/** One imported USITC revision. Releases are never overwritten; each keeps its own lines. */
export interface HtsRelease extends HtsRevision {
  id: string;
  title: string;
  /** YYYY-MM-DD: the release is the schedule in force from this date until the next release's. */
  effectiveDate: string;
  effectiveDateSource: EffectiveDateSource;
  publishedDate: string | null;
  format: HtsFileFormat;
  /** The URL or file path it was imported from. */
  source: string;
  sha256: string;
  /** Rows in the file; lineCount counts only numbered lines. */
  rowCount: number;
  lineCount: number;
  /** Epoch milliseconds. */
  importedAt: number;
}

/** A stored line: the importer's normalised line, in its release (stored once for the releases it is unchanged in, so without a row number). */
export interface StoredHtsLine extends Omit<HtsLine, 'position'> {
  releaseId: string;
}

/** `htsr_2026_rev_4`, `htsr_2026_basic`: readable, and unique because a revision is imported once. */
export function htsReleaseId({ year, revision }: HtsRevision): string {
  return revision === 0 ? `htsr_${year}_basic` : `htsr_${year}_rev_${revision}`;
}
