import { CsvError, parse } from 'csv-parse/sync';
import {
  type LengthUnit,
  type LoadItem,
  type LoadPlanRequest,
  type LoadPlanRequestError,
  STANDARD_CONTAINER_TYPES,
  type StandardContainerType,
  type WeightUnit,
} from '../domain/loadplan';
import { DomainError } from '../domain/shared';

/** How a piece may be handled, as one choice per row (repeated form fields cannot carry checkboxes). */
export const handlings = {
  any: 'Any way up',
  this_side_up: 'This side up',
  fragile: 'Fragile: nothing on top',
  this_side_up_fragile: 'This side up and fragile',
} as const;
export type Handling = keyof typeof handlings;

export const rowFields = ['id', 'length', 'width', 'height', 'weight', 'quantity'] as const;
export type ItemRow = Record<(typeof rowFields)[number], string> & { handling: string };

/** What the person typed, kept to fill the form in again. */
export interface LoadPlanForm {
  lengthUnit: string;
  weightUnit: string;
  container: string;
  rows: ItemRow[];
  csv: string;
}

export const blankRow = (): ItemRow => ({
  id: '',
  length: '',
  width: '',
  height: '',
  weight: '',
  quantity: '',
  handling: 'any',
});

export const newLoadPlanForm = (): LoadPlanForm => ({
  lengthUnit: 'cm',
  weightUnit: 'kg',
  container: 'auto',
  rows: [blankRow(), blankRow(), blankRow()],
  csv: '',
});

/** The most item rows the form carries (a longer list goes in the CSV box). */
export const maxRows = 50;

const list = (value: unknown): string[] =>
  Array.isArray(value) ? value.map((v) => String(v)) : typeof value === 'string' ? [value] : [];
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The posted form (repeated `item_*` fields, one per row) as typed. */
export function readLoadPlanForm(body: Record<string, unknown>): LoadPlanForm {
  const columns = Object.fromEntries([...rowFields, 'handling'].map((name) => [name, list(body[`item_${name}`])]));
  const count = Math.min(maxRows, Math.max(0, ...Object.values(columns).map((values) => values.length)));
  const rows = Array.from({ length: count }, (_, i) => {
    const row = blankRow();
    for (const name of [...rowFields, 'handling'] as const) row[name] = columns[name][i] ?? row[name];
    return row;
  });
  return {
    lengthUnit: text(body.length_unit),
    weightUnit: text(body.weight_unit),
    container: text(body.container) || 'auto',
    rows,
    csv: text(body.items_csv),
  };
}

/** Where a request item came from: a row of the form, or a line of the CSV. */
type Origin = { row: number } | { line: number };

const isBlank = (row: ItemRow) => rowFields.every((name) => row[name].trim() === '');
/** Empty is not zero: the planner then says the field must be a positive number. */
const numberOf = (value: string): number => (value.trim() === '' ? Number.NaN : Number(value.trim()));

function itemOf(fields: Record<string, string>, handling: string): LoadItem {
  const rule = handling in handlings ? (handling as Handling) : 'any';
  return {
    id: (fields.id ?? '').trim(),
    length: numberOf(fields.length ?? ''),
    width: numberOf(fields.width ?? ''),
    height: numberOf(fields.height ?? ''),
    weight: numberOf(fields.weight ?? ''),
    quantity: numberOf(fields.quantity ?? ''),
    orientation: rule.startsWith('this_side_up') ? 'this_side_up' : 'any',
    fragile: rule.endsWith('fragile'),
    ...(fields.stop?.trim() ? { stop: numberOf(fields.stop) } : {}),
  };
}

const csvColumns = ['id', 'length', 'width', 'height', 'weight', 'quantity'];

/** CSV lines with a header naming at least id, length, width, height, weight, quantity (stop, handling optional). */
function csvItems(csv: string): { item: LoadItem; line: number }[] {
  if (csv.trim() === '') return [];
  let header: string[] = [];
  let records: Record<string, string>[];
  try {
    records = parse(csv, {
      columns: (names: string[]) => (header = names.map((name) => name.trim().toLowerCase())),
      skip_empty_lines: true,
      trim: true,
    });
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    throw new DomainError('invalid_input', 'The CSV could not be read.', [
      { field: 'items_csv', message: `cannot be read: ${error.message}` },
    ]);
  }
  const missing = csvColumns.filter((name) => !header.includes(name));
  if (missing.length > 0)
    throw new DomainError('invalid_input', 'The CSV lacks columns.', [
      {
        field: 'items_csv',
        message: `needs a header line with ${csvColumns.join(', ')} (missing ${missing.join(', ')})`,
      },
    ]);
  return records.map((record, i) => ({ item: itemOf(record, record.handling ?? 'any'), line: i + 2 }));
}

/** The form as the planner's request, with each item's origin to put the planner's problems back on the form. */
export function toLoadPlanRequest(form: LoadPlanForm): { request: LoadPlanRequest; origins: Origin[] } {
  const items: LoadItem[] = [];
  const origins: Origin[] = [];
  form.rows.forEach((row, i) => {
    if (isBlank(row)) return;
    items.push(itemOf(row, row.handling));
    origins.push({ row: i });
  });
  for (const { item, line } of csvItems(form.csv)) {
    items.push(item);
    origins.push({ line });
  }
  const types: readonly string[] = STANDARD_CONTAINER_TYPES;
  const request: LoadPlanRequest = {
    lengthUnit: form.lengthUnit as LengthUnit,
    weightUnit: form.weightUnit as WeightUnit,
    items,
    container: types.includes(form.container)
      ? { kind: 'standard', type: form.container as StandardContainerType }
      : { kind: 'auto' },
  };
  return { request, origins };
}

/** The form field a planner problem is about: `length-2` for the third row's length, `items_csv` for a CSV line. */
export function loadPlanFormProblem(error: LoadPlanRequestError, origins: Origin[]): DomainError {
  const issues = error.problems.map((problem) => {
    const [head, index, name] = problem.path;
    if (head === 'lengthUnit' || head === 'weightUnit')
      return { field: head === 'lengthUnit' ? 'length_unit' : 'weight_unit', message: problem.message };
    if (head !== 'items' || typeof index !== 'number') return { field: 'items', message: problem.message };
    const origin = origins[index];
    const column = typeof name === 'string' ? name : 'item';
    return 'row' in origin
      ? { field: `${column}-${origin.row}`, message: problem.message }
      : { field: 'items_csv', message: `line ${origin.line}: ${column} ${problem.message}` };
  });
  const kind = error.status === 413 ? 'too_large' : 'invalid_input';
  return new DomainError(
    kind,
    error.status === 413 ? `${issues.map((i) => i.message).join('; ')}.` : 'Check the fields marked below.',
    issues,
  );
}
