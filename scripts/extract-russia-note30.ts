/**
 * `npx tsx scripts/extract-russia-note30.ts`: writes data/tariff/russia_note30b.csv, the 8-digit
 * subheadings U.S. note 30(b) to subchapter III of chapter 99 enumerates: products of the Russian
 * Federation there pay 35% (heading 9903.90.08) in lieu of column 2.
 */
import fs from 'node:fs';
import path from 'node:path';
import { subdivisionCodes, usNotesLines } from './lib/us-notes';

const target = path.resolve(__dirname, '..', 'data/tariff/russia_note30b.csv');
const codes = subdivisionCodes(usNotesLines(), '(b) Heading 9903.90.08 applies', '30. (a) For the purposes of heading 9903.90.08');
fs.writeFileSync(target, ['hts8', ...codes].join('\n') + '\n');
console.log(`wrote ${codes.length} subheadings to ${path.relative(process.cwd(), target)}`);
