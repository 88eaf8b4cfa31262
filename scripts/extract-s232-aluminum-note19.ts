/**
 * `npx tsx scripts/extract-s232-aluminum-note19.ts`: writes data/tariff/s232_aluminum_derivatives_note19.csv,
 * the provisions U.S. note 19(i), (j) and (k) to subchapter III of chapter 99 enumerate for the
 * derivative aluminum headings 9903.85.04, .07 and .08 (HTS 2026 Rev 6 text), each at the precision
 * the note prints it (8-digit subheading or 10-digit statistical line), with the date it entered the
 * list. The note text is undated: `included_from` is 2025-03-12 (Proclamation 10895) for a provision
 * whose subheading the Yale derivative list carries without a date, the list's own date (2025-08-18,
 * FR doc 2025-15819) where it has one, and empty where neither says: such a row is not applied.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { usNotesLines } from './lib/us-notes';

const root = path.resolve(__dirname, '..');
const target = path.join(root, 'data/tariff/s232_aluminum_derivatives_note19.csv');
const yaleFile = path.join(root, 'data/tariff/yale-tariff-rate-tracker/resources/s232_derivative_products.csv');
const originalListDate = '2025-03-12';

const subdivisions = [
  { subdivision: 'i', heading: '9903.85.04', opens: '(i) The rates of duty set forth in heading 9903.85.04', ends: '(j) ' },
  { subdivision: 'j', heading: '9903.85.07', opens: '(j) The rates of duty set forth in heading 9903.85.07', ends: '(k) ' },
  { subdivision: 'k', heading: '9903.85.08', opens: '(k) The rates of duty in heading 9903.85.08', ends: 'For any derivative' },
];

const text = usNotesLines();
const section = (opens: string, ends: string): string => {
  const first = text.findIndex((line) => line.startsWith(opens));
  if (first < 0) throw new Error(`U.S. note 19: no subdivision opening with "${opens}"`);
  const last = text.findIndex((line, index) => index > first && line.startsWith(ends));
  return text.slice(first, last).join(' ');
};

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

const rows = ['hts,heading,subdivision,included_from'];
for (const { subdivision, heading, opens, ends } of subdivisions) {
  // The provisions follow the opening sentence (after "United States:" in (j) and (k)).
  const body = section(opens, ends).split('United States:').pop() as string;
  const codes = [...body.matchAll(/\b(\d{4})\.(\d{2})\.(\d{2}(?:\d{2})?)\b/g)]
    .map((match) => match.slice(1).join(''))
    .filter((code) => !code.startsWith('99'));
  for (const code of [...new Set(codes)].sort()) rows.push(`${code},${heading},${subdivision},${includedFrom(heading, code)}`);
}
fs.writeFileSync(target, rows.join('\n') + '\n');
console.log(`wrote ${rows.length - 1} provisions to ${path.relative(process.cwd(), target)}`);
