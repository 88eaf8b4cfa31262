import fs from 'node:fs';
import { parse } from 'csv-parse/sync';
import { parseRateExpression, parseSpecialColumn } from '../../../../../src/domain/tariff/rate-text/parse-rate-text';
import { realHtsFile } from '../../../../support/hts-fixtures';

// Runs the parser over every rate text of HTS 2026 Revision 4 (the official USITC CSV export) and
// reports how many parse, per HTS section. Target: every text of chapters 1–97.
const rev4 = realHtsFile('hts_2026_revision_4_csv.csv');

/** HTS sections by first chapter, for the report. */
const sections: Array<[name: string, firstChapter: number, lastChapter: number]> = [
  ['I (1–5)', 1, 5],
  ['II (6–14)', 6, 14],
  ['III (15)', 15, 15],
  ['IV (16–24)', 16, 24],
  ['V (25–27)', 25, 27],
  ['VI (28–38)', 28, 38],
  ['VII (39–40)', 39, 40],
  ['VIII (41–43)', 41, 43],
  ['IX (44–46)', 44, 46],
  ['X (47–49)', 47, 49],
  ['XI (50–63)', 50, 63],
  ['XII (64–67)', 64, 67],
  ['XIII (68–70)', 68, 70],
  ['XIV (71)', 71, 71],
  ['XV (72–83)', 72, 83],
  ['XVI (84–85)', 84, 85],
  ['XVII (86–89)', 86, 89],
  ['XVIII (90–92)', 90, 92],
  ['XIX (93)', 93, 93],
  ['XX (94–96)', 94, 96],
  ['XXI (97)', 97, 97],
  ['XXII (98–99)', 98, 99],
];

describe('rate text parser over HTS 2026 Rev 4', () => {
  it('parses every rate text of chapters 1–97 and reports coverage per section', () => {
    const rows = parse(fs.readFileSync(rev4), { columns: true, bom: true }) as Array<Record<string, string>>;
    const tally = new Map(sections.map(([name]) => [name, { texts: 0, parsed: 0 }]));
    const failures: string[] = [];
    for (const row of rows) {
      const chapter = Number(row['HTS Number'].slice(0, 2));
      const section = sections.find(([, first, last]) => chapter >= first && chapter <= last);
      if (!section) continue;
      const counts = tally.get(section[0]) as { texts: number; parsed: number };
      const texts: Array<[string, { kind: string }]> = [];
      if (row['General Rate of Duty'])
        texts.push([row['General Rate of Duty'], parseRateExpression(row['General Rate of Duty'])]);
      if (row['Special Rate of Duty'])
        texts.push([row['Special Rate of Duty'], parseSpecialColumn(row['Special Rate of Duty'])]);
      if (row['Column 2 Rate of Duty'])
        texts.push([row['Column 2 Rate of Duty'], parseRateExpression(row['Column 2 Rate of Duty'])]);
      for (const [text, parsed] of texts) {
        counts.texts += 1;
        if (parsed.kind !== 'unparseable') counts.parsed += 1;
        else if (chapter <= 97) failures.push(`${row['HTS Number']}: ${text}`);
      }
    }
    const lines = [...tally].map(
      ([name, { texts, parsed }]) =>
        `${name.padEnd(14)} ${String(parsed).padStart(6)} / ${String(texts).padEnd(6)} ${((100 * parsed) / Math.max(texts, 1)).toFixed(2)}%`,
    );
    const all = [...tally.values()].reduce(
      (sum, { texts, parsed }) => ({ texts: sum.texts + texts, parsed: sum.parsed + parsed }),
      { texts: 0, parsed: 0 },
    );
    console.log(
      `Rate text parser coverage, HTS 2026 Rev 4 (general, special, column 2):\n${lines.join('\n')}\nall            ${all.parsed} / ${all.texts}`,
    );
    expect(failures).toEqual([]);
    const chapter9899 = tally.get('XXII (98–99)') as { texts: number; parsed: number };
    expect(chapter9899.parsed / chapter9899.texts).toBeGreaterThan(0.999);
  });
});
