import type { HtsReleaseStore } from './hts-ports';
import { htsDigits, type HtsRelease, type StoredHtsLine } from './model';

/** Rate texts as they apply to a line: its own, or, when it has no general rate, its rate line's. */
export interface HtsLineRates {
  general: string | null;
  special: string | null;
  other: string | null;
  additionalDuties: string | null;
}

export interface HtsLineView {
  release: HtsRelease;
  line: StoredHtsLine;
  /** The ancestor whose rates the line inherits; null when the line carries its own. */
  rateLine: StoredHtsLine | null;
  rates: HtsLineRates;
}

export interface HtsHistoryEntry extends HtsLineView {
  /** YYYY-MM-DD, inclusive: the release's effective date. */
  validFrom: string;
  /** YYYY-MM-DD, exclusive: the next release's effective date; null while in force. */
  validTo: string | null;
}

export type HtsLookupFailure = { found: false; reason: 'invalid_code' | 'no_release' | 'not_found'; message: string };

export function inheritedRates(line: StoredHtsLine, rateLine: StoredHtsLine | null): HtsLineRates {
  const own = {
    general: line.general,
    special: line.special,
    other: line.other,
    additionalDuties: line.additionalDuties,
  };
  if (rateLine === null) return own;
  return {
    general: own.general ?? rateLine.general,
    special: own.special ?? rateLine.special,
    other: own.other ?? rateLine.other,
    additionalDuties: own.additionalDuties ?? rateLine.additionalDuties,
  };
}

/**
 * An 8-digit subheading without statistical breakout is published as one 10-digit line ending in
 * 00 (0101.30.00 is written 0101.30.00.00), so an 8-digit query falls back to it.
 */
function candidateCodes(digits: string): string[] {
  return digits.length === 8 ? [digits, `${digits}00`] : [digits];
}

function invalidCode(code: string): HtsLookupFailure {
  return {
    found: false,
    reason: 'invalid_code',
    message: `"${code}" is not an HTS number (4, 6, 8 or 10 digits, dots allowed)`,
  };
}

/** The line for an HTS number (any of its written forms) in the release in force on `date` (YYYY-MM-DD). */
export async function findHtsLine(
  releases: HtsReleaseStore,
  code: string,
  date: string,
): Promise<({ found: true } & HtsLineView) | HtsLookupFailure> {
  const digits = htsDigits(code);
  if (digits === null) return invalidCode(code);
  const release = await releases.inForceOn(date);
  if (release === null) return { found: false, reason: 'no_release', message: `no HTS release is in force on ${date}` };
  for (const candidate of candidateCodes(digits)) {
    const line = await releases.findLine(release.id, candidate);
    if (line === null) continue;
    const rateLine = line.rateLineCode === null ? null : await releases.findLine(release.id, line.rateLineCode);
    return { found: true, release, line, rateLine, rates: inheritedRates(line, rateLine) };
  }
  return {
    found: false,
    reason: 'not_found',
    message: `${code} is not in the HTS in force on ${date} (${release.title})`,
  };
}

/**
 * The line for an HTS number in a release whose lines are held in memory by code, found and
 * inherited as findHtsLine finds them in the store; null when the release has no such line.
 */
export function findHtsLineIn(
  release: HtsRelease,
  lines: ReadonlyMap<string, StoredHtsLine>,
  code: string,
): HtsLineView | null {
  const digits = htsDigits(code);
  if (digits === null) return null;
  for (const candidate of candidateCodes(digits)) {
    const line = lines.get(candidate);
    if (line === undefined) continue;
    const rateLine = line.rateLineCode === null ? null : (lines.get(line.rateLineCode) ?? null);
    return { release, line, rateLine, rates: inheritedRates(line, rateLine) };
  }
  return null;
}

/** The code's line in every release that has it, oldest first, with the dates each text was in force. */
export async function htsLineHistory(
  releases: HtsReleaseStore,
  code: string,
): Promise<{ found: true; entries: HtsHistoryEntry[] } | HtsLookupFailure> {
  const digits = htsDigits(code);
  if (digits === null) return invalidCode(code);
  const all = await releases.listByEffectiveDate();
  const order = new Map(all.map((release, index) => [release.id, index]));
  for (const candidate of candidateCodes(digits)) {
    const found = await releases.lineAcrossReleases(candidate);
    if (found.length === 0) continue;
    const entries = found
      .sort((a, b) => (order.get(a.line.releaseId) ?? 0) - (order.get(b.line.releaseId) ?? 0))
      .map(({ line, rateLine }): HtsHistoryEntry => {
        const index = order.get(line.releaseId) as number;
        return {
          release: all[index],
          line,
          rateLine,
          rates: inheritedRates(line, rateLine),
          validFrom: all[index].effectiveDate,
          validTo: all[index + 1]?.effectiveDate ?? null,
        };
      });
    return { found: true, entries };
  }
  return { found: false, reason: 'not_found', message: `${code} is in no imported HTS release` };
}
