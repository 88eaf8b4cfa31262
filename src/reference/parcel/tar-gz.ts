import fs from 'node:fs';
import zlib from 'node:zlib';

/**
 * The regular files of a gzipped tar archive (ustar or GNU), by path. Archives of source data are
 * read as they were copied, unpacked in memory: a 512-byte header per entry (name at 0, octal size
 * at 124, type at 156, ustar prefix at 345), the content padded to 512 bytes.
 */
export function readTarGz(file: string): Map<string, Buffer> {
  const tar = zlib.gunzipSync(fs.readFileSync(file));
  const files = new Map<string, Buffer>();
  const text = (start: number, length: number) => tar.toString('latin1', start, start + length).replace(/\0.*$/s, '');
  for (let offset = 0; offset + 512 <= tar.length;) {
    const name = text(offset, 100);
    if (name === '') break; // the two zero blocks that end an archive
    const size = parseInt(text(offset + 124, 12).trim() || '0', 8);
    const type = text(offset + 156, 1);
    const prefix = text(offset + 257, 6) === 'ustar' ? text(offset + 345, 155) : '';
    const body = offset + 512;
    if (type === '0' || type === '') files.set(prefix ? `${prefix}/${name}` : name, tar.subarray(body, body + size));
    offset = body + Math.ceil(size / 512) * 512;
  }
  return files;
}
