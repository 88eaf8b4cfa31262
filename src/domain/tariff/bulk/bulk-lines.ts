import Decimal from 'decimal.js';
import { DomainError, type FieldIssue, givingWay } from '../../shared';
import { claimCatalogue } from '../claims/claim-catalogue';
import { validateDutyRequest, type ClaimInput, type DutyInput, type TransportMode } from '../engine/duty-request';
import { InvalidTariffRequestError } from '../errors';
import {
  BulkFileLayout,
  BulkLine,
  columnAliases,
  inputColumns,
  InputColumn,
  knownColumns,
  requiredColumns,
} from './bulk-columns';

/** The largest bulk file accepted: 8 MiB (50,000 lines of CSV take about 4 MiB). */
export const maxBulkFileBytes = 8 * 1024 * 1024;
/** The most lines one job takes. */
export const maxBulkLines = 50_000;
/** The most errors a refused file lists; `error_count` says how many there are in all. */
export const maxListedErrors = 100;

/** A row as read from a file or the JSON body: where it was (for errors) and its cells by column. */
export interface RawRow {
  /** The error pointer's prefix for this row: `file/<sheet row>` or `lines/<index>`. */
  at: string;
  cells: Record<string, unknown>;
}

/** A cell as text: numbers as written, dates as YYYY-MM-DD, blanks as null. */
export function cellText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10);
  const text = String(value).trim();
  return text === '' ? null : text;
}

/** Where a cell that is not what its column holds goes: refused at once (the default), or reported and left out. */
type CellProblem = (field: string, message: string) => void;
const refuse: CellProblem = (field, message) => {
  throw new InvalidTariffRequestError(field, message);
};

/**
 * A number in a cell. A file has no schema to check its cells, so the bounds the API's schema puts
 * on the same fields are checked here (a value above 0, a quantity or claimed value of 0 or more).
 */
function decimalCell(
  text: string,
  field: string,
  bound: 'positive' | 'non_negative',
  problem: CellProblem,
): Decimal | undefined {
  let value: Decimal | null = null;
  try {
    value = new Decimal(text);
  } catch {
    // Not a number: reported below.
  }
  if (value === null || !value.isFinite()) return void problem(field, `${field} must be a number`);
  if (bound === 'positive' ? value.lessThanOrEqualTo(0) : value.isNegative()) {
    return void problem(field, `${field} must be ${bound === 'positive' ? 'greater than 0' : '0 or more'}`);
  }
  return value;
}

/** `code` or `code=value` separated by semicolons, as a spreadsheet cell holds claims; a claim with a bad number is left out after its problem. */
function claimsOfCell(text: string | null | undefined, problem: CellProblem): ClaimInput[] {
  if (!text) return [];
  const claims: ClaimInput[] = [];
  text
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .forEach((part, index) => {
      const at = part.indexOf('=');
      const code = (at < 0 ? part : part.slice(0, at)).trim();
      const argument = at < 0 ? undefined : part.slice(at + 1).trim();
      const takes = claimCatalogue.get(code)?.takes;
      if (argument === undefined) claims.push({ code });
      else if (takes === 'text') claims.push({ code, text: argument });
      else if (takes === 'date') claims.push({ code, date: argument });
      else {
        const value = decimalCell(argument, `claims/${index}/value`, 'non_negative', problem);
        if (value !== undefined) claims.push({ code, value });
      }
    });
  return claims;
}

/** The claims of a cell, as the calculator takes them. */
export const parseClaimsCell = (text: string | null | undefined): ClaimInput[] => claimsOfCell(text, refuse);

/** A claim of the JSON form (numbers, texts, dates) as a claims cell holds it. */
export function claimsCellOf(
  claims: ReadonlyArray<{ code: string; value?: number; text?: string; date?: string }>,
): string {
  return claims
    .map((claim) => {
      const argument = claim.text ?? claim.date ?? (claim.value === undefined ? undefined : String(claim.value));
      return argument === undefined ? claim.code : `${claim.code}=${argument}`;
    })
    .join('; ');
}

const transportModes: ReadonlySet<string> = new Set<TransportMode>(['ocean', 'air', 'truck', 'rail']);

/**
 * The line as the calculator takes it. A cell that is not what its column holds is refused with the
 * calculator's field name; when checking a file, `problem` collects it instead and the field is left
 * out, so the calculator's own checks still report the line's other errors.
 */
export function dutyInputOf(line: BulkLine, problem: CellProblem = refuse): DutyInput {
  let mode = line.mode?.toLowerCase();
  if (mode !== undefined && !transportModes.has(mode)) {
    problem('mode', `mode must be one of ${[...transportModes].join(', ')}`);
    mode = undefined;
  }
  const quantity = line.quantity
    ? decimalCell(line.quantity, 'quantities/0/value', 'non_negative', problem)
    : undefined;
  return {
    htsCode: line.hts_code ?? '',
    countryCode: (line.country_code ?? '').toUpperCase(),
    declaredValue: line.value == null ? undefined : decimalCell(line.value, 'declared_value', 'positive', problem),
    entryDate: line.entry_date ?? undefined,
    quantities: quantity === undefined ? [] : [{ value: quantity, unit: line.unit ?? '' }],
    claims: claimsOfCell(line.claims, problem),
    mode: mode as TransportMode | undefined,
  };
}

/** The calculator's field names, as the file's columns. */
function columnOf(field: string): string {
  if (field === 'declared_value') return 'value';
  if (field.startsWith('quantities/')) return field.endsWith('/unit') ? 'unit' : 'quantity';
  if (field.startsWith('claims')) return 'claims';
  return field;
}

function lineIssues(line: BulkLine, kind: BulkFileLayout, today: string): Array<{ column: string; message: string }> {
  const issues: Array<{ column: string; message: string }> = [];
  for (const column of requiredColumns[kind])
    if (line[column] == null) issues.push({ column, message: `${column} is required` });
  if (line.unit != null && line.quantity == null)
    issues.push({ column: 'quantity', message: 'quantity is required when a unit is given' });
  if (line.quantity != null && line.unit == null)
    issues.push({ column: 'unit', message: 'unit is required when a quantity is given' });
  if (kind !== 'calculation') {
    if (line.entry_number != null && line.entry_number.length > 20)
      issues.push({ column: 'entry_number', message: 'entry_number must be at most 20 characters' });
    if (line.line_number != null && !/^[1-9]\d{0,3}$/.test(line.line_number))
      issues.push({ column: 'line_number', message: 'line_number must be a whole number from 1 to 9999' });
    for (const column of ['ieepa_paid', 'duty', 'mpf', 'hmf'] as const)
      if (line[column] != null && !/^\d+(\.\d+)?$/.test(line[column]))
        issues.push({ column, message: `${column} must be a non-negative decimal number` });
    if (line.liquidation_date != null && !/^\d{4}-\d{2}-\d{2}$/.test(line.liquidation_date))
      issues.push({ column: 'liquidation_date', message: 'liquidation_date must be a date, YYYY-MM-DD' });
  }
  // An entry summary's Chapter 99 row is a program of its line: only its duty is read.
  if (kind === 'entry_summary' && line.hts_code?.startsWith('9903')) return issues;
  if (kind === 'entry_summary')
    for (const column of ['country_code', 'value'] as const)
      if (line[column] == null) issues.push({ column, message: `${column} is required on a line's own HTS row` });
  if (issues.some((issue) => ['hts_code', 'country_code', 'value'].includes(issue.column))) return issues;
  // The calculator's messages name its fields; the file's column is `value`.
  const report = (field: string, message: string) =>
    issues.push({ column: columnOf(field), message: message.replace(/\bdeclared_value\b/g, 'value') });
  const input = dutyInputOf(line, report);
  try {
    validateDutyRequest(input, () => today);
  } catch (error) {
    if (!(error instanceof InvalidTariffRequestError)) throw error;
    report(error.field, error.message);
  }
  const order = inputColumns[kind] as readonly string[];
  return issues.sort((a, b) => order.indexOf(a.column) - order.indexOf(b.column));
}

/**
 * Reads every row into a line of the kind's columns and checks each as the calculator would. Any
 * error refuses the whole input (nothing runs): a DomainError listing the first errors by row and
 * column, with `error_count` for all of them. More lines than the limit is `too_large`.
 */
export async function readBulkLines(rows: RawRow[], kind: BulkFileLayout, today: string): Promise<BulkLine[]> {
  if (rows.length === 0)
    throw new DomainError('invalid_input', 'The input has no lines.', [
      { field: 'lines', message: 'at least one line is required' },
    ]);
  if (rows.length > maxBulkLines)
    throw new DomainError(
      'too_large',
      `${rows.length} lines; a bulk job takes at most ${maxBulkLines} (limit max_bulk_lines). Split the file.`,
    );
  const columns = inputColumns[kind] as readonly InputColumn[];
  const issues: FieldIssue[] = [];
  const lines: BulkLine[] = [];
  // Checked in the request: 50,000 lines take about half a second, with turns for other requests.
  const giveWay = givingWay();
  for (const row of rows) {
    await giveWay();
    const line: BulkLine = {};
    for (const column of columns) line[column] = cellText(row.cells[column]);
    for (const { column, message } of lineIssues(line, kind, today))
      issues.push({ field: `${row.at}/${column}`, message });
    lines.push(line);
  }
  if (issues.length > 0) {
    throw new DomainError(
      'invalid_input',
      `${issues.length} error(s) in the input; nothing was queued. Correct them and send the whole input again.`,
      issues.slice(0, maxListedErrors),
      {
        error_count: issues.length,
      },
    );
  }
  return lines;
}

/** Header cells as column names (trimmed, lower case, spaces as underscores); an unknown or repeated column is an error. */
export function readHeader(header: unknown[], at: string): string[] {
  const names = header.map((cell) => {
    const name = (cellText(cell) ?? '').toLowerCase().replace(/\s+/g, '_');
    return (columnAliases[name] as string | undefined) ?? name;
  });
  const issues: FieldIssue[] = [];
  names.forEach((name, index) => {
    if (name === '') return;
    if (!knownColumns.has(name))
      issues.push({ field: `${at}/${name}`, message: `unknown column "${name}"; the template names the columns` });
    else if (names.indexOf(name) !== index)
      issues.push({ field: `${at}/${name}`, message: `column "${name}" appears twice` });
  });
  if (issues.length > 0)
    throw new DomainError(
      'invalid_input',
      'The header row names columns this file format does not have.',
      issues.slice(0, maxListedErrors),
      { error_count: issues.length },
    );
  return names;
}
