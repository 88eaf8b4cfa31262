/**
 * The port through which the engine reads the HTS schedule. The HTS release importer implements it
 * over its tables (hts_releases / hts_line_versions); tests use InMemoryHtsLineSource.
 */

export interface HtsRelease {
  /** Stable id of the release, e.g. `2026-rev-4`. */
  id: string;
  /** Display name, e.g. `2026 HTS Revision 4`. */
  name: string;
}

export interface HtsLine {
  /** Digits only, 8 or 10 (`6109100012`). */
  code: string;
  description: string;
  /** The descriptions from the heading down to this line, joined for display. */
  descriptionPath: string;
  /** Units of quantity of the statistical line (`["doz.", "kg"]`). */
  units: string[];
  /** Raw rate texts of the rate-bearing line (this line or the ancestor it inherits from). */
  general: string;
  special: string;
  column2: string;
  /** Code of the line the rates were read from. */
  rateLineCode: string;
  release: HtsRelease;
}

export type HtsLineLookup =
  | { status: 'found'; line: HtsLine }
  | { status: 'unknown' }
  /** The code exists in some release but not in the one in force on the date. */
  | { status: 'not_in_force'; reason: string };

/** A release held, by the first day it is in force. */
export interface HeldRelease {
  name: string;
  /** YYYY-MM-DD. */
  effectiveDate: string;
}

/** The span of the schedule we hold: what is priced before the oldest or long after the newest is not known. */
export interface HeldReleases {
  oldest: HeldRelease;
  newest: HeldRelease;
}

export interface HtsLineSource {
  /** The line for the code in the HTS release in force on the date (YYYY-MM-DD). */
  lineInForce(code: string, date: string): Promise<HtsLineLookup>;
  /** The oldest and newest releases held; null while none is. */
  heldReleases(): Promise<HeldReleases | null>;
}
