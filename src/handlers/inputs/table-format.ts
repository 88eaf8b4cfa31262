import { DomainError, tableMediaTypes, writeTable, type Table, type TableFormat } from '../../domain/shared';
import type { CallContext } from '../../http/operation';

/**
 * Which representation a read answers: JSON, or the same data as a CSV or XLSX file. `?format=`
 * wins over `Accept`; an `Accept` naming neither file type is JSON.
 */
export function tableFormatOf(format: 'json' | 'csv' | 'xlsx' | undefined, call: CallContext): TableFormat | null {
  if (format !== undefined) return format === 'json' ? null : format;
  const accept = call.header('accept') ?? '';
  if (accept.includes('text/csv')) return 'csv';
  if (accept.includes(tableMediaTypes.xlsx)) return 'xlsx';
  return null;
}

/**
 * A file answers a whole list: a cursor with it is a mistake to point out rather than ignore.
 * (`limit` cannot be told apart from its default, which the validator fills in: files ignore it.)
 */
export function listTableFormatOf(
  query: { format?: 'json' | 'csv' | 'xlsx'; cursor?: string },
  call: CallContext,
): TableFormat | null {
  const format = tableFormatOf(query.format, call);
  if (format !== null && query.cursor !== undefined) {
    throw new DomainError('invalid_input', `cursor pages JSON only; a ${format} file holds the whole list`, [
      { field: 'cursor', in: 'query', message: `cannot be used with a ${format} file` },
    ]);
  }
  return format;
}

/** The 200 answer carrying the table as a file download. */
export async function tableFileResponse(table: Table, format: TableFormat, filename: string) {
  return {
    status: 200 as const,
    contentType: tableMediaTypes[format],
    headers: { 'Content-Disposition': `attachment; filename="${filename}.${format}"` },
    // The adapter sends a Buffer as it is; the generated type names binary bodies as strings.
    body: (await writeTable(table, format)) as unknown as string,
  };
}
