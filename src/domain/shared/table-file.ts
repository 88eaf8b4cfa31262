import { PassThrough } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { givingWay } from './give-way';

/**
 * Rows and columns written as a file a spreadsheet opens, for every export and the bulk job
 * results alike: CSV (RFC 4180 with CRLF, UTF-8 with a byte order mark, a header row) or XLSX (one
 * sheet, header row bold and frozen, numbers as numbers). Rows are read one at a time and the XLSX
 * is written with exceljs's streaming writer, so a 50,000-line file is never a workbook in memory.
 * An empty cell is null, never 0. A text a spreadsheet would run as a formula is kept as text.
 * Writing gives way to the rest of the process every 10 ms (givingWay), so a large export does not
 * hold the event loop, and the other requests, for the seconds it takes.
 */

export type Cell = string | number | null;

export interface Table {
  /** The XLSX sheet's name. */
  name: string;
  columns: readonly string[];
  rows: Iterable<Cell[]> | AsyncIterable<Cell[]>;
  /**
   * Columns holding exact decimal texts ("25000.50") that a workbook shows as numbers, so sums work
   * in the sheet; the CSV keeps the text as it is.
   */
  numericTextColumns?: ReadonlySet<string>;
}

export type TableFormat = 'csv' | 'xlsx';

export const tableMediaTypes: Record<TableFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

const plainNumber = /^-?\d+(\.\d+)?$/;
/** At most 15 integer digits: a double holds them exactly. */
const workbookNumber = /^-?\d{1,15}(\.\d+)?$/;

/**
 * A text a spreadsheet would run as a formula (=, +, -, @, tab or CR first) gets a leading `'`
 * (OWASP CSV injection); a plain number such as "-12.50" is not a formula and stays as it is.
 */
const asText = (cell: Cell): Cell =>
  typeof cell === 'string' && /^[=+\-@\t\r]/.test(cell) && !plainNumber.test(cell) ? `'${cell}` : cell;

/** The guard's quote taken off again, for a file read back (a results file uploaded as a job). */
export const withoutFormulaGuard = (text: string): string => (/^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text);

async function toCsv(table: Table): Promise<Buffer> {
  // CRLF as RFC 4180 says; the byte order mark makes Excel read UTF-8 (rate texts hold ¢).
  const options = { record_delimiter: 'windows', cast: { number: String } } as const;
  const parts = [stringify([table.columns as string[]], { ...options, bom: true })];
  const giveWay = givingWay();
  for await (const row of table.rows) {
    parts.push(stringify([row.map(asText)], options));
    await giveWay();
  }
  return Buffer.from(parts.join(''), 'utf8');
}

async function toXlsx(table: Table): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });
  workbook.creator = 'Tradelane';
  const sheet = workbook.addWorksheet(table.name, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = table.columns.map((column) => ({ width: Math.min(60, Math.max(10, column.length + 2)) }));
  const header = sheet.addRow(table.columns as string[]);
  header.font = { bold: true };
  header.commit();
  const numeric = table.numericTextColumns ?? new Set<string>();
  const giveWay = givingWay();
  for await (const row of table.rows) {
    await giveWay();
    sheet
      .addRow(
        row.map((cell, i) =>
          typeof cell === 'string' && numeric.has(table.columns[i]) && workbookNumber.test(cell)
            ? Number(cell)
            : asText(cell),
        ),
      )
      .commit();
  }
  sheet.commit();
  await workbook.commit();
  await done;
  return Buffer.concat(chunks);
}

export function writeTable(table: Table, format: TableFormat): Promise<Buffer> {
  return format === 'csv' ? toCsv(table) : toXlsx(table);
}
