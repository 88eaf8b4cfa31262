import { BulkFileReader, readBulkFile } from '../../../../../src/domain/tariff';
import { bulkWorkbook } from '../../../../support/xlsx-bomb';

jest.setTimeout(60_000);

const rows = [
  ['hts_code', 'country_code', 'value'],
  ['6109.10.0012', 'CN', '100'],
];
const mib = 1024 * 1024;
/** Shared strings that inflate to about `size` bytes: 1 KiB strings, each a few bytes deflated. */
const padding = (size: number) => ({ text: `<si><t>${'a'.repeat(1000)}</t></si>`, times: Math.ceil(size / 1016) });

describe('readBulkFile on XLSX', () => {
  it('reads a small workbook built part by part (the bombs below differ from it only in their strings)', async () => {
    const read = await readBulkFile(await bulkWorkbook({ rows }), 'calculation');
    expect(read).toEqual({
      source: 'xlsx',
      rows: [{ at: 'file/2', cells: { hts_code: '6109.10.0012', country_code: 'CN', value: '100' } }],
    });
  });

  it('refuses shared strings that inflate past 32 MiB by what the archive declares, before parsing (413)', async () => {
    const bomb = await bulkWorkbook({ rows, padding: padding(100 * mib) });
    expect(bomb.length).toBeLessThan(mib);
    await expect(readBulkFile(bomb, 'calculation')).rejects.toMatchObject({
      kind: 'too_large',
      extensions: { limit: 'max_xlsx_shared_string_bytes' },
      message: expect.stringContaining('xl/sharedStrings.xml inflates to'),
    });
  });

  it('refuses a part that inflates to more than it declares, counting the bytes as they inflate (400)', async () => {
    const liar = await bulkWorkbook({ rows, padding: padding(40 * mib), declaredStringsSize: 64 * 1024 });
    await expect(readBulkFile(liar, 'calculation')).rejects.toMatchObject({
      kind: 'invalid_input',
      message: expect.stringContaining('xl/sharedStrings.xml inflates to more than the 65536 bytes it declares'),
    });
  });

  it('refuses more than 1,000,000 shared strings even when they are small (413)', async () => {
    const many = await bulkWorkbook({ rows, padding: { text: '<si/>', times: 1_200_000 } });
    await expect(readBulkFile(many, 'calculation')).rejects.toMatchObject({
      kind: 'too_large',
      extensions: { limit: 'max_xlsx_shared_strings' },
    });
  });

  it('refuses an archive cut short (400)', async () => {
    const whole = await bulkWorkbook({ rows });
    await expect(readBulkFile(whole.subarray(0, whole.length - 30), 'calculation')).rejects.toMatchObject({
      kind: 'invalid_input',
    });
  });
});

describe('BulkFileReader', () => {
  it('reads on a worker thread exactly as readBulkFile does, and carries refusals back as domain errors', async () => {
    const reader = new BulkFileReader({ threads: 1 });
    try {
      const small = await bulkWorkbook({ rows });
      expect(await reader.read(small, 'calculation')).toEqual(await readBulkFile(small, 'calculation'));
      await expect(
        reader.read(await bulkWorkbook({ rows, padding: padding(100 * mib) }), 'calculation'),
      ).rejects.toMatchObject({ kind: 'too_large', extensions: { limit: 'max_xlsx_shared_string_bytes' } });
    } finally {
      await reader.close();
    }
  });

  it('answers a file its worker cannot hold with 413 max_bulk_read_memory; the worker dies, this process does not', async () => {
    // Within the archive bounds but more than a 48 MB heap holds: 30 MiB of shared strings. (A
    // smaller heap does not hold a thread that loads its TypeScript through tsx on Node 24.)
    const reader = new BulkFileReader({ threads: 1, heapMb: 48 });
    try {
      const heavy = await bulkWorkbook({ rows, padding: padding(30 * mib) });
      await expect(reader.read(heavy, 'calculation')).rejects.toMatchObject({
        kind: 'too_large',
        extensions: { limit: 'max_bulk_read_memory' },
      });
      expect((await reader.read(await bulkWorkbook({ rows }), 'calculation')).rows).toHaveLength(1);
    } finally {
      await reader.close();
    }
  });
});
