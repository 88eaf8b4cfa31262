/**
 * What a file is, read from its bytes (magic numbers and structure), never from the name or the
 * type the client declared: the accepted document types only, or null.
 */
export interface DetectedType {
  contentType: string;
  label: string;
}

export const acceptedTypeLabels = 'PDF, PNG, JPEG, TIFF, WebP, XLSX, CSV, EDI (X12, EDIFACT)';

const startsWith = (data: Buffer, bytes: readonly number[], offset = 0) =>
  bytes.every((byte, i) => data[offset + i] === byte);
const ascii = (data: Buffer, start: number, end: number) => data.subarray(start, end).toString('latin1');

/** Valid UTF-8 without NUL bytes: text, not binary. */
function asText(data: Buffer): string | null {
  if (data.includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return null;
  }
}

/** An OOXML workbook is a ZIP whose entries include the workbook part. */
function isXlsx(data: Buffer): boolean {
  return (
    startsWith(data, [0x50, 0x4b, 0x03, 0x04]) &&
    data.includes('[Content_Types].xml') &&
    data.includes('xl/workbook.xml')
  );
}

/** Delimited text: its first lines split into the same number of fields, at least two. */
function isCsv(text: string): boolean {
  const lines = text
    .split(/\r?\n/)
    .filter((line) => line.length > 0)
    .slice(0, 5);
  if (lines.length === 0) return false;
  return [',', ';', '\t'].some((delimiter) => {
    const counts = lines.map((line) => line.split(delimiter).length);
    return counts[0] >= 2 && counts.every((count) => count === counts[0]);
  });
}

export function detectDocumentType(data: Buffer): DetectedType | null {
  if (ascii(data, 0, 5) === '%PDF-') return { contentType: 'application/pdf', label: 'PDF' };
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { contentType: 'image/png', label: 'PNG' };
  if (startsWith(data, [0xff, 0xd8, 0xff])) return { contentType: 'image/jpeg', label: 'JPEG' };
  if (startsWith(data, [0x49, 0x49, 0x2a, 0x00]) || startsWith(data, [0x4d, 0x4d, 0x00, 0x2a]))
    return { contentType: 'image/tiff', label: 'TIFF' };
  if (ascii(data, 0, 4) === 'RIFF' && ascii(data, 8, 12) === 'WEBP')
    return { contentType: 'image/webp', label: 'WebP' };
  if (isXlsx(data))
    return { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', label: 'XLSX' };
  const text = asText(data);
  if (text === null) return null;
  const start = text.trimStart();
  // X12 interchanges open with a fixed-width ISA segment; EDIFACT with UNA (service string advice) or UNB.
  if (/^ISA.{100}/s.test(start)) return { contentType: 'application/edi-x12', label: 'EDI X12' };
  if (/^UN[AB]/.test(start)) return { contentType: 'application/edifact', label: 'EDIFACT' };
  if (isCsv(text)) return { contentType: 'text/csv', label: 'CSV' };
  return null;
}
