import fs from 'node:fs';
import path from 'node:path';

/** The USITC text of the U.S. notes to subchapter III of chapter 99 (HTS 2026 Rev 6) in the data directory. */
export const usNotesFile = path.resolve(
  __dirname,
  '..',
  '..',
  'data/tariff/yale-tariff-rate-tracker/us_notes/chapter99_2026_rev_6.txt',
);

export function usNotesLines(): string[] {
  return fs.readFileSync(usNotesFile, 'latin1').split('\n');
}

/**
 * The HTS numbers (4 to 10 digits, without dots) a subdivision of a note enumerates: from the line
 * that opens with `opens` to the next subdivision, chapter 98 and 99 provisions left out (the notes
 * name them in their conditions, not in their lists). `after` skips to the first line that starts with it.
 */
export function subdivisionCodes(lines: string[], opens: string, after?: string): string[] {
  const from = after ? lines.findIndex((line) => line.startsWith(after)) : 0;
  // A subdivision nested in a clause opens indented (note 2(v)(iii)(a)).
  const first = lines.findIndex((line, index) => index >= from && line.trimStart().startsWith(opens.trimStart()));
  if (first < 0) throw new Error(`U.S. notes: no subdivision opening with "${opens}"`);
  const next = lines.findIndex((line, index) => index > first && /^\([a-z]{1,4}\) /.test(line));
  const codes = new Set<string>();
  for (const raw of lines.slice(first + 1, next)) {
    // Enumerations list numbers between wide gaps; prose quotes them inside sentences. The Rev 6 text
    // misprints one number of note 30(b) as 2803;00.00 and one of note 30(d) as 7217,10.90.
    const line = raw.replace(/(\d{4})[;,](\d{2})/g, '$1.$2');
    if (!/^\s{6,}\d{4}/.test(line)) continue;
    for (const match of line.matchAll(/\b(\d{4})(?:\.(\d{2}))?(?:\.(\d{2}(?:\d{2})?))?\b/g)) {
      if (!/^9[89]/.test(match[1])) codes.add(match.slice(1).filter(Boolean).join(''));
    }
  }
  return [...codes].sort();
}

/**
 * The provisions (8-digit subheadings and 10-digit statistical lines, without dots, as printed) a
 * subdivision lists in running text, "…: 7610.10.00; 7612.10.0000; …", from the line that starts
 * with `opens` to the first after it that starts with `ends`; the list follows the last colon-ended
 * phrase "United States:" when the subdivision has one (note 19(j), (k)).
 */
export function listedProvisions(lines: string[], opens: string, ends: string): string[] {
  const first = lines.findIndex((line) => line.startsWith(opens));
  if (first < 0) throw new Error(`U.S. notes: no subdivision opening with "${opens}"`);
  const last = lines.findIndex((line, index) => index > first && line.startsWith(ends));
  const body = lines.slice(first, last).join(' ').split('United States:').pop() as string;
  const codes = [...body.matchAll(/\b(\d{4})\.(\d{2})\.(\d{2}(?:\d{2})?)\b/g)]
    .map((match) => match.slice(1).join(''))
    .filter((code) => !code.startsWith('99'));
  return [...new Set(codes)].sort();
}
