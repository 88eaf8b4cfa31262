import { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { DomainError, type Table, withoutFormulaGuard } from '../../shared';
import { type BulkFileLayout, type BulkJobKind, inputColumns, requiredColumns } from './bulk-columns';
import { type BulkJob, type BulkJobLine, resultColumns, resultRow } from './bulk-job.service';
import { maxBulkLines, RawRow, readHeader } from './bulk-lines';

/**
 * Bulk files: CSV (comma-separated, UTF-8, a header row) and XLSX (the first worksheet, a header
 * row) read into rows; the results and the template as tables for the shared writer
 * (`writeTable`, as every export), so a results file uploads again as it is. A spreadsheet's row
 * number is kept so errors name the row the user sees (the header is row 1).
 */

/** Columns whose text must stay text in a workbook (an HTS number or a reference is not a number). */
const textColumns = new Set([
  'hts_code',
  'reference',
  'entry_number',
  'country_code',
  'claims',
  'headings',
  'hts_release',
  'rules_version',
]);

/** A job's results, every line in order, as a table (the lines read as the writer goes). */
export function resultsTable(job: BulkJob, lines: AsyncIterable<BulkJobLine>): Table {
  const columns = resultColumns(job.kind);
  const rows = (async function* () {
    for await (const line of lines) yield resultRow(job.kind, line);
  })();
  return {
    name: 'lines',
    columns,
    rows,
    numericTextColumns: new Set(columns.filter((column) => !textColumns.has(column))),
  };
}

/** The input columns of a kind, for a user to fill in. */
export function templateTable(kind: BulkJobKind): Table {
  return { name: 'lines', columns: inputColumns[kind], rows: [] };
}

/** A cell as written: the formula guard's quote of a file we wrote is taken off again. */
const readCell = (cell: unknown) => (typeof cell === 'string' ? withoutFormulaGuard(cell) : cell);

function rowsOf(kind: BulkFileLayout, header: string[], body: Array<{ number: number; cells: unknown[] }>): RawRow[] {
  const missing = requiredColumns[kind].filter((column) => !header.includes(column));
  if (missing.length > 0) {
    throw new DomainError(
      'invalid_input',
      `The header row lacks required column(s): ${missing.join(', ')}.`,
      missing.map((column) => ({ field: `file/1/${column}`, message: `column ${column} is required` })),
      { error_count: missing.length },
    );
  }
  return body
    .filter((row) => row.cells.some((cell) => cell !== null && cell !== undefined && String(cell).trim() !== ''))
    .map((row) => ({
      at: `file/${row.number}`,
      cells: Object.fromEntries(
        header.map((name, index) => [name, readCell(row.cells[index])]).filter(([name]) => name !== ''),
      ),
    }));
}

/** More rows than a job takes stops the reading early: the answer is the same and the rest is never parsed. */
function tooManyRows(): DomainError {
  return new DomainError(
    'too_large',
    `More than ${maxBulkLines} lines; a bulk job takes at most ${maxBulkLines} (limit max_bulk_lines). Split the file.`,
  );
}

export function readCsv(data: Buffer, kind: BulkFileLayout): RawRow[] {
  let records: Array<{ record: string[]; info: { records: number; empty_lines: number } }>;
  try {
    records = parse(data, {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      to: maxBulkLines + 2,
    }) as unknown as typeof records;
  } catch (error) {
    throw new DomainError('invalid_input', `The CSV file cannot be read: ${(error as Error).message}`, [
      { field: 'file', message: 'not readable as CSV' },
    ]);
  }
  if (records.length > maxBulkLines + 1) throw tooManyRows();
  const [first, ...body] = records;
  if (!first)
    throw new DomainError('invalid_input', 'The file is empty.', [
      { field: 'file', message: 'a header row and lines are required' },
    ]);
  // The row a spreadsheet shows: a blank line is a row, a quoted cell's line breaks are not.
  return rowsOf(
    kind,
    readHeader(first.record, 'file/1'),
    body.map((r) => ({ number: r.info.records + r.info.empty_lines, cells: r.record })),
  );
}

/** A workbook cell's value as plain data: rich text joined, a formula's result, a link's text. */
function plainCell(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  const cell = value as { richText?: Array<{ text: string }>; result?: unknown; text?: unknown; error?: string };
  if (cell.richText) return cell.richText.map((part) => part.text).join('');
  if ('result' in cell) return plainCell(cell.result);
  if ('text' in cell) return plainCell(cell.text);
  return null;
}

/** Reads the first worksheet with exceljs's streaming reader (the file is never loaded as a whole workbook). */
export async function readXlsx(data: Buffer, kind: BulkFileLayout): Promise<RawRow[]> {
  const rows: Array<{ number: number; cells: unknown[] }> = [];
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(data), {
      worksheets: 'emit',
      sharedStrings: 'cache',
      styles: 'cache',
      hyperlinks: 'ignore',
      entries: 'emit',
    });
    for await (const sheet of reader) {
      for await (const row of sheet) {
        // exceljs rows are 1-based sparse arrays.
        rows.push({ number: row.number, cells: (row.values as unknown[]).slice(1).map(plainCell) });
        if (rows.length > maxBulkLines + 1) throw tooManyRows();
      }
      break;
    }
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw new DomainError('invalid_input', `The XLSX file cannot be read: ${(error as Error).message}`, [
      { field: 'file', message: 'not readable as XLSX' },
    ]);
  }
  const [first, ...body] = rows;
  if (!first || first.number !== 1)
    throw new DomainError('invalid_input', 'The first worksheet has no header row in row 1.', [
      { field: 'file/1', message: 'a header row is required' },
    ]);
  return rowsOf(kind, readHeader(first.cells, 'file/1'), body);
}
