/**
 * `npx tsx scripts/extract-s301-china-notes.ts`: reads U.S. note 20 to subchapter III of chapter 99
 * (the USITC chapter 99 text in data/tariff/yale-tariff-rate-tracker/us_notes) and writes
 * - data/tariff/s301_china_lists.csv: the subheadings (8 digits) and statistical lines (10 digits)
 *   that notes 20(b), (d), (f) and (g) enumerate for Lists 1, 2, 3 and the List 3 additions
 *   (9903.88.01–.04), so membership follows the note, at the 10-digit level where it names one
 *   (note 20(g) names statistical lines its subheadings leave out: `9903.88.04-except`);
 * - data/tariff/s301_china_exclusions.csv: each statistical reporting number an exclusion of notes
 *   20(vvv) and (www) names, the exclusion heading (9903.88.69 or .70), the List heading it
 *   relieves, and `whole_line`: `yes` when an item of the paragraph is the statistical reporting
 *   number alone ("(1) 0505.10.0050"), which excludes every article of that line; otherwise the
 *   exclusion covers only the product its item describes, and the line only marks where a claim
 *   may fit.
 */
import fs from 'node:fs';
import path from 'node:path';
import { subdivisionCodes, usNotesLines } from './lib/us-notes';

const root = path.resolve(__dirname, '..');
const target = path.join(root, 'data/tariff/s301_china_exclusions.csv');
const listsTarget = path.join(root, 'data/tariff/s301_china_lists.csv');

/** The paragraphs of note 20(vvv) and (www), each naming the List heading whose duty it lifts. */
const paragraphs: Array<{ start: RegExp; exclusion: string; relieves: string[] }> = [
  { start: /^\(vvv\)\s+\(i\) /, exclusion: '9903.88.69', relieves: ['9903.88.01'] },
  { start: /^\(ii\) The U\.S\. Trade Representative/, exclusion: '9903.88.69', relieves: ['9903.88.02'] },
  {
    start: /^\(iii\) The U\.S\. Trade Representative/,
    exclusion: '9903.88.69',
    relieves: ['9903.88.03', '9903.88.04'],
  },
  { start: /^\(iv\) The U\.S\. Trade Representative/, exclusion: '9903.88.69', relieves: ['9903.88.15'] },
  { start: /^\(www\) The U\.S\. Trade Representative/, exclusion: '9903.88.70', relieves: ['9903.88.02'] },
];
/** Note 21 follows note 20(www). */
const end = /^\(b\) For purposes of subheading 9903\.89\.05/;

const lines = usNotesLines();

/** The subdivisions of note 20 that enumerate a List, by the text that opens them. */
const note20 = '20. (a)  For the purposes of heading 9903.88.01';
const listSubdivisions = [
  { opens: '(b) Heading 9903.88.01 applies', heading: '9903.88.01' },
  { opens: '(d) Heading 9903.88.02 applies', heading: '9903.88.02' },
  { opens: '(f) Heading 9903.88.03 applies', heading: '9903.88.03' },
];
const listRows = listSubdivisions.flatMap((subdivision) =>
  subdivisionCodes(lines, subdivision.opens, note20).map((code) => `${code},${subdivision.heading}`),
);

/**
 * Note 20(g) (List 3 additions, 9903.88.04) names products one by one: "provided for in 9401.61.40,
 * except for such seats provided for in statistical reporting number 9401.61.4001". The subheading is
 * in, the statistical lines after "except" are out (rows of `9903.88.04-except`).
 */
const from = lines.findIndex(
  (line, index) =>
    index > lines.findIndex((l) => l.startsWith(note20)) &&
    line.startsWith('(g) For the purposes of heading 9903.88.04'),
);
const to = lines.findIndex((line, index) => index > from && /^\([a-z]{1,4}\) /.test(line));
const items = lines
  .slice(from + 1, to)
  .join(' ')
  .split(/\s\d+\.\s(?=[A-Z])/)
  .slice(1);
for (const item of items) {
  const [included, excepted = ''] = item.split(/,\s*except for such/);
  // Chapter 98 and 99 numbers belong to the note's conditions, not to its products.
  const digits = (text: string) =>
    [...text.matchAll(/\b(\d{4})\.(\d{2})\.(\d{2}(?:\d{2})?)\b/g)]
      .map((match) => match.slice(1).join(''))
      .filter((code) => !/^9[89]/.test(code));
  for (const row of [
    ...digits(included).map((code) => `${code},9903.88.04`),
    ...digits(excepted).map((code) => `${code},9903.88.04-except`),
  ]) {
    if (!listRows.includes(row)) listRows.push(row);
  }
}
fs.writeFileSync(listsTarget, ['hts,heading', ...listRows].join('\n') + '\n');
console.log(`wrote ${listRows.length} rows to ${path.relative(root, listsTarget)}`);

const vvv = lines.findIndex((line) => paragraphs[0].start.test(line));
if (vvv < 0) throw new Error('note 20(vvv) not found');
/** Row key (line, exclusion, relieved heading) → whether an item names the whole line. */
const rows = new Map<string, boolean>();
let current: (typeof paragraphs)[number] | null = null;
for (const line of lines.slice(vvv)) {
  if (end.test(line)) break;
  current = paragraphs.find((paragraph) => paragraph.start.test(line)) ?? current;
  if (!current) continue;
  const wholeLine = /^\s*\(\d+\)\s+\d{4}\.\d{2}\.\d{4}\s*$/.test(line);
  // The numbers a paragraph's items are "described in"; the heading numbers of its preamble are 8-digit.
  for (const match of line.matchAll(/\b(\d{4})\.(\d{2})\.(\d{4})\b/g)) {
    for (const relieves of current.relieves) {
      const key = `${match[1]}${match[2]}${match[3]},${current.exclusion},${relieves}`;
      rows.set(key, (rows.get(key) ?? false) || wholeLine);
    }
  }
}
const csvRows = [...rows].map(([key, whole]) => `${key},${whole ? 'yes' : 'no'}`).sort();
fs.writeFileSync(target, ['hts10,exclusion_heading,relieves_heading,whole_line', ...csvRows].join('\n') + '\n');
console.log(`wrote ${rows.size} rows to ${path.relative(root, target)}`);
