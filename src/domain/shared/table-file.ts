import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';

/**
 * Rows and columns written as a file a spreadsheet opens: CSV (RFC 4180, UTF-8 with a byte order
 * mark, a header row)
 * or XLSX (one sheet, header row frozen, numbers as numbers). An empty cell is null, never 0.
 */

export type Cell = string | number | null;

export interface Table {
  /** The XLSX sheet's name. */
  name: string;
  columns: string[];
  rows: Cell[][];
}

export type TableFormat = 'csv' | 'xlsx';

export const tableMediaTypes: Record<TableFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** A text a spreadsheet would run as a formula (=, +, -, @ first) is kept as text (OWASP CSV injection). */
const asText = (cell: Cell): Cell => (typeof cell === 'string' && /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell);

function toCsv(table: Table): Buffer {
  // CRLF as RFC 4180 says; the byte order mark makes Excel read UTF-8 (rate texts hold ¢).
  return Buffer.from(stringify([table.columns, ...table.rows.map((row) => row.map(asText))], { bom: true, record_delimiter: 'windows', cast: { number: String } }), 'utf8');
}

async function toXlsx(table: Table): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Tradelane';
  const sheet = workbook.addWorksheet(table.name, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.addRow(table.columns).font = { bold: true };
  for (const row of table.rows) sheet.addRow(row.map(asText));
  table.columns.forEach((column, i) => {
    sheet.getColumn(i + 1).width = Math.min(60, Math.max(10, column.length + 2));
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export function writeTable(table: Table, format: TableFormat): Promise<Buffer> {
  return format === 'csv' ? Promise.resolve(toCsv(table)) : toXlsx(table);
}
