import zlib from 'node:zlib';
import { DomainError } from './errors';

/**
 * Bounds on what a ZIP archive (an XLSX workbook) may inflate to, checked before any parser sees
 * it: a "zip bomb" of a few MB that inflates to gigabytes is refused, not parsed. The central
 * directory's declared sizes are checked first (cheap), then every entry is actually inflated with
 * its output counted and dropped, since declared sizes can lie. The archive must also be laid out
 * as its central directory says (entries back to back from the start, local names as listed), so a
 * streaming reader that walks the local headers (exceljs's) sees exactly the entries checked here.
 */
export interface ZipLimits {
  /** Entries in the archive. */
  entries: number;
  /** What one entry may inflate to. */
  entryBytes: number;
  /** What all entries together may inflate to. */
  totalBytes: number;
  /** Per named entry: a smaller bound on its inflated size, and a bound on how often a tag occurs in it. */
  parts?: Record<string, { bytes: number; tag?: { pattern: RegExp; what: string; max: number; limitName: string } }>;
  /** Names of the limits, as the problem detail says them (e.g. `max_xlsx_part_bytes`). */
  names: { entries: string; entryBytes: string; totalBytes: string; partBytes: string };
}

interface Entry {
  name: string;
  flags: number;
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
  zip64: boolean;
}

const mib = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MiB`;

const notAnArchive = (reason: string) =>
  new DomainError('invalid_input', `The XLSX file is not a well-formed ZIP archive: ${reason}.`, [
    { field: 'file', message: 'not a well-formed XLSX (ZIP) file' },
  ]);

const tooLarge = (detail: string, limitName: string) =>
  new DomainError('too_large', `${detail} (limit ${limitName}).`, [], { limit: limitName });

const bytesOf = (bytes: number) => `${bytes.toLocaleString('en-US')} bytes (${mib(bytes)})`;

function readUInt64(data: Buffer, offset: number): number {
  const value = data.readBigUInt64LE(offset);
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw notAnArchive('a ZIP64 size is out of range');
  return Number(value);
}

/** The end-of-central-directory record: where the directory is and how many entries it lists. */
function directoryOf(data: Buffer): { offset: number; size: number; count: number } {
  const earliest = Math.max(0, data.length - 22 - 0xffff);
  for (let at = data.length - 22; at >= earliest; at--) {
    if (data.readUInt32LE(at) !== 0x06054b50) continue;
    let count = data.readUInt16LE(at + 10);
    let size = data.readUInt32LE(at + 12);
    let offset = data.readUInt32LE(at + 16);
    // ZIP64: the locator sits just before the record and points at the 64-bit record.
    if ((count === 0xffff || size === 0xffffffff || offset === 0xffffffff) && at >= 20) {
      if (data.readUInt32LE(at - 20) !== 0x07064b50) throw notAnArchive('its ZIP64 directory locator is missing');
      const record = readUInt64(data, at - 12);
      if (record + 56 > data.length || data.readUInt32LE(record) !== 0x06064b50)
        throw notAnArchive('its ZIP64 directory record is missing');
      count = readUInt64(data, record + 32);
      size = readUInt64(data, record + 40);
      offset = readUInt64(data, record + 48);
    }
    if (offset + size > data.length) throw notAnArchive('its central directory lies beyond the file');
    return { offset, size, count };
  }
  throw notAnArchive('it has no end of central directory record (cut short, or not a ZIP file)');
}

/** A central directory entry's sizes, from the ZIP64 extra field where the 32-bit ones are saturated. */
function entriesOf(data: Buffer, directory: { offset: number; size: number; count: number }): Entry[] {
  const entries: Entry[] = [];
  let at = directory.offset;
  for (let i = 0; i < directory.count; i++) {
    if (at + 46 > directory.offset + directory.size || data.readUInt32LE(at) !== 0x02014b50)
      throw notAnArchive('its central directory is cut short');
    const nameLength = data.readUInt16LE(at + 28);
    const extraLength = data.readUInt16LE(at + 30);
    const commentLength = data.readUInt16LE(at + 32);
    const entry: Entry = {
      name: data.toString('utf8', at + 46, at + 46 + nameLength),
      flags: data.readUInt16LE(at + 8),
      method: data.readUInt16LE(at + 10),
      compressedSize: data.readUInt32LE(at + 20),
      size: data.readUInt32LE(at + 24),
      localOffset: data.readUInt32LE(at + 42),
      zip64: false,
    };
    const extraEnd = at + 46 + nameLength + extraLength;
    for (let x = at + 46 + nameLength; x + 4 <= extraEnd; x += 4 + data.readUInt16LE(x + 2)) {
      if (data.readUInt16LE(x) !== 0x0001) continue;
      let field = x + 4;
      entry.zip64 = true;
      for (const key of ['size', 'compressedSize', 'localOffset'] as const) {
        if (entry[key] !== 0xffffffff) continue;
        if (field + 8 > extraEnd) throw notAnArchive(`the ZIP64 sizes of ${entry.name} are cut short`);
        entry[key] = readUInt64(data, field);
        field += 8;
      }
    }
    entries.push(entry);
    at = extraEnd + commentLength;
  }
  return entries;
}

/**
 * Where each entry's compressed bytes are, checking that the entries tile the file up to the
 * directory: from offset 0, each local header (named as listed) then its data, then its data
 * descriptor when it has one.
 */
function dataRangesOf(data: Buffer, entries: Entry[], directoryOffset: number): Map<Entry, [number, number]> {
  const ranges = new Map<Entry, [number, number]>();
  let expected = 0;
  for (const entry of [...entries].sort((a, b) => a.localOffset - b.localOffset)) {
    const at = entry.localOffset;
    if (at !== expected) throw notAnArchive(`${entry.name} is not where the previous entry ends`);
    if (at + 30 > directoryOffset || data.readUInt32LE(at) !== 0x04034b50)
      throw notAnArchive(`${entry.name} has no local header`);
    const nameLength = data.readUInt16LE(at + 26);
    const start = at + 30 + nameLength + data.readUInt16LE(at + 28);
    if (data.toString('utf8', at + 30, at + 30 + nameLength) !== entry.name)
      throw notAnArchive(`the local header of ${entry.name} names another entry`);
    const end = start + entry.compressedSize;
    if (end > directoryOffset) throw notAnArchive(`${entry.name} runs into the central directory`);
    ranges.set(entry, [start, end]);
    expected = end;
    if (entry.flags & 0x08) {
      // The data descriptor: an optional signature, the CRC, then 32-bit sizes (64-bit for ZIP64).
      if (end + 4 <= directoryOffset && data.readUInt32LE(end) === 0x08074b50) expected += 4;
      expected += 4 + (entry.zip64 ? 16 : 8);
    }
  }
  if (expected !== directoryOffset) throw notAnArchive('bytes lie between its entries and its central directory');
  return ranges;
}

/** Inflates an entry, counting its output (and a tag's occurrences) and dropping it; stops past the bound. */
async function inflatedSize(
  compressed: Buffer,
  method: number,
  bound: number,
  tag?: RegExp,
): Promise<{ bytes: number; tags: number; over: boolean }> {
  if (method === 0)
    return {
      bytes: compressed.length,
      tags: tag ? countTags(compressed.toString('latin1'), tag) : 0,
      over: compressed.length > bound,
    };
  const inflate = zlib.createInflateRaw();
  let bytes = 0;
  let tags = 0;
  let carry = '';
  let over = false;
  const done = new Promise<void>((resolve, reject) => {
    inflate.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (tag) {
        // A tag cut between two chunks is counted once: tags whole in the carried tail are counted with the next chunk.
        const text = carry + chunk.toString('latin1');
        tags += countTags(text, tag);
        carry = text.slice(-32);
        tags -= countTags(carry, tag);
      }
      if (bytes > bound) {
        over = true;
        inflate.destroy();
        resolve();
      }
    });
    inflate.once('end', resolve);
    inflate.once('close', resolve);
    inflate.once('error', (error) => (over ? resolve() : reject(error)));
  });
  inflate.end(compressed);
  try {
    await done;
  } catch {
    throw notAnArchive('an entry does not inflate (corrupt deflate data)');
  }
  return { bytes, tags, over };
}

function countTags(text: string, tag: RegExp): number {
  return text.match(tag)?.length ?? 0;
}

/** Throws a DomainError (413 too_large naming the limit, or 400 for a malformed archive) unless the archive keeps to the limits. */
export async function checkZipBounds(data: Buffer, limits: ZipLimits): Promise<void> {
  const directory = directoryOf(data);
  if (directory.count > limits.entries)
    throw tooLarge(`The XLSX file has ${directory.count} parts, more than ${limits.entries}`, limits.names.entries);
  const entries = entriesOf(data, directory);
  // Declared sizes first: a bomb that says what it is costs nothing to refuse.
  let declared = 0;
  for (const entry of entries) {
    const part = limits.parts?.[entry.name];
    const bound = Math.min(part?.bytes ?? limits.entryBytes, limits.entryBytes);
    if (entry.size > bound)
      throw tooLarge(
        `The XLSX part ${entry.name} inflates to ${bytesOf(entry.size)}, more than ${bytesOf(bound)}`,
        part ? limits.names.partBytes : limits.names.entryBytes,
      );
    declared += entry.size;
  }
  const overTotal = (bytes: number) =>
    tooLarge(
      `The XLSX file inflates to ${bytesOf(bytes)} in all, more than ${bytesOf(limits.totalBytes)}`,
      limits.names.totalBytes,
    );
  if (declared > limits.totalBytes) throw overTotal(declared);
  const ranges = dataRangesOf(data, entries, directory.offset);
  let total = 0;
  for (const entry of entries) {
    if (entry.method !== 0 && entry.method !== 8)
      throw notAnArchive(`${entry.name} uses compression method ${entry.method} (only stored and deflated are read)`);
    const part = limits.parts?.[entry.name];
    const [start, end] = ranges.get(entry)!;
    // Never past what the entry declares: more than that is a lie, refused whatever the bounds.
    const inflated = await inflatedSize(data.subarray(start, end), entry.method, entry.size, part?.tag?.pattern);
    if (inflated.over || inflated.bytes !== entry.size)
      throw notAnArchive(
        `${entry.name} inflates to ${inflated.over ? 'more' : 'other'} than the ${entry.size} bytes it declares`,
      );
    if (part?.tag && inflated.tags > part.tag.max)
      throw tooLarge(
        `The XLSX part ${entry.name} holds ${part.tag.what} more than ${part.tag.max.toLocaleString('en-US')} times`,
        part.tag.limitName,
      );
    total += inflated.bytes;
  }
  if (total > limits.totalBytes) throw overTotal(total);
}
