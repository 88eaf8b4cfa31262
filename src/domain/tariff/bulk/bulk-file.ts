import { isUtf8 } from 'node:buffer';
import { detectDocumentType } from '../../documents';
import { checkZipBounds, DomainError, type ZipLimits } from '../../shared';
import type { BulkFileLayout } from './bulk-columns';
import type { RawRow } from './bulk-lines';
import { readCsv, readXlsx } from './bulk-sheets';

export type BulkFileSource = 'csv' | 'xlsx';

const mib = 1024 * 1024;

/**
 * What an XLSX bulk file may inflate to. A 50,000-line workbook of the nine calculation columns
 * inflates to 18.6 MB (sheet 17.2 MB, strings 1.4 MB; measured), so the bounds leave room while a
 * zip bomb (a few MB inflating to gigabytes) is refused before it is parsed.
 */
export const xlsxLimits: ZipLimits = {
  entries: 1000,
  entryBytes: 64 * mib,
  totalBytes: 128 * mib,
  parts: {
    // exceljs holds the whole shared-strings table in memory: its characters (at most its bytes) and its strings are bounded.
    'xl/sharedStrings.xml': {
      bytes: 32 * mib,
      tag: {
        pattern: /<(?:\w{1,16}:)?si[\s>/]/g,
        what: 'a string',
        max: 1_000_000,
        limitName: 'max_xlsx_shared_strings',
      },
    },
  },
  names: {
    entries: 'max_xlsx_parts',
    entryBytes: 'max_xlsx_part_bytes',
    totalBytes: 'max_xlsx_inflated_bytes',
    partBytes: 'max_xlsx_shared_string_bytes',
  },
};

/** A bulk file's rows, judged by its bytes: XLSX (within xlsxLimits) or CSV, anything else 415. */
export async function readBulkFile(
  data: Buffer,
  kind: BulkFileLayout,
): Promise<{ source: BulkFileSource; rows: RawRow[] }> {
  const detected = detectDocumentType(data);
  if (detected?.label === 'XLSX') {
    await checkZipBounds(data, xlsxLimits);
    return { source: 'xlsx', rows: await readXlsx(data, kind) };
  }
  // Any UTF-8 text is read as CSV (quoted cells holding commas defeat the document sniffer's column count).
  if (detected?.label === 'CSV' || (detected === null && isUtf8(data) && !data.includes(0)))
    return { source: 'csv', rows: readCsv(data, kind) };
  throw new DomainError(
    'unsupported_type',
    `The file is ${detected ? detected.label : 'of no accepted type'}; a bulk file is CSV (UTF-8, comma-separated, a header row) or XLSX.`,
  );
}
