/**
 * `npx tsx scripts/extract-s232-aluminum-note19.ts`: writes data/tariff/s232_aluminum_derivatives_note19.csv,
 * the provisions U.S. note 19(i), (j) and (k) to subchapter III of chapter 99 enumerate for the
 * derivative aluminum headings 9903.85.04, .07 and .08 (HTS 2026 Rev 6 text), each at the precision
 * the note prints it (8-digit subheading or 10-digit statistical line), with the date it entered the
 * list. The note text is undated: `included_from` is 2025-03-12 (Proclamation 10895) for a provision
 * whose subheading the Yale derivative list carries without a date, the list's own date (2025-08-18,
 * FR doc 2025-15819) where it has one, and empty where neither says (no date held).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { listedProvisions, usNotesLines } from './lib/us-notes';

const root = path.resolve(__dirname, '..');
const target = path.join(root, 'data/tariff/s232_aluminum_derivatives_note19.csv');
const yaleFile = path.join(root, 'data/tariff/yale-tariff-rate-tracker/resources/s232_derivative_products.csv');
const originalListDate = '2025-03-12';

const note19Subdivisions = [
  {
    subdivision: 'i',
    heading: '9903.85.04',
    opens: '(i) The rates of duty set forth in heading 9903.85.04',
    ends: '(j) ',
  },
  {
    subdivision: 'j',
    heading: '9903.85.07',
    opens: '(j) The rates of duty set forth in heading 9903.85.07',
    ends: '(k) ',
  },
  {
    subdivision: 'k',
    heading: '9903.85.08',
    opens: '(k) The rates of duty in heading 9903.85.08',
    ends: 'For any derivative',
  },
];

// Yale's rows by heading and 8-digit subheading: the dates its list gives (empty: the original list).
const yale = new Map<string, string[]>();
for (const row of parse(fs.readFileSync(yaleFile), { columns: true }) as Array<Record<string, string>>) {
  const key = `${row.ch99_code}:${row.hts_prefix.slice(0, 8)}`;
  yale.set(key, [...(yale.get(key) ?? []), row.effective_date]);
}
const includedFrom = (heading: string, code: string): string => {
  const dates = yale.get(`${heading}:${code.slice(0, 8)}`);
  if (!dates) return '';
  // Yale lists some subheadings both undated and dated: the earlier date is the original list's.
  return dates.includes('') ? originalListDate : [...dates].sort()[0];
};

const notes = usNotesLines();
const rows = ['hts,heading,subdivision,included_from'];
for (const { subdivision, heading, opens, ends } of note19Subdivisions) {
  for (const code of listedProvisions(notes, opens, ends))
    rows.push(`${code},${heading},${subdivision},${includedFrom(heading, code)}`);
}
fs.writeFileSync(target, rows.join('\n') + '\n');
console.log(`wrote ${rows.length - 1} provisions to ${path.relative(process.cwd(), target)}`);
