import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { readHtsCsv } from './csv-importer';
import { placeInSchedule } from './hts-hierarchy';
import { readHtsJson } from './json-importer';
import {
  dottedHtsCode,
  htsChapter,
  HtsFileContents,
  HtsFileFormat,
  type HtsFileReader,
  HtsFileRejected,
  HtsRow,
} from '../../domain/hts';

/**
 * The export itself: gzipped copies (`….json.gz`, as archived) are unpacked, so a release has one
 * sha256 whichever way it was stored. A damaged gzip is rejected.
 */
export function unpackHtsFile(bytes: Buffer): Buffer {
  if (bytes.length < 2 || bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
  try {
    return zlib.gunzipSync(bytes);
  } catch (error) {
    throw new HtsFileRejected(`the gzip file cannot be unpacked: ${(error as Error).message}`);
  }
}

/** JSON starts with `[` (after an optional byte-order mark and whitespace); anything else is read as CSV. */
export function sniffHtsFormat(bytes: Buffer): HtsFileFormat {
  const head = bytes
    .subarray(0, 64)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  return head.startsWith('[') || head.startsWith('{') ? 'json' : 'csv';
}

/**
 * A truncated download usually still parses (it can end on a row boundary), so completeness is
 * checked on content: the schedule runs from chapter 01 to chapter 99, and no code appears twice.
 * Codes rise through the file (0101 before 0101.21.00 before 0101.21.00.10), as in every USITC
 * release; the stored releases rely on it to keep the schedule's order without row numbers.
 */
function assertComplete(rows: HtsRow[]): void {
  const numbered = rows.filter((row) => row.code !== null);
  if (numbered.length === 0) throw new HtsFileRejected('the file has no HTS lines');
  if (rows[0].indent !== 0)
    throw new HtsFileRejected(`the first row has indent ${rows[0].indent}; a schedule starts at indent 0`);
  const first = numbered[0].code as string;
  const last = numbered[numbered.length - 1].code as string;
  if (htsChapter(first) !== 1) {
    throw new HtsFileRejected(
      `the first line is ${dottedHtsCode(first)} (chapter ${first.slice(0, 2)}); a complete schedule starts in chapter 01`,
    );
  }
  if (htsChapter(last) !== 99) {
    throw new HtsFileRejected(
      `the last line is ${dottedHtsCode(last)} (chapter ${last.slice(0, 2)}); a complete schedule ends in chapter 99, so the file is truncated`,
    );
  }
  const seen = new Set<string>();
  let previous = '';
  for (const row of numbered) {
    const code = row.code as string;
    if (seen.has(code)) throw new HtsFileRejected(`${dottedHtsCode(code)} appears twice`);
    if (code < previous)
      throw new HtsFileRejected(
        `${dottedHtsCode(code)} comes after ${dottedHtsCode(previous)}: the lines are out of order`,
      );
    seen.add(code);
    previous = code;
  }
}

/**
 * Reads one official HTS export (CSV or JSON) into normalised lines, or throws
 * {@link HtsFileRejected} with the reason when the file is malformed, truncated or incomplete.
 */
export async function readHtsFile(
  bytes: Buffer,
  format: HtsFileFormat = sniffHtsFormat(bytes),
): Promise<HtsFileContents> {
  const rows = format === 'json' ? await readHtsJson(bytes) : await readHtsCsv(bytes);
  assertComplete(rows);
  return {
    format,
    sha256: crypto.createHash('sha256').update(bytes).digest('hex'),
    rowCount: rows.length,
    lines: await placeInSchedule(rows),
  };
}

/** The official exports' reader, for the import service. */
export const htsFileReader: HtsFileReader = { unpack: unpackHtsFile, read: readHtsFile };
