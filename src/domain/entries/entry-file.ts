import type { EntryLineInput } from './model';
import { DomainError, type FieldIssue } from '../shared';
import { maxListedErrors, parseClaimsCell, type RawRow, readBulkLines, type TransportMode } from '../tariff';

/** The most lines an entry summary holds (ACE numbers them 1 to 999), as the JSON form allows. */
export const maxEntryLines = 999;

/**
 * An entry's lines from a file of the bulk-job calculation columns (read by the bulk file reader):
 * each row checked as the calculator would (`readBulkLines`), then against the entry. `reference`
 * becomes the line's description. The entry has one entry date and one mode: a row that names
 * another is refused, never priced on a date or mode the entry does not have.
 */
export async function entryLinesOfFile(
  rows: RawRow[],
  entry: { entryDate: string; mode: TransportMode },
  today: string,
): Promise<EntryLineInput[]> {
  if (rows.length > maxEntryLines)
    throw new DomainError(
      'too_large',
      `${rows.length} lines; an entry has at most ${maxEntryLines} (limit max_entry_lines). Split it into entries.`,
    );
  const lines = await readBulkLines(rows, 'calculation', today);
  const issues: FieldIssue[] = [];
  lines.forEach((line, index) => {
    const at = rows[index].at;
    if (line.entry_date != null && line.entry_date !== entry.entryDate)
      issues.push({ field: `${at}/entry_date`, message: `the entry's date is ${entry.entryDate}` });
    if (line.mode != null && line.mode.toLowerCase() !== entry.mode)
      issues.push({ field: `${at}/mode`, message: `the entry's mode is ${entry.mode}` });
  });
  if (issues.length > 0)
    throw new DomainError(
      'invalid_input',
      `${issues.length} line(s) do not fit the entry; nothing was created.`,
      issues.slice(0, maxListedErrors),
      {
        error_count: issues.length,
      },
    );
  return lines.map((line) => ({
    description: line.reference ?? null,
    htsCode: line.hts_code as string,
    countryOfOrigin: line.country_code as string,
    value: { amount: line.value as string, currency: 'USD' },
    quantities: line.quantity != null ? [{ value: line.quantity, unit: line.unit as string }] : [],
    claims: parseClaimsCell(line.claims).map((claim) => ({
      code: claim.code,
      ...(claim.value !== undefined ? { value: claim.value.toString() } : {}),
      ...(claim.text !== undefined ? { text: claim.text } : {}),
      ...(claim.date !== undefined ? { date: claim.date } : {}),
    })),
    manufacturerId: null,
  }));
}
