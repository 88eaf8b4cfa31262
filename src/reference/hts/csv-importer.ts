import { CsvError, parse } from 'csv-parse/sync';
import { optionalText, rowCode, rowDescription, rowIndent, rowUnits } from './hts-rows';
import { HtsFileRejected, HtsRow } from '../../domain/hts';
import { givingWay } from '../../domain/shared';

/** The columns of USITC's CSV export, in order (the file starts with a UTF-8 byte-order mark). */
export const htsCsvColumns = [
  'HTS Number',
  'Indent',
  'Description',
  'Unit of Quantity',
  'General Rate of Duty',
  'Special Rate of Duty',
  'Column 2 Rate of Duty',
  'Quota Quantity',
  'Additional Duties',
] as const;

function csvRecords(bytes: Buffer): string[][] {
  try {
    return parse(bytes, { bom: true, skip_empty_lines: true }) as string[][];
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    if (error.code === 'CSV_QUOTE_NOT_CLOSED') {
      throw new HtsFileRejected(
        `the CSV ends inside a quoted cell (line ${String(error.lines)}): the file is truncated`,
      );
    }
    throw new HtsFileRejected(`the CSV is malformed: ${error.message}`);
  }
}

function unitsCell(cell: string, where: string): string[] {
  if (cell.trim() === '') return [];
  let value: unknown;
  try {
    value = JSON.parse(cell);
  } catch {
    throw new HtsFileRejected(`${where}: unit of quantity ${JSON.stringify(cell)} is not a list`);
  }
  return rowUnits(value, where);
}

/** Reads USITC's CSV export. The CSV has no footnotes and no separate statistical-suffix column. */
export async function readHtsCsv(bytes: Buffer): Promise<HtsRow[]> {
  const records = csvRecords(bytes);
  if (records.length === 0) throw new HtsFileRejected('the file is empty');
  const header = records[0].map((name) => name.trim());
  if (header.join('|') !== htsCsvColumns.join('|')) {
    throw new HtsFileRejected(`unexpected CSV columns "${header.join(', ')}"; expected "${htsCsvColumns.join(', ')}"`);
  }
  const rows: HtsRow[] = [];
  const giveWay = givingWay();
  for (let index = 1; index < records.length; index++) {
    await giveWay();
    const [htsno, indent, description, units, general, special, other, quotaQuantity, additionalDuties] =
      records[index];
    const where = `row ${index}${htsno ? ` (${htsno})` : ''}`;
    rows.push({
      ...rowCode(htsno, '', where),
      indent: rowIndent(indent, where),
      description: rowDescription(description, where),
      units: unitsCell(units, where),
      general: optionalText(general),
      special: optionalText(special),
      other: optionalText(other),
      footnotes: [],
      quotaQuantity: optionalText(quotaQuantity),
      additionalDuties: optionalText(additionalDuties),
    });
  }
  return rows;
}
