import type { HtsRelease } from '../hts';

/** One row of a release as the search index reads it, in the schedule's order. */
export interface SearchableHtsLine {
  /** Digits (4, 6, 8 or 10); null for an unnumbered grouping row ("Men's or boys':"). */
  code: string | null;
  indent: number;
  description: string;
  /** The stored full description path, from the heading down to the line. */
  descriptionPath: string;
}

/** The storage the search reads: the HTS releases (src/db/repositories/hts-release.repository.ts). */
export interface HtsSearchStore {
  /** The release with the latest effective date on or before `date` (YYYY-MM-DD). */
  inForceOn(date: string): Promise<HtsRelease | null>;
  findById(id: string): Promise<HtsRelease | null>;
  /** Every row of the release, numbered or not, in the schedule's order. */
  searchableLines(releaseId: string): Promise<SearchableHtsLine[]>;
}
