/**
 * `npx tsx scripts/extract-russia-note30.ts`: writes data/tariff/russia_note30b.csv and
 * russia_note30d.csv, the 8-digit subheadings U.S. notes 30(b) and 30(d) to subchapter III of
 * chapter 99 enumerate: products of the Russian Federation there pay 35% (heading 9903.90.08) or 70%
 * (heading 9903.90.09) in lieu of column 2.
 */
import fs from 'node:fs';
import path from 'node:path';
import { subdivisionCodes, usNotesLines } from './lib/us-notes';

const lines = usNotesLines();
const after = '30. (a) For the purposes of heading 9903.90.08';
for (const [subdivision, opens] of [
  ['b', '(b) Heading 9903.90.08 applies'],
  ['d', '(d) Heading 9903.90.09 applies'],
] as const) {
  const target = path.resolve(__dirname, '..', `data/tariff/russia_note30${subdivision}.csv`);
  const codes = subdivisionCodes(lines, opens, after);
  fs.writeFileSync(target, ['hts8', ...codes].join('\n') + '\n');
  console.log(`wrote ${codes.length} subheadings to ${path.relative(process.cwd(), target)}`);
}
