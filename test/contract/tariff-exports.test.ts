import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import request from 'supertest';
import { createTestApp, TestApp } from '../support/app';
import { signUpOnPlan } from '../support/accounts';
import { rev3AndRev4 } from '../support/hts-fixtures';

// Real data: HTS 2026 Rev 3 and Rev 4 and the duty rules.
let app: TestApp;
let key: string;
beforeAll(async () => {
  app = await createTestApp({ withTariffData: rev3AndRev4 });
  key = (await signUpOnPlan(app, 'tariff_pro')).key;
}, 180_000);
afterAll(() => app?.close());

const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const get = (path: string) =>
  request(app.hosts.tariff)
    .get(path)
    .set('X-API-Key', key)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
const csvRecords = (body: Buffer): Array<Record<string, string>> =>
  parse(body.toString('utf8'), { columns: true, bom: true });
async function xlsxRecords(body: Buffer): Promise<Array<Record<string, unknown>>> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const rows = workbook.worksheets[0].getSheetValues().filter(Boolean) as unknown[][];
  const [header, ...data] = rows.map((row) => row.slice(1));
  return data.map((row) => Object.fromEntries((header as string[]).map((column, i) => [column, row[i] ?? null])));
}

describe('exports as CSV and XLSX', () => {
  it('exports the stored calculations, a row each, an unresolved amount as an empty cell with the reason', async () => {
    const calculate = (body: object) =>
      request(app.hosts.tariff)
        .post('/api/tariff/public/calculate')
        .set('X-API-Key', key)
        .send({ ...body, store: true })
        .expect(200);
    const tshirt = (
      await calculate({
        hts_code: '6109.10.0012',
        country_code: 'CN',
        declared_value: 12500,
        entry_date: '2026-10-09',
        mode: 'ocean',
      })
    ).body;
    // Live steers at 1¢/kg without their weight: the base duty is unresolved.
    const steers = (
      await calculate({
        hts_code: '0102.29.40.24',
        country_code: 'CN',
        declared_value: 10000,
        entry_date: '2026-10-09',
        mode: 'ocean',
      })
    ).body;

    const csv = await get('/api/tariff/calculations?format=csv').expect(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="tariff-calculations.csv"');
    const rows = csvRecords(csv.body);
    expect(rows.map((r) => r.calculation_id)).toEqual([steers.calculation_id, tshirt.calculation_id]);
    const [steersRow, tshirtRow] = rows;
    expect(tshirtRow).toMatchObject({
      hts_code: '6109.10.0012',
      country_code: 'CN',
      declared_value: '12500',
      entry_date: '2026-10-09',
      mode: 'ocean',
      unresolved: '',
    });
    expect(Number(tshirtRow.total_duty)).toBe(tshirt.result.total_duty_amount);
    expect(Number(tshirtRow.section_301_amount)).toBe(tshirt.result.rates.section_301.amount);
    expect(tshirtRow.section_301_headings).toBe('9903.88.15 9903.05.31');
    expect(Number(tshirtRow.duty_and_fees)).toBeCloseTo(tshirt.result.total_duty_amount + tshirt.result.fees.total, 2);
    expect(tshirtRow.rules_version).toBe(tshirt.result.rules_version);
    expect(steersRow).toMatchObject({ base_amount: '', total_duty: '', duty_and_fees: '' });
    expect(steersRow.unresolved).toContain('mfn:');

    const xlsx = await get('/api/tariff/calculations').set('Accept', xlsxType).expect(200);
    expect(xlsx.headers['content-type']).toBe(xlsxType);
    const sheet = await xlsxRecords(xlsx.body);
    expect(sheet.map((r) => r.calculation_id)).toEqual([steers.calculation_id, tshirt.calculation_id]);
    expect(sheet[1]).toMatchObject({ total_duty: tshirt.result.total_duty_amount, declared_value: 12500 });
    expect(sheet[0].total_duty).toBeNull();

    const cursor = (
      await request(app.hosts.tariff).get('/api/tariff/calculations?limit=1').set('X-API-Key', key).expect(200)
    ).body.next_cursor;
    const paged = await request(app.hosts.tariff)
      .get(`/api/tariff/calculations?format=csv&cursor=${cursor}`)
      .set('X-API-Key', key)
      .expect(400);
    expect(paged.body.errors).toEqual([expect.objectContaining({ pointer: '/query/cursor' })]);
    expect(csvRecords((await get('/api/tariff/calculations?format=csv&limit=1').expect(200)).body)).toHaveLength(2);
    const json = await request(app.hosts.tariff)
      .get('/api/tariff/calculations?format=json')
      .set('X-API-Key', key)
      .expect(200);
    expect(json.body.data).toHaveLength(2);
  });

  it('exports the tariff alerts', async () => {
    for (const prefixes of [['6109.10'], ['8471', '9903.03']]) {
      await request(app.hosts.tariff)
        .post('/api/tariff/alerts')
        .set('X-API-Key', key)
        .send({ hts_prefixes: prefixes, countries: ['CN', 'VN'] })
        .expect(201);
    }
    const listed = (await request(app.hosts.tariff).get('/api/tariff/alerts').set('X-API-Key', key).expect(200)).body
      .data;
    const csv = await get('/api/tariff/alerts').set('Accept', 'text/csv').expect(200);
    expect(csvRecords(csv.body)).toEqual(
      listed.map((a: { id: string; hts_prefixes: string[]; created_at: string; updated_at: string }) => ({
        alert_id: a.id,
        livemode: 'true',
        hts_prefixes: a.hts_prefixes.join(' '),
        countries: 'CN VN',
        created_at: a.created_at,
        updated_at: a.updated_at,
      })),
    );
    const xlsx = await get('/api/tariff/alerts?format=xlsx').expect(200);
    expect((await xlsxRecords(xlsx.body)).map((r) => r.hts_prefixes)).toEqual(
      ['6109 10', '8471 9903 03'].map((_, i) => listed[i].hts_prefixes.join(' ')),
    );
  });

  it('exports the rate history of a line, a row per release', async () => {
    const history = (
      await request(app.hosts.tariff).get('/api/tariff/hts/6109.10.0012/history').set('X-API-Key', key).expect(200)
    ).body;
    const csv = await get('/api/tariff/hts/6109.10.0012/history?format=csv').expect(200);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="hts-${history.hts_code}-history.csv"`);
    const rows = csvRecords(csv.body);
    expect(rows).toHaveLength(history.entries.length);
    expect(rows.map((r) => [r.release_id, r.valid_from, r.general])).toEqual(
      history.entries.map((e: { release: { id: string }; valid_from: string; rates: { general: string } }) => [
        e.release.id,
        e.valid_from,
        e.rates.general,
      ]),
    );
    const xlsx = await xlsxRecords((await get('/api/tariff/hts/6109.10.0012/history?format=xlsx').expect(200)).body);
    expect(xlsx.map((r) => r.description)).toEqual(history.entries.map((e: { description: string }) => e.description));
  });
});
