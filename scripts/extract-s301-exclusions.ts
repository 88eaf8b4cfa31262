/**
 * `npx tsx scripts/extract-s301-exclusions.ts`: writes data/tariff/s301_china_exclusions.csv from the
 * text of U.S. note 20(vvv) and 20(www) to subchapter III of chapter 99 (the USITC chapter 99 text in
 * data/tariff/yale-tariff-rate-tracker/us_notes). Each row is a statistical reporting number an
 * exclusion names, the exclusion heading (9903.88.69 or .70) and the List heading it relieves. An
 * exclusion covers only the product its paragraph describes: the list marks lines where a claim may
 * fit, it is not an exclusion by itself.
 */
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..');
const notes = path.join(root, 'data/tariff/yale-tariff-rate-tracker/us_notes/chapter99_2026_rev_6.txt');
const target = path.join(root, 'data/tariff/s301_china_exclusions.csv');

/** The paragraphs of note 20(vvv) and (www), each naming the List heading whose duty it lifts. */
const paragraphs: Array<{ start: RegExp; exclusion: string; relieves: string[] }> = [
  { start: /^\(vvv\)\s+\(i\) /, exclusion: '9903.88.69', relieves: ['9903.88.01'] },
  { start: /^\(ii\) The U\.S\. Trade Representative/, exclusion: '9903.88.69', relieves: ['9903.88.02'] },
  { start: /^\(iii\) The U\.S\. Trade Representative/, exclusion: '9903.88.69', relieves: ['9903.88.03', '9903.88.04'] },
  { start: /^\(iv\) The U\.S\. Trade Representative/, exclusion: '9903.88.69', relieves: ['9903.88.15'] },
  { start: /^\(www\) The U\.S\. Trade Representative/, exclusion: '9903.88.70', relieves: ['9903.88.02'] },
];
/** Note 21 follows note 20(www). */
const end = /^\(b\) For purposes of subheading 9903\.89\.05/;

const lines = fs.readFileSync(notes, 'latin1').split('\n');
const from = lines.findIndex((line) => paragraphs[0].start.test(line));
if (from < 0) throw new Error('note 20(vvv) not found');
const rows = new Set<string>();
let current: (typeof paragraphs)[number] | null = null;
for (const line of lines.slice(from)) {
  if (end.test(line)) break;
  current = paragraphs.find((paragraph) => paragraph.start.test(line)) ?? current;
  if (!current) continue;
  // The numbers a paragraph's items are "described in"; the heading numbers of its preamble are 8-digit.
  for (const match of line.matchAll(/\b(\d{4})\.(\d{2})\.(\d{4})\b/g)) {
    for (const relieves of current.relieves) rows.add(`${match[1]}${match[2]}${match[3]},${current.exclusion},${relieves}`);
  }
}
fs.writeFileSync(target, ['hts10,exclusion_heading,relieves_heading', ...[...rows].sort()].join('\n') + '\n');
console.log(`wrote ${rows.size} rows to ${path.relative(root, target)}`);
