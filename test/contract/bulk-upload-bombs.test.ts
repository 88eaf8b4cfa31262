import request from 'supertest';
import { setPlan, signUp } from '../support/accounts';
import { createTestApp, TestApp } from '../support/app';
import { bulkWorkbook } from '../support/xlsx-bomb';

jest.setTimeout(120_000);

// XLSX "zip bombs" sent to POST /api/tariff/bulk-jobs: a workbook of about 2 MB whose shared
// strings inflate to 256 MiB is refused before it is parsed, as is one whose parts inflate past
// what they declare; the service keeps answering other calls while and after it refuses them.
let app: TestApp;
let key: string;
beforeAll(async () => {
  // One reader thread and no waiting line, so a second file sent while one is read finds it busy.
  app = await createTestApp({
    withTariffData: ['hts_2026_revision_4_csv.csv'],
    config: { bulkFileReader: { threads: 1, maxQueue: 0 } },
  });
  const account = await signUp(app);
  await setPlan(app, account.email, 'tariff_pro');
  key = account.key;
}, 180_000);
afterAll(() => app?.close());

const rows = [
  ['hts_code', 'country_code', 'value'],
  ['6109.10.0012', 'CN', '100'],
];
const padding = (size: number) => ({ text: `<si><t>${'a'.repeat(1000)}</t></si>`, times: Math.ceil(size / 1016) });
const upload = (file: Buffer) =>
  request(app.hosts.tariff).post('/api/tariff/bulk-jobs').set('X-API-Key', key).attach('file', file, 'lines.xlsx');

/** Health answers while `work` runs: how many were answered (200) and how many failed. */
async function healthWhile<T>(work: PromiseLike<T>): Promise<{ result: T; answered: number }> {
  let done = false;
  let answered = 0;
  const polling = (async () => {
    while (!done) {
      await request(app.hosts.tariff).get('/healthz').expect(200);
      answered += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  const result = await Promise.resolve(work).finally(() => (done = true));
  await polling;
  return { result, answered };
}

describe('an XLSX zip bomb', () => {
  it('is refused with 413 naming the shared-strings limit, without stopping other answers', async () => {
    const bomb = await bulkWorkbook({ rows, padding: padding(256 * 1024 * 1024) });
    // About 2 MB sent, well within the 8 MiB file limit, as in the report (2.1 MB, about 1 GB inflated).
    expect(bomb.length).toBeLessThan(3 * 1024 * 1024);
    const { result: res, answered } = await healthWhile(upload(bomb));
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({
      type: 'https://docs.tradelane.dev/problems/payload-too-large',
      detail: expect.stringContaining('limit max_xlsx_shared_string_bytes'),
    });
    expect(answered).toBeGreaterThan(0);
    // The service, and the reader, go on: a real workbook is taken after it.
    await upload(await bulkWorkbook({ rows })).expect(202);
  });

  it('whose shared strings lie about their size is refused with 400 as it inflates', async () => {
    const liar = await bulkWorkbook({ rows, padding: padding(64 * 1024 * 1024), declaredStringsSize: 1024 * 1024 });
    const res = await upload(liar).expect(400);
    expect(res.body).toMatchObject({
      type: 'https://docs.tradelane.dev/problems/validation-failed',
      detail: expect.stringContaining('inflates to more than the 1048576 bytes it declares'),
    });
    await request(app.hosts.tariff).get('/healthz').expect(200);
  });

  it('of a million small strings is refused with 413 naming the string count limit', async () => {
    const res = await upload(await bulkWorkbook({ rows, padding: { text: '<si/>', times: 1_500_000 } })).expect(413);
    expect(res.body.detail).toContain('limit max_xlsx_shared_strings');
  });
});

describe('the bulk file reader', () => {
  it('answers a file sent while every reader is busy and the line is full with 503 service-busy and Retry-After', async () => {
    // Within the bounds, but seconds to inflate and parse (30 MiB of strings): the second arrives meanwhile.
    const slow = await bulkWorkbook({ rows, padding: padding(30 * 1024 * 1024) });
    const [first, second] = await Promise.all([upload(slow), upload(slow)]);
    expect([first.status, second.status].sort()).toEqual([202, 503]);
    const busy = first.status === 503 ? first : second;
    expect(busy.body.type).toBe('https://docs.tradelane.dev/problems/service-busy');
    expect(busy.headers['retry-after']).toBe('2');
    await upload(await bulkWorkbook({ rows })).expect(202);
  });
});
