/**
 * `npx tsx scripts/extract-ieepa-annex-ii.ts`: writes data/tariff/ieepa_annex_ii_note2v3a.csv, the HTS
 * numbers (4 to 10 digits) that U.S. note 2(v)(iii)(a) to subchapter III of chapter 99 enumerates:
 * products classified there are not subject to the IEEPA reciprocal duties (heading 9903.01.32;
 * Annex II of EO 14257 as amended). The note names headings (8471), subheadings and one statistical
 * line (8505.11.0070); a number matches every line under it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { subdivisionCodes, usNotesLines } from './lib/us-notes';

const target = path.resolve(__dirname, '..', 'data/tariff/ieepa_annex_ii_note2v3a.csv');
const codes = subdivisionCodes(
  usNotesLines(),
  '(a) As provided for in heading 9903.01.32',
  '(v) (i)  Except as provided in headings 9903.01.26',
);
fs.writeFileSync(target, ['hts', ...codes].join('\n') + '\n');
console.log(`wrote ${codes.length} numbers to ${path.relative(process.cwd(), target)}`);
