import { Readable } from 'node:stream';
import { detectDocumentType, detectStreamedDocumentType } from '../../../../src/domain/documents';

// Documents are judged in one pass over their stream (an upload is never held whole): the answer is
// the one the whole buffer gives, however the bytes are cut into chunks.
const csvLines = (count: number) => `container,seal,note\n${'MSKU1234565,ML-1234,Zürich 東京\n'.repeat(count)}`;
const files: Record<string, Buffer> = {
  pdf: Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n'),
  png: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]),
  xlsx: Buffer.concat([
    Buffer.from([0x50, 0x4b, 0x03, 0x04]),
    Buffer.alloc(100_000, 0x41),
    Buffer.from('[Content_Types].xml'),
    Buffer.alloc(100_000, 0x42),
    Buffer.from('xl/workbook.xml'),
  ]),
  zipWithoutWorkbook: Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('[Content_Types].xml')]),
  x12: Buffer.from(`ISA*00*${' '.repeat(100)}~GS*QO~`),
  edifact: Buffer.from("UNA:+.? 'UNB+UNOC:3+SENDER'"),
  smallCsv: Buffer.from(csvLines(3)),
  // 150 KB: the CSV sniffer reads the head's whole lines, with multi-byte characters across chunk cuts.
  longCsv: Buffer.from(csvLines(4000)),
  // Text for 100 KB, then a byte that is not UTF-8: not text, so not CSV.
  badUtf8Late: Buffer.concat([Buffer.from(csvLines(3000)), Buffer.from([0xff]), Buffer.from('\n')]),
  nulLate: Buffer.concat([Buffer.from(csvLines(3000)), Buffer.from([0])]),
  binary: Buffer.from([0, 1, 2, 3, 250, 251]),
};

const chunked = (data: Buffer, size: number) =>
  Readable.from(
    Array.from({ length: Math.ceil(data.length / size) }, (_, i) => data.subarray(i * size, (i + 1) * size)),
  );

describe('detectStreamedDocumentType', () => {
  it('answers as detectDocumentType does on the whole buffer, for chunks of 1 KiB, 7 bytes and 64 KiB + 1', async () => {
    const differences: string[] = [];
    for (const [name, data] of Object.entries(files)) {
      const whole = detectDocumentType(data);
      for (const size of [1024, 7, 65_537]) {
        const streamed = await detectStreamedDocumentType(chunked(data, size));
        if (streamed?.label !== whole?.label)
          differences.push(`${name}/${size}: ${streamed?.label} vs ${whole?.label}`);
      }
    }
    expect(differences).toEqual([]);
    expect(
      Object.fromEntries(Object.entries(files).map(([name, data]) => [name, detectDocumentType(data)?.label ?? null])),
    ).toEqual({
      pdf: 'PDF',
      png: 'PNG',
      xlsx: 'XLSX',
      zipWithoutWorkbook: null,
      x12: 'EDI X12',
      edifact: 'EDIFACT',
      smallCsv: 'CSV',
      longCsv: 'CSV',
      badUtf8Late: null,
      nulLate: null,
      binary: null,
    });
  });
});
