import zlib from 'node:zlib';

/**
 * Workbooks built part by part, to make the ones no spreadsheet program writes: shared strings
 * that inflate a thousandfold (a "zip bomb"), or parts whose declared sizes lie. Each part's content
 * is a list of chunks, repeated as asked, deflated as a stream (never held inflated in memory).
 */
export interface Part {
  name: string;
  chunks: Array<{ text: string; times?: number }>;
  /** The uncompressed size the archive declares for the part; its true size when unset. */
  declaredSize?: number;
}

/** The part deflated as one raw stream, fed about 1 MiB at a time, with its CRC-32 and true size. */
async function deflated(part: Part): Promise<{ data: Buffer; crc: number; size: number }> {
  const deflate = zlib.createDeflateRaw({ level: 1 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const ended = new Promise((resolve) => deflate.once('end', resolve));
  let crc = 0;
  let size = 0;
  for (const { text, times = 1 } of part.chunks) {
    const perBatch = Math.max(1, Math.floor((1 << 20) / Math.max(1, Buffer.byteLength(text))));
    for (let left = times; left > 0; left -= perBatch) {
      const batch = Buffer.from(text.repeat(Math.min(perBatch, left)));
      crc = zlib.crc32(batch, crc);
      size += batch.length;
      if (!deflate.write(batch)) await new Promise((resolve) => deflate.once('drain', resolve));
    }
  }
  deflate.end();
  await ended;
  return { data: Buffer.concat(out), crc, size };
}

/** A ZIP record of `length` bytes: its signature, then 16-bit and 32-bit fields by offset. */
function record(
  length: number,
  signature: number,
  shorts: Record<number, number>,
  longs: Record<number, number>,
): Buffer {
  const bytes = Buffer.alloc(length);
  bytes.writeUInt32LE(signature, 0);
  for (const [at, value] of Object.entries(shorts)) bytes.writeUInt16LE(value, Number(at));
  for (const [at, value] of Object.entries(longs)) bytes.writeUInt32LE(value >>> 0, Number(at));
  return bytes;
}

/** A ZIP archive of the parts (deflated, no data descriptors), as an XLSX file is. */
export async function zipOf(parts: Part[]): Promise<Buffer> {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const { data, crc, size } = await deflated(part);
    const name = Buffer.from(part.name);
    const declared = part.declaredSize ?? size;
    // The fields local header and directory entry share, at their offsets in each (version 20, deflate).
    const local = record(30, 0x04034b50, { 4: 20, 8: 8, 26: name.length }, { 14: crc, 18: data.length, 22: declared });
    const central = record(
      46,
      0x02014b50,
      { 4: 20, 6: 20, 10: 8, 28: name.length },
      { 16: crc, 20: data.length, 24: declared, 42: offset },
    );
    locals.push(local, name, data);
    directory.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const centralBytes = Buffer.concat(directory);
  const end = record(22, 0x06054b50, { 8: parts.length, 10: parts.length }, { 12: centralBytes.length, 16: offset });
  return Buffer.concat([...locals, centralBytes, end]);
}

const cellRef = (column: number, row: number) => `${String.fromCharCode(65 + column)}${row}`;

/**
 * A one-sheet bulk workbook: a header row and lines, every text cell a shared string; `padding`
 * strings are appended to the shared-strings table (the bomb), `declaredStringsSize` overrides
 * what the archive says that part inflates to.
 */
export function bulkWorkbook(options: {
  rows: string[][];
  padding?: { text: string; times: number };
  declaredStringsSize?: number;
}): Promise<Buffer> {
  const strings: string[] = [];
  const sheetRows = options.rows.map((row, r) => {
    const cells = row.map((value, c) => {
      strings.push(value);
      return `<c r="${cellRef(c, r + 1)}" t="s"><v>${strings.length - 1}</v></c>`;
    });
    return `<row r="${r + 1}">${cells.join('')}</row>`;
  });
  const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const xml = (text: string) => [{ text: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${text}` }];
  return zipOf([
    {
      name: '[Content_Types].xml',
      chunks: xml(
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>',
      ),
    },
    {
      name: '_rels/.rels',
      chunks: xml(
        `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ),
    },
    {
      name: 'xl/workbook.xml',
      chunks: xml(
        `<workbook xmlns="${main}" xmlns:r="${rel}"><sheets><sheet name="lines" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      chunks: xml(
        `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${rel}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
      ),
    },
    {
      name: 'xl/sharedStrings.xml',
      declaredSize: options.declaredStringsSize,
      chunks: [
        ...xml(`<sst xmlns="${main}">${strings.map((s) => `<si><t>${s}</t></si>`).join('')}`),
        ...(options.padding ? [options.padding] : []),
        { text: '</sst>' },
      ],
    },
    {
      name: 'xl/worksheets/sheet1.xml',
      chunks: xml(`<worksheet xmlns="${main}"><sheetData>${sheetRows.join('')}</sheetData></worksheet>`),
    },
  ]);
}
