import { optionalText, rowCode, rowDescription, rowIndent, rowUnits } from './hts-rows';
import { HtsFileRejected, HtsFootnote, HtsRow, normaliseText } from '../../domain/hts';
import { givingWay } from '../../domain/shared';
import { parseJsonArray } from './json-array';

/** One element of USITC's JSON export (`hts_{YYYY}_revision_{N}_json.json`, reststop exportList). */
interface UsitcJsonRow {
  htsno?: unknown;
  statisticalSuffix?: unknown;
  indent?: unknown;
  description?: unknown;
  superior?: unknown;
  units?: unknown;
  general?: unknown;
  special?: unknown;
  other?: unknown;
  footnotes?: unknown;
  quotaQuantity?: unknown;
  additionalDuties?: unknown;
}

function text(value: unknown, field: string, where: string): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') throw new HtsFileRejected(`${where}: ${field} must be a text`);
  return optionalText(value);
}

function footnotes(value: unknown, where: string): HtsFootnote[] {
  if (value === null || value === undefined) return [];
  if (!Array.isArray(value)) throw new HtsFileRejected(`${where}: footnotes must be a list`);
  return value.map((note: unknown) => {
    if (typeof note !== 'object' || note === null) throw new HtsFileRejected(`${where}: a footnote is not an object`);
    const { columns, marker, value: noteText, type } = note as Record<string, unknown>;
    return {
      columns: Array.isArray(columns) ? columns.map(String) : [],
      marker: marker === null || marker === undefined ? '' : String(marker).trim(),
      value: typeof noteText === 'string' ? normaliseText(noteText) : '',
      type: typeof type === 'string' ? type : '',
    };
  });
}

const notValid = (error: Error) =>
  new HtsFileRejected(`not valid JSON (${error.message}): the file is truncated or corrupt`);

/** Reads USITC's JSON export: a bare array of rows with string `indent` and footnotes per column. */
export async function readHtsJson(bytes: Buffer): Promise<HtsRow[]> {
  const source = bytes.toString('utf8').replace(/^\uFEFF/, '');
  if (source.trim() === '') throw new HtsFileRejected('the file is empty');
  const giveWay = givingWay();
  let elements: unknown[] | null;
  try {
    elements = await parseJsonArray(source, giveWay);
    // Not an array: parsed whole, to say whether it is JSON at all.
    if (elements === null) JSON.parse(source);
  } catch (error) {
    throw notValid(error as Error);
  }
  if (elements === null) throw new HtsFileRejected('the JSON export must be an array of rows');
  const rows: HtsRow[] = [];
  for (const [index, element] of elements.entries()) {
    await giveWay();
    rows.push(jsonRow(element, index));
  }
  return rows;
}

/** One element of the export as a row, or the reason it cannot be one. */
function jsonRow(element: unknown, index: number): HtsRow {
  if (typeof element !== 'object' || element === null || Array.isArray(element)) {
    throw new HtsFileRejected(`row ${index + 1}: not an object`);
  }
  const row = element as UsitcJsonRow;
  const htsno = text(row.htsno, 'htsno', `row ${index + 1}`) ?? '';
  const where = `row ${index + 1}${htsno ? ` (${htsno})` : ''}`;
  if (row.indent === null || row.indent === undefined) throw new HtsFileRejected(`${where}: indent is missing`);
  return {
    ...rowCode(htsno, text(row.statisticalSuffix, 'statisticalSuffix', where) ?? '', where),
    indent: rowIndent(row.indent as string | number, where),
    description: rowDescription(row.description, where),
    units: rowUnits(row.units, where),
    general: text(row.general, 'general', where),
    special: text(row.special, 'special', where),
    other: text(row.other, 'other', where),
    footnotes: footnotes(row.footnotes, where),
    quotaQuantity: text(row.quotaQuantity, 'quotaQuantity', where),
    additionalDuties: text(row.additionalDuties, 'additionalDuties', where),
  };
}
