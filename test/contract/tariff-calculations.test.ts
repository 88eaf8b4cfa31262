import Decimal from 'decimal.js';
import request from 'supertest';
import { createTestApp, TestApp } from '../support/app';
import { signUp, signUpOnPlan, testKeyFor } from '../support/accounts';
import { rev3AndRev4 } from '../support/hts-fixtures';
import { pdfText } from '../support/pdf-text';
import { expectPdfThreadBusy } from '../support/pdf-threads';
import { renderDutyReportPdf, type DutyReportLine } from '../../src/domain/tariff/duty-report-pdf';

// Real data: HTS 2026 Rev 3 and Rev 4 and the duty rules.
let app: TestApp;
let pro: string;
let proId: string;
let other: string;
let free: string;
beforeAll(async () => {
  // One PDF thread and no waiting line: the busy answer can be seen (the other tests ask one at a time).
  app = await createTestApp({ withTariffData: rev3AndRev4, config: { pdf: { threads: 1, maxQueue: 0 } } });
  ({ key: pro, accountId: proId } = await signUpOnPlan(app, 'tariff_pro'));
  other = (await signUpOnPlan(app, 'business')).key;
  free = (await signUp(app)).key;
}, 180_000);
afterAll(() => app?.close());

const tshirt = {
  hts_code: '6109.10.0012',
  country_code: 'CN',
  declared_value: 12500,
  entry_date: '2026-10-09',
  mode: 'ocean',
};
const calculate = (key: string | null, body: object, host: 'tariff' | 'main' = 'tariff') => {
  const call = request(app.hosts[host]).post('/api/tariff/public/calculate');
  return key === null ? call.send(body) : call.set('X-API-Key', key).send(body);
};
const get = (key: string, path: string) => request(app.hosts.tariff).get(path).set('X-API-Key', key);

describe('stored calculations', () => {
  it('keeps a calculation with "store": true, on form A and form B, and reads it back', async () => {
    const stored = await calculate(pro, { ...tshirt, store: true }).expect(200);
    expect(stored.body.calculation_id).toMatch(/^calc_/);
    expect(stored.body.remaining).toEqual(expect.any(Number));
    const read = await get(pro, `/api/tariff/calculations/${stored.body.calculation_id}`).expect(200);
    expect(read.body).toMatchObject({
      id: stored.body.calculation_id,
      object: 'tariff_calculation',
      livemode: true,
      request: tshirt,
    });
    expect(read.body.result).toEqual(stored.body.result);

    const flat = await calculate(pro, { ...tshirt, country_code: 'VN', store: true }, 'main').expect(200);
    expect(flat.body).toMatchObject({
      calculation_id: expect.stringMatching(/^calc_/),
      total_duty: expect.any(Number),
    });
    const readFlat = await get(pro, `/api/tariff/calculations/${flat.body.calculation_id}`).expect(200);
    expect(readFlat.body.result.total_duty_amount).toBe(flat.body.total_duty);

    const unstored = await calculate(pro, tshirt).expect(200);
    expect(unstored.body.calculation_id).toBeUndefined();
  });

  it("lists the account's calculations newest first, page by page, apart per account and mode", async () => {
    const account = await signUpOnPlan(app, 'business');
    const ids: string[] = [];
    for (const country of ['CN', 'VN', 'MX'])
      ids.push(
        (await calculate(account.key, { ...tshirt, country_code: country, store: true }).expect(200)).body
          .calculation_id,
      );
    const first = await get(account.key, '/api/tariff/calculations?limit=2').expect(200);
    expect(first.body).toMatchObject({ object: 'list', has_more: true });
    expect(first.headers.link).toBe(`</api/tariff/calculations?limit=2&cursor=${first.body.next_cursor}>; rel="next"`);
    const second = await get(account.key, `/api/tariff/calculations?limit=2&cursor=${first.body.next_cursor}`).expect(
      200,
    );
    expect(second.body).toMatchObject({ has_more: false, next_cursor: null });
    expect(second.headers.link).toBeUndefined();
    expect([...first.body.data, ...second.body.data].map((c: { id: string }) => c.id)).toEqual(ids.reverse());
    expect((await get(other, '/api/tariff/calculations').expect(200)).body.data).toEqual([]);
    const testKey = await testKeyFor(app, account.key);
    expect((await get(testKey, '/api/tariff/calculations').expect(200)).body.data).toEqual([]);
    await get(account.key, '/api/tariff/calculations?cursor=nonsense').expect(400);
  });

  it('builds the report on a PDF thread: asked for while the only one is busy, 503 service-busy with Retry-After', async () => {
    const stored = await calculate(pro, { ...tshirt, store: true }).expect(200);
    await expectPdfThreadBusy(() => get(pro, `/api/tariff/calculations/${stored.body.calculation_id}/pdf`));
  });

  it("builds a report whose claims carry decimal values on the PDF thread (a bulk job's claims cell)", async () => {
    const { calculation_id: id } = (await calculate(pro, { ...tshirt, store: true }).expect(200)).body;
    const stored = await app.deps.tariff.calculations.find(proId, true, id);
    const pdf = await app.deps.pdfs.dutyReport({
      id: 'blk_claims',
      calculatedAt: 0,
      lineCount: 1,
      details: [
        {
          line: 1,
          reference: 'PO-1',
          claims: [{ code: 'us_content_share', value: new Decimal('40.5') }],
          calculation: stored?.calculation as NonNullable<typeof stored>['calculation'],
        },
      ],
    });
    expect((await pdfText(pdf)).replace(/\s+/g, ' ')).toContain('us_content_share 40.5');
  });

  it('renders a stored calculation as a PDF duty report that reads back with its components and totals', async () => {
    const stored = await calculate(pro, {
      ...tshirt,
      store: true,
      claims: [{ code: 'adcvd_exporter', text: 'Acme Textiles' }],
    }).expect(200);
    const res = await get(pro, `/api/tariff/calculations/${stored.body.calculation_id}/pdf`)
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="${stored.body.calculation_id}.pdf"`);
    const text = (await pdfText(res.body as Buffer)).replace(/\s+/g, ' ');
    const { result } = stored.body;
    const usd = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    expect(text).toContain('US import duty report');
    expect(text).toContain(stored.body.calculation_id);
    expect(text).toContain('6109.10.0012');
    expect(text).toContain('China (CN)');
    expect(text).toContain('12,500.00');
    expect(text).toContain('adcvd_exporter Acme Textiles');
    const applied = result.components.filter((c: { status: string }) => c.status === 'applies');
    // Every Chapter 99 heading charged is printed (the general duty has none).
    const headings = applied.flatMap((c: { heading?: string }) => (c.heading ? [c.heading] : []));
    expect(headings.length).toBeGreaterThan(0);
    for (const heading of headings) expect(text).toContain(heading);
    for (const component of applied) {
      expect(text).toContain(usd(component.amount));
      expect(text).toContain(component.citations[0].ref.replace(/\s+/g, ' ').slice(0, 30));
    }
    expect(text).toContain(`Duty ${usd(result.total_duty_amount)}`);
    expect(text).toContain(`Duty and fees ${usd(result.total_duty_amount + result.fees.total)}`);
    expect(text).toContain(result.hts_release.id);
    expect(text).toContain(result.rules_version);
    expect(text).toContain('not a ruling');
    expect(text).toMatch(/page 1 of \d/);
  });

  it('renders many lines (as a bulk job will): a summary table over pages, its header repeated, unresolved lines out of the total', async () => {
    const { calculation_id: id, result } = (await calculate(pro, { ...tshirt, store: true }).expect(200)).body;
    const stored = await app.deps.tariff.calculations.find(proId, true, id);
    const failure = {
      htsCode: '6109.10.0012',
      countryCode: 'CN',
      entryDate: '2020-01-01',
      reason: 'not in force on 2020-01-01',
    };
    const lines: Array<DutyReportLine & { line: number }> = Array.from({ length: 45 }, (_, i) =>
      i === 3
        ? { line: i + 1, reference: 'PO-3', failure }
        : {
            line: i + 1,
            reference: `PO-${i}`,
            claims: [],
            calculation: stored?.calculation as NonNullable<typeof stored>['calculation'],
          },
    );
    const widths = [28, 80, 72, 38, 60, 72, 72, 73];
    const columns = ['#', 'Reference', 'HTS', 'Origin', 'Entry date', 'Value', 'Duty', 'Duty and fees'].map(
      (header, i) => ({ header, width: widths[i] }),
    );
    const summary = (async function* () {
      for (const line of lines) {
        if ('failure' in line)
          yield {
            line: line.line,
            cells: [
              String(line.line),
              'PO-3',
              failure.htsCode,
              failure.countryCode,
              failure.entryDate,
              '',
              'unresolved',
              'unresolved',
            ],
            note: failure.reason,
            amount: null,
          };
        else
          yield {
            line: line.line,
            cells: [String(line.line), line.reference ?? '', '', '', '', '', '', ''],
            amount: line.calculation.totals.dutyAndFees,
          };
      }
    })();
    const text = (
      await pdfText(
        await renderDutyReportPdf({
          id: 'blk_test',
          calculatedAt: 0,
          lineCount: 45,
          summary: { columns, rows: summary, totalLabel: 'Duty and fees' },
          details: lines,
        }),
      )
    ).replace(/\s+/g, ' ');
    const pages = Number(/page 1 of (\d+)/.exec(text)?.[1]);
    expect(pages).toBeGreaterThan(45);
    expect(text.match(/# Reference HTS Origin Entry date Value Duty Duty and fees/g)?.length).toBe(2);
    const landed = result.total_duty_amount + result.fees.total;
    expect(text).toContain(
      `Duty and fees, resolved lines: USD ${(44 * landed).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
    );
    expect(text).toContain('1 of 45 lines are unresolved and not in this total: line 4.');
    expect(text).toContain('4 PO-3 6109.10.0012 CN 2020-01-01 unresolved unresolved not in force on 2020-01-01');
  });

  it('is not found for another account (404), and for Tariff Pro and business only (401, 403)', async () => {
    const { calculation_id: id } = (await calculate(pro, { ...tshirt, store: true }).expect(200)).body;
    for (const path of [`/api/tariff/calculations/${id}`, `/api/tariff/calculations/${id}/pdf`]) {
      const missing = await get(other, path).expect(404);
      expect(missing.body.type).toBe('https://docs.tradelane.dev/problems/not-found');
      await get(free, path).expect(403);
      await request(app.hosts.tariff).get(path).expect(401);
      await get(pro, `${path}?unknown=1`).expect(400);
    }
    await get(free, '/api/tariff/calculations').expect(403);
    await request(app.hosts.tariff).get('/api/tariff/calculations').expect(401);
  });

  it('stores only for an account with stored calculations: 401 keyless, 403 on Free, nothing calculated', async () => {
    const keyless = await calculate(null, { ...tshirt, store: true }).expect(401);
    expect(keyless.body.type).toBe('https://docs.tradelane.dev/problems/unauthenticated');
    const forbidden = await calculate(free, { ...tshirt, store: true }).expect(403);
    expect(forbidden.body.type).toBe('https://docs.tradelane.dev/problems/forbidden-plan');
    const plain = await calculate(free, tshirt).expect(200);
    expect(plain.body.calculation_id).toBeUndefined();
    // The refused call gave its use of the daily quota back: this is Free's first of 5.
    expect(plain.body.remaining).toBe(4);
  });
});
