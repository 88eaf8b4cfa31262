import fs from 'node:fs';
import { parse } from 'csv-parse/sync';
import type { HtsLine, HtsRelease } from '../../src/domain/tariff/hts-line-source';
import { InMemoryHtsLineSource } from '../../src/domain/tariff/in-memory-hts-line-source';

/**
 * Builds an InMemoryHtsLineSource from a USITC CSV export (tests and benchmarks only; the HTS release
 * importer replaces this). Ten- and eight-digit lines get their description path and inherit the
 * rates of the nearest rate-bearing ancestor by indent.
 */
export function linesFromUsitcCsv(file: string): Array<Omit<HtsLine, 'release'>> {
  const rows = parse(fs.readFileSync(file), { columns: true, bom: true }) as Array<Record<string, string>>;
  const stack: Array<{
    indent: number;
    description: string;
    code: string;
    general: string;
    special: string;
    column2: string;
  }> = [];
  const lines: Array<Omit<HtsLine, 'release'>> = [];
  for (const row of rows) {
    const indent = Number(row.Indent);
    while (stack.length > 0 && stack[stack.length - 1].indent >= indent) stack.pop();
    const code = row['HTS Number'].replace(/\./g, '');
    const own = {
      indent,
      description: row.Description.trim(),
      code,
      general: row['General Rate of Duty'],
      special: row['Special Rate of Duty'],
      column2: row['Column 2 Rate of Duty'],
    };
    stack.push(own);
    if (code.length !== 8 && code.length !== 10) continue;
    const rateLine = [...stack].reverse().find((entry) => entry.general !== '' && entry.code !== '');
    lines.push({
      code,
      description: own.description,
      descriptionPath: stack.map((entry) => entry.description.replace(/:$/, '')).join(' > '),
      units: row['Unit of Quantity']
        ? (JSON.parse(row['Unit of Quantity']) as string[]).map((unit) => unit.trim()).filter(Boolean)
        : [],
      general: rateLine?.general ?? '',
      special: rateLine?.special ?? '',
      column2: rateLine?.column2 ?? '',
      rateLineCode: rateLine?.code ?? code,
    });
  }
  return lines;
}

export function csvLineSource(file: string, release: HtsRelease, effectiveFrom: string): InMemoryHtsLineSource {
  return new InMemoryHtsLineSource([{ release, effectiveFrom, lines: linesFromUsitcCsv(file) }]);
}
