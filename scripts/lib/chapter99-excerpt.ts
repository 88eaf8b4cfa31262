import fs from 'node:fs';
import path from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';

/** A Chapter 99 heading as a USITC CSV export prints it. */
export interface Chapter99Row {
  heading: string;
  description: string;
  general: string;
  special: string;
  other: string;
}

const excerptDir = path.resolve(__dirname, '..', '..', 'data', 'tariff', 'hts-2026-rev18-ch99-excerpt');
const excerptFiles = ['rev18_9903_new_headings_excerpt.csv', 'rev18_9903_45_30_31_quartz_rows.csv'];

/**
 * The Chapter 99 headings new since 2026 Rev 10 as HTS 2026 Rev 18 prints them (an excerpt of the
 * USITC CSV, data/tariff/hts-2026-rev18-ch99-excerpt): Chapter 99 headings with their rates, not an
 * HTS release. Each row is one line of the export; the excerpt's first line, the tail of a row cut at
 * its start, is not a heading row and is left out.
 */
export function rev18Chapter99Excerpt(): Chapter99Row[] {
  return excerptFiles.flatMap((name) =>
    fs
      .readFileSync(path.join(excerptDir, name), 'utf8')
      .split(/\r?\n/)
      .filter((line) => /^"99\d{2}\.\d{2}\.\d{2}"/.test(line))
      .map((line) => {
        const [heading, , description, , general, special, other] = (parseCsv(line) as string[][])[0];
        return { heading, description, general, special, other };
      }),
  );
}
