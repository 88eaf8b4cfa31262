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

/**
 * What detection needs to know of a file, gathered from a buffer or in one pass over a stream: its
 * first bytes, whether all of it is text, whether it names the workbook parts an XLSX holds.
 */
interface FileFacts {
  head: Buffer;
  /** The head is the whole file. */
  whole: boolean;
  /** Valid UTF-8 without NUL bytes, throughout. */
  text: boolean;
  /** Holds both `[Content_Types].xml` and `xl/workbook.xml` (an OOXML workbook's ZIP entry names). */
  workbookParts: boolean;
}

/** Bytes kept from a streamed file's start: magic numbers, EDI envelopes and the CSV sniffer's first lines. */
const headBytes = 64 * 1024;
const workbookNames = ['[Content_Types].xml', 'xl/workbook.xml'];

function isText(data: Buffer): boolean {
  if (data.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data);
    return true;
  } catch {
    return false;
  }
}

/** An OOXML workbook is a ZIP whose entries include the workbook part. */
const isXlsx = (facts: FileFacts) => startsWith(facts.head, [0x50, 0x4b, 0x03, 0x04]) && facts.workbookParts;

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

function detect(facts: FileFacts): DetectedType | null {
  const data = facts.head;
  if (ascii(data, 0, 5) === '%PDF-') return { contentType: 'application/pdf', label: 'PDF' };
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { contentType: 'image/png', label: 'PNG' };
  if (startsWith(data, [0xff, 0xd8, 0xff])) return { contentType: 'image/jpeg', label: 'JPEG' };
  if (startsWith(data, [0x49, 0x49, 0x2a, 0x00]) || startsWith(data, [0x4d, 0x4d, 0x00, 0x2a]))
    return { contentType: 'image/tiff', label: 'TIFF' };
  if (ascii(data, 0, 4) === 'RIFF' && ascii(data, 8, 12) === 'WEBP')
    return { contentType: 'image/webp', label: 'WebP' };
  if (isXlsx(facts))
    return { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', label: 'XLSX' };
  if (!facts.text) return null;
  // A head cut from a longer file ends mid-line (maybe mid-character): only its whole lines are read.
  const kept = facts.whole ? data : data.subarray(0, data.lastIndexOf(0x0a) + 1);
  const text = kept.toString('utf8');
  const start = text.trimStart();
  // X12 interchanges open with a fixed-width ISA segment; EDIFACT with UNA (service string advice) or UNB.
  if (/^ISA.{100}/s.test(start)) return { contentType: 'application/edi-x12', label: 'EDI X12' };
  if (/^UN[AB]/.test(start)) return { contentType: 'application/edifact', label: 'EDIFACT' };
  if (isCsv(text)) return { contentType: 'text/csv', label: 'CSV' };
  return null;
}

export function detectDocumentType(data: Buffer): DetectedType | null {
  return detect({
    head: data,
    whole: true,
    text: isText(data),
    workbookParts: workbookNames.every((name) => data.includes(name)),
  });
}

/** detectDocumentType in one pass over a stream: memory holds its first 64 KiB and a chunk. */
export async function detectStreamedDocumentType(stream: AsyncIterable<Buffer>): Promise<DetectedType | null> {
  const head: Buffer[] = [];
  let headLength = 0;
  let length = 0;
  let text = true;
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const found = new Set<string>();
  let tail = '';
  for await (const chunk of stream) {
    length += chunk.length;
    if (headLength < headBytes) {
      head.push(chunk.subarray(0, headBytes - headLength));
      headLength += Math.min(chunk.length, headBytes - headLength);
    }
    if (text) {
      try {
        decoder.decode(chunk, { stream: true });
        text = !chunk.includes(0);
      } catch {
        text = false;
      }
    }
    // A name cut between chunks is found in the carried tail plus the next chunk.
    const seen = tail + chunk.toString('latin1');
    for (const name of workbookNames) if (seen.includes(name)) found.add(name);
    tail = seen.slice(-32);
  }
  if (text) {
    try {
      decoder.decode();
    } catch {
      text = false;
    }
  }
  return detect({
    head: Buffer.concat(head),
    whole: length === headLength,
    text,
    workbookParts: found.size === workbookNames.length,
  });
}
