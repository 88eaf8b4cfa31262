import { businessAccount, siteClient } from '../support/account-api';
import { createTestApp, TestApp } from '../support/app';
import { bulkWorkbook } from '../support/xlsx-bomb';

jest.setTimeout(120_000);

// A catalogue file goes through the bulk file reader: its zip-bomb bounds and its busy answer hold
// for POST /api/products/import as for bulk jobs.
let app: TestApp;
let client: ReturnType<typeof siteClient>;
beforeAll(async () => {
  // One reader thread and no waiting line, so a second file sent while one is read finds it busy.
  app = await createTestApp({ config: { bulkFileReader: { threads: 1, maxQueue: 0 } } });
  client = siteClient(app, (await businessAccount(app)).live);
}, 180_000);
afterAll(() => app?.close());

const rows = [
  ['sku', 'hts_code', 'country_of_origin', 'annual_value'],
  ['A-1', '6109.10.0012', 'CN', '100'],
];
const padding = (size: number) => ({ text: `<si><t>${'a'.repeat(1000)}</t></si>`, times: Math.ceil(size / 1016) });
const upload = (file: Buffer) => client.post('/api/products/import').attach('file', file, 'catalogue.xlsx');

describe('a catalogue file', () => {
  it('that is an XLSX zip bomb is refused with 413 before it is parsed; a real workbook is taken after it', async () => {
    const res = await upload(await bulkWorkbook({ rows, padding: padding(256 * 1024 * 1024) })).expect(413);
    expect(res.body.detail).toContain('limit max_xlsx_shared_string_bytes');
    expect((await upload(await bulkWorkbook({ rows })).expect(200)).body).toMatchObject({ created: 1 });
  });

  it('sent while every reader is busy and the line is full is 503 service-busy with Retry-After', async () => {
    const slow = await bulkWorkbook({ rows, padding: padding(30 * 1024 * 1024) });
    const [first, second] = await Promise.all([upload(slow), upload(slow)]);
    expect([first.status, second.status].sort()).toEqual([200, 503]);
    const busy = first.status === 503 ? first : second;
    expect(busy.body.type).toBe('https://docs.tradelane.dev/problems/service-busy');
    expect(busy.headers['retry-after']).toBe('2');
  });
});
