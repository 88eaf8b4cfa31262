import type { HtsFileFormat } from '../../reference/hts/hts-file';
import type { HtsLine } from '../../reference/hts/hts-line';
import type { HtsRevision } from '../../reference/hts/hts-revision';

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
