import request from 'supertest';
import ExcelJS from 'exceljs';
import type { Agenda } from 'agenda';
import { BulkJobRepository } from '../../src/db/repositories/bulk-job.repository';
import { BulkJobService } from '../../src/domain/tariff/bulk/bulk-job.service';
import { toApiBulkJob } from '../../src/handlers/outputs/bulk-job.output';
import { setPlan, signUp } from '../support/accounts';
import { createTestApp, TestApp } from '../support/app';
import { startBulkWorker as startWorker } from '../support/bulk-worker';
import { expectPdfThreadBusy } from '../support/pdf-threads';
import { pdfText } from '../support/pdf-text';

jest.setTimeout(120_000);

// Real data: HTS 2025 Rev 18 (in force from 2025-08-07) and 2026 Rev 4.
let app: TestApp;
let pro: string;
let proAccountId: string;
let otherPro: string;
let free: string;
let agenda: Agenda;
beforeAll(async () => {
  // One PDF thread and no waiting line: the busy answer can be seen (the other tests ask one at a time).
  app = await createTestApp({
    withTariffData: ['hts_2025_revision_18_json.json.gz', 'hts_2026_revision_4_csv.csv'],
    config: { pdf: { threads: 1, maxQueue: 0 } },
  });
  for (const which of ['pro', 'other'] as const) {
    const account = await signUp(app);
    await setPlan(app, account.email, 'tariff_pro');
    if (which === 'pro') [pro, proAccountId] = [account.key, account.accountId];
    else otherPro = account.key;
  }
  free = (await signUp(app)).key;
}, 180_000);
afterAll(async () => {
  await agenda?.stop();
  await app?.close();
});

/** The worker, on the test database: only the bulk job is defined on it. */
async function startBulkWorker(): Promise<void> {
  agenda ??= await startWorker(app);
}

const tariff = () => request(app.hosts.tariff);
const create = (key: string | null, send: (call: request.Test) => request.Test) => {
  const call = tariff().post('/api/tariff/bulk-jobs');
  return send(key === null ? call : call.set('X-API-Key', key));
};

async function waitForJob(key: string, id: string): Promise<request.Response> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const res = await tariff().get(`/api/tariff/bulk-jobs/${id}`).set('X-API-Key', key).expect(200);
    if (res.body.status === 'succeeded' || res.body.status === 'failed' || Date.now() > deadline) return res;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const tshirt = { hts_code: '6109.10.0012', value: 10000 };
const lines = [
  // China from 2025-11-10: MFN 16.5%, fentanyl 10% and reciprocal 10%, Section 301 List 4A 7.5%.
  { reference: 'PO-1/1', ...tshirt, country_code: 'CN', entry_date: '2025-11-10', mode: 'ocean' },
  { reference: 'PO-1/2', ...tshirt, country_code: 'VN', entry_date: '2025-11-10', mode: 'ocean' },
  // Before the oldest release held here: unresolved, with the reason, never 0.
  { reference: 'PO-1/3', ...tshirt, country_code: 'VN', entry_date: '2025-08-01' },
  {
    reference: 'PO-1/4',
    hts_code: '7208.10.1500',
    country_code: 'KR',
    value: '25000.50',
    entry_date: '2025-11-10',
    quantity: 12000,
    unit: 'kg',
    claims: 'special_program=KR',
    mode: 'ocean',
  },
];

describe('bulk jobs', () => {
  let jobId: string;

  it('queues JSON lines (202), runs them in the worker and reports progress, then the results match the calculator line by line', async () => {
    const created = await create(pro, (c) => c.send({ lines })).expect(202);
    expect(created.body).toMatchObject({
      object: 'bulk_job',
      kind: 'calculation',
      status: 'queued',
      source: 'json',
      lines_total: 4,
      lines_done: 0,
      started_at: null,
      finished_at: null,
      errors: [],
      report_url: null,
    });
    expect(created.headers.location).toBe(`/api/tariff/bulk-jobs/${created.body.id}`);
    jobId = created.body.id;
    // Not finished yet: no results.
    const early = await tariff().get(`/api/tariff/bulk-jobs/${jobId}/results`).set('X-API-Key', pro).expect(409);
    expect(early.body.detail).toContain('queued');
    await tariff().get(`/api/tariff/bulk-jobs/${jobId}/report.pdf`).set('X-API-Key', pro).expect(409);

    await startBulkWorker();
    const done = await waitForJob(pro, jobId);
    expect(done.body).toMatchObject({
      status: 'succeeded',
      lines_done: 4,
      lines_total: 4,
      lines_unresolved: 1,
      errors: [],
      report_url: `/api/tariff/bulk-jobs/${jobId}/report.pdf`,
    });
    // The link is the download itself.
    await tariff()
      .get(done.body.report_url)
      .set('X-API-Key', pro)
      .expect(200)
      .expect('content-type', 'application/pdf');
    expect(Date.parse(done.body.started_at)).toBeLessThanOrEqual(Date.parse(done.body.finished_at));

    const results = await tariff().get(`/api/tariff/bulk-jobs/${jobId}/results`).set('X-API-Key', pro).expect(200);
    expect(results.body.columns.slice(0, 9)).toEqual([
      'reference',
      'hts_code',
      'country_code',
      'value',
      'entry_date',
      'quantity',
      'unit',
      'claims',
      'mode',
    ]);
    expect(results.body.data.map((l: { line: number }) => l.line)).toEqual([1, 2, 3, 4]);
    for (const [index, line] of lines.entries()) {
      if (index === 2) continue;
      const calculated = await tariff()
        .post('/api/tariff/public/calculate')
        .set('X-API-Key', pro)
        .send({
          hts_code: line.hts_code,
          country_code: line.country_code,
          declared_value: Number(line.value),
          entry_date: line.entry_date,
          mode: 'ocean',
          ...(line.quantity ? { quantity: { value: line.quantity, unit: line.unit } } : {}),
          ...(line.claims ? { claims: [{ code: 'special_program', text: 'KR' }] } : {}),
        })
        .expect(200);
      const { output } = results.body.data[index];
      expect(output.status).toBe('resolved');
      expect(Number(output.duty_total)).toBe(calculated.body.result.total_duty_amount);
      expect(Number(output.fees_total)).toBe(calculated.body.result.fees.total);
      expect(Number(output.base_amount)).toBe(calculated.body.result.rates.base_duty.amount);
      expect(output.rules_version).toBe(calculated.body.result.rules_version);
      expect(output.hts_release).toBe(calculated.body.result.hts_release.id);
    }
    expect(results.body.data[0].output).toMatchObject({ ieepa_amount: '1000.00', ieepa_reciprocal_amount: '1000.00' });
    expect(results.body.data[0].output.headings).toContain('9903.01.24');
    const unresolved = results.body.data[2].output;
    expect(unresolved).toMatchObject({ status: 'unresolved', total: null, duty_total: null, base_amount: null });
    expect(unresolved.unresolved).toContain('2025-08-01');
    expect(results.body.data[3].input).toMatchObject({
      reference: 'PO-1/4',
      value: '25000.50',
      quantity: '12000',
      unit: 'kg',
      claims: 'special_program=KR',
    });

    // Paginated by line.
    const first = await tariff()
      .get(`/api/tariff/bulk-jobs/${jobId}/results?limit=3`)
      .set('X-API-Key', pro)
      .expect(200);
    expect(first.body.has_more).toBe(true);
    const second = await tariff()
      .get(`/api/tariff/bulk-jobs/${jobId}/results?limit=3&cursor=${first.body.next_cursor}`)
      .set('X-API-Key', pro)
      .expect(200);
    expect([...first.body.data, ...second.body.data].map((l: { line: number }) => l.line)).toEqual([1, 2, 3, 4]);
    expect(second.body.has_more).toBe(false);

    // bulk_job.completed, with the job as GET returns it.
    const events = await app.db.knex('outbox_events').where({ type: 'bulk_job.completed', subject_id: jobId });
    expect(events).toHaveLength(1);
    expect(JSON.parse(events[0].data).object).toEqual(done.body);
  });

  it('gives the results as CSV and XLSX (by format or Accept), which upload again as they are and compute the same', async () => {
    const csv = await tariff()
      .get(`/api/tariff/bulk-jobs/${jobId}/results`)
      .set('X-API-Key', pro)
      .set('Accept', 'text/csv')
      .expect(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="${jobId}.csv"`);
    // As every export: a byte order mark, CRLF.
    expect(csv.text.startsWith('\uFEFFreference,')).toBe(true);
    const rows = csv.text.slice(1).trim().split('\r\n');
    expect(rows).toHaveLength(5);
    expect(rows[0]).toMatch(
      /^reference,hts_code,country_code,value,entry_date,quantity,unit,claims,mode,status,base_rate,base_amount,/,
    );
    expect(rows[1]).toMatch(/^PO-1\/1,6109\.10\.0012,CN,10000,2025-11-10,,,,ocean,resolved,/);

    const xlsx = await tariff()
      .get(`/api/tariff/bulk-jobs/${jobId}/results?format=xlsx`)
      .set('X-API-Key', pro)
      .buffer(true)
      .parse(binary)
      .expect(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.body as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.rowCount).toBe(5);
    expect(sheet.getRow(2).getCell(2).value).toBe('6109.10.0012');

    // Round trip: the results files are inputs.
    for (const [name, data] of [
      ['results.csv', Buffer.from(csv.text)],
      ['results.xlsx', xlsx.body as Buffer],
    ] as const) {
      const again = await create(pro, (c) => c.attach('file', data, name)).expect(202);
      expect(again.body).toMatchObject({ source: name.endsWith('csv') ? 'csv' : 'xlsx', lines_total: 4 });
      await waitForJob(pro, again.body.id);
      const before = await tariff().get(`/api/tariff/bulk-jobs/${jobId}/results`).set('X-API-Key', pro).expect(200);
      const after = await tariff()
        .get(`/api/tariff/bulk-jobs/${again.body.id}/results`)
        .set('X-API-Key', pro)
        .expect(200);
      // A workbook keeps numbers as numbers (25000.50 reads back as 25000.5), so its lines' inputs differ
      // from the CSV's; the results are the same.
      const compared = (lines: Array<{ output: object }>) =>
        name.endsWith('csv') ? lines : lines.map((line) => line.output);
      expect(compared(after.body.data)).toEqual(compared(before.body.data));
    }
  });

  it('builds the report on a PDF thread: asked for while the only one is busy, 503 service-busy with Retry-After', async () => {
    await expectPdfThreadBusy(() =>
      tariff().get(`/api/tariff/bulk-jobs/${jobId}/report.pdf?detail=1`).set('X-API-Key', pro),
    );
  });

  it('reports the job as a PDF: a summary of every line with the total of the resolved ones, the unresolved named and left out, then the lines in detail', async () => {
    const results = (await tariff().get(`/api/tariff/bulk-jobs/${jobId}/results`).set('X-API-Key', pro).expect(200))
      .body.data as Array<{ output: Record<string, string | null> }>;
    const pdf = await tariff()
      .get(`/api/tariff/bulk-jobs/${jobId}/report.pdf`)
      .set('X-API-Key', pro)
      .buffer(true)
      .parse(binary)
      .expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`inline; filename="${jobId}.pdf"`);
    const text = (await pdfText(pdf.body as Buffer)).replace(/\s+/g, ' ');
    const usd = (amount: string | null) => Number(amount).toLocaleString('en-US', { minimumFractionDigits: 2 });
    expect(text).toContain(
      `1 PO-1/1 6109.10.0012 CN 2025-11-10 10,000.00 ${usd(results[0].output.duty_total)} ${usd(results[0].output.total)}`,
    );
    expect(text).toContain(
      `3 PO-1/3 6109.10.0012 VN 2025-08-01 10,000.00 unresolved unresolved ${results[2].output.unresolved?.slice(0, 40)}`,
    );
    const resolved = [0, 1, 3].reduce((sum, i) => sum + Number(results[i].output.total), 0);
    expect(text).toContain(`Duty and fees, resolved lines: USD ${usd(resolved.toFixed(2))}`);
    expect(text).toContain('1 of 4 lines are unresolved and not in this total: line 3.');
    expect(text).toContain('Each line follows in detail (4).');
    // The detail is the calculator's full stack: components with their headings, the same totals.
    expect(text).toContain('Line 1: PO-1/1');
    expect(text).toContain('9903.01.24');
    expect(text).toContain(`Duty and fees ${usd(results[0].output.total)}`);
    expect(text).toContain('Line 3: PO-1/3 6109.10.0012 from VN: unresolved.');
    expect(text).toContain(`Line 4: PO-1/4`);
    expect(text).toContain(results[0].output.rules_version);
    expect(text).toContain('not a ruling');

    // detail=1: the rest is said to be in the summary only; detail=0 the summary alone.
    const capped = (
      await pdfText(
        (
          await tariff()
            .get(`/api/tariff/bulk-jobs/${jobId}/report.pdf?detail=1`)
            .set('X-API-Key', pro)
            .buffer(true)
            .parse(binary)
            .expect(200)
        ).body,
      )
    ).replace(/\s+/g, ' ');
    expect(capped).toContain('Lines 1 to 1 follow in detail; lines 2 to 4 are in the summary only');
    expect(capped).toContain('Line 1: PO-1/1');
    expect(capped).not.toContain('Line 2: PO-1/2');
    expect(capped).toContain(`Duty and fees, resolved lines: USD ${usd(resolved.toFixed(2))}`);
    const summaryOnly = (
      await pdfText(
        (
          await tariff()
            .get(`/api/tariff/bulk-jobs/${jobId}/report.pdf?detail=0`)
            .set('X-API-Key', pro)
            .buffer(true)
            .parse(binary)
            .expect(200)
        ).body,
      )
    ).replace(/\s+/g, ' ');
    expect(summaryOnly).not.toContain('Line 1: PO-1/1');
    expect(summaryOnly).toMatch(/page 1 of 1\b/);

    await tariff().get(`/api/tariff/bulk-jobs/${jobId}/report.pdf`).set('X-API-Key', otherPro).expect(404);
    const forbidden = await tariff()
      .get(`/api/tariff/bulk-jobs/${jobId}/report.pdf`)
      .set('X-API-Key', free)
      .expect(403);
    expect(forbidden.body.type).toBe('https://docs.tradelane.dev/problems/forbidden-plan');
    await tariff().get(`/api/tariff/bulk-jobs/${jobId}/report.pdf`).expect(401);
    await tariff().get(`/api/tariff/bulk-jobs/${jobId}/report.pdf?detail=501`).set('X-API-Key', pro).expect(400);
  });

  it("paginates the report's summary of a larger job, its header repeated on each page, and caps the detail", async () => {
    const many = Array.from({ length: 130 }, (_, i) => ({
      reference: `R-${i + 1}`,
      ...tshirt,
      country_code: i % 2 ? 'VN' : 'CN',
      entry_date: i === 77 ? '2025-08-01' : '2025-11-10',
      mode: 'ocean',
    }));
    await startBulkWorker();
    const created = await create(pro, (c) => c.send({ lines: many })).expect(202);
    expect((await waitForJob(pro, created.body.id)).body).toMatchObject({ status: 'succeeded', lines_unresolved: 1 });
    const pdf = await tariff()
      .get(`/api/tariff/bulk-jobs/${created.body.id}/report.pdf?detail=2`)
      .set('X-API-Key', pro)
      .buffer(true)
      .parse(binary)
      .expect(200);
    const text = (await pdfText(pdf.body as Buffer)).replace(/\s+/g, ' ');
    const headers = text.match(/# Reference HTS Origin Entry date Value Duty Duty and fees/g)?.length ?? 0;
    expect(headers).toBeGreaterThanOrEqual(3);
    // The summary pages, then the two lines in detail.
    expect(Number(/page 1 of (\d+)/.exec(text)?.[1])).toBeGreaterThanOrEqual(headers + 2);
    const results = (
      await tariff()
        .get(`/api/tariff/bulk-jobs/${created.body.id}/results?limit=1000`)
        .set('X-API-Key', pro)
        .expect(200)
    ).body.data as Array<{ output: { total: string | null } }>;
    const cents = results.reduce(
      (sum, l) => sum + (l.output.total === null ? 0 : Math.round(Number(l.output.total) * 100)),
      0,
    );
    expect(text).toContain(
      `Duty and fees, resolved lines: USD ${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
    );
    expect(text).toContain('1 of 130 lines are unresolved and not in this total: line 78.');
    expect(text).toContain('130 R-130 6109.10.0012 VN');
    expect(text).toContain('Lines 1 to 2 follow in detail; lines 3 to 130 are in the summary only');
  });

  it('refuses a file with bad rows (400), listing each row and column, and queues nothing', async () => {
    const before = await app.db.knex('bulk_jobs').count({ n: '*' });
    const file = [
      'hts_code,country_code,value,entry_date,claims',
      '6109.10.0012,CN,100,2025-11-10,',
      '6109.10,ZZ,-5,2025-13-01,',
      '6109.10.0012,VN,100,,no_such_claim',
    ].join('\n');
    const res = await create(pro, (c) => c.attach('file', Buffer.from(file), 'lines.csv')).expect(400);
    expect(res.body.error_count).toBe(res.body.errors.length);
    expect(res.body.errors.map((e: { pointer: string }) => e.pointer)).toEqual([
      '/body/file/3/hts_code',
      '/body/file/3/value',
      '/body/file/4/claims',
    ]);
    const unknownColumn = await create(pro, (c) =>
      c.attach('file', Buffer.from('hts_code,country_code,value,colour\n6109.10.0012,CN,1,red'), 'lines.csv'),
    ).expect(400);
    expect(unknownColumn.body.errors).toEqual([
      { pointer: '/body/file/1/colour', message: expect.stringContaining('unknown column') },
    ]);
    const missing = await create(pro, (c) =>
      c.attach('file', Buffer.from('hts_code,value\n6109.10.0012,1'), 'lines.csv'),
    ).expect(400);
    expect(missing.body.errors).toEqual([
      { pointer: '/body/file/1/country_code', message: 'column country_code is required' },
    ]);
    // JSON lines name their index; every bad line is listed, up to 100, with the count of all.
    const many = Array.from({ length: 150 }, () => ({ hts_code: 'nope', country_code: 'CN', value: 1 }));
    const json = await create(pro, (c) => c.send({ lines: [...lines, ...many] })).expect(400);
    expect(json.body.errors).toHaveLength(100);
    expect(json.body.error_count).toBe(150);
    expect(json.body.errors[0].pointer).toBe('/body/lines/4/hts_code');
    expect(await app.db.knex('bulk_jobs').count({ n: '*' })).toEqual(before);
  });

  it('takes the IEEPA refund kind on the same files, with the refund columns', async () => {
    const file = [
      'entry_number,line_number,entry_date,hts_code,country_code,value,ieepa_paid',
      'AAA-0000001-1,1,2025-08-10,6109.10.0012,VN,10000,2000',
      'AAA-0000001-1,2,2025-11-10,6109.10.0012,CN,10000,2500',
      'AAA-0000002-9,1,2026-03-02,6109.10.0012,VN,10000,',
    ].join('\r\n');
    const created = await create(pro, (c) =>
      c.field('kind', 'ieepa_refund').attach('file', Buffer.from(file), 'refunds.csv'),
    ).expect(202);
    expect(created.body.kind).toBe('ieepa_refund');
    await waitForJob(pro, created.body.id);
    const results = await tariff()
      .get(`/api/tariff/bulk-jobs/${created.body.id}/results`)
      .set('X-API-Key', pro)
      .expect(200);
    expect(results.body.data.map((l: { output: object }) => l.output)).toEqual([
      expect.objectContaining({
        status: 'resolved',
        owed_reciprocal: '2000.00',
        owed_total: '2000.00',
        paid: '2000.00',
        difference: '0.00',
        refundable: 'true',
        refund_estimate: '2000.00',
        headings: '9903.02.69',
      }),
      expect.objectContaining({
        status: 'resolved',
        owed_fentanyl: '1000.00',
        owed_reciprocal: '1000.00',
        owed_total: '2000.00',
        paid: '2500.00',
        difference: '500.00',
        refund_estimate: '2500.00',
      }),
      expect.objectContaining({ status: 'resolved', owed_total: '0.00', refundable: 'false', refund_estimate: '0.00' }),
    ]);
    // Its report is the refund summary, the total refund estimate over the lines.
    const report = (
      await pdfText(
        (
          await tariff()
            .get(`/api/tariff/bulk-jobs/${created.body.id}/report.pdf`)
            .set('X-API-Key', pro)
            .buffer(true)
            .parse(binary)
            .expect(200)
        ).body,
      )
    ).replace(/\s+/g, ' ');
    expect(report).toContain('# Entry / line HTS Origin Entry date IEEPA owed Paid Refund estimate');
    expect(report).toContain('2 AAA-0000001-1 / 2 6109.10.0012 CN 2025-11-10 2,000.00 2,500.00 2,500.00');
    expect(report).toContain('Refund estimate, resolved lines: USD 4,500.00');
    expect(report).toContain("An IEEPA refund job's report is this summary");
    expect(report).not.toContain('unresolved and not in this total');
    // The refund kind needs its own columns.
    const noEntry = await create(pro, (c) => c.send({ kind: 'ieepa_refund', lines: [lines[0]] })).expect(400);
    expect(noEntry.body.errors.map((e: { pointer: string }) => e.pointer)).toEqual([
      '/body/lines/0/entry_number',
      '/body/lines/0/line_number',
    ]);
  });

  it('serves templates of either kind as CSV and XLSX', async () => {
    const csv = await tariff().get('/api/tariff/bulk-jobs/template').set('X-API-Key', pro).expect(200);
    expect(csv.text).toBe('\uFEFFreference,hts_code,country_code,value,entry_date,quantity,unit,claims,mode\r\n');
    const refund = await tariff()
      .get('/api/tariff/bulk-jobs/template?kind=ieepa_refund&format=xlsx')
      .set('X-API-Key', pro)
      .buffer(true)
      .parse(binary)
      .expect(200);
    expect(refund.headers['content-disposition']).toBe('attachment; filename="bulk-ieepa-refund-template.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(refund.body as ArrayBuffer);
    expect(workbook.worksheets[0].getRow(1).values).toEqual([
      undefined,
      'reference',
      'entry_number',
      'line_number',
      'entry_date',
      'hts_code',
      'country_code',
      'value',
      'quantity',
      'unit',
      'claims',
      'mode',
      'ieepa_paid',
    ]);
  });

  it('refuses other file types (415) and inputs over the limits (413)', async () => {
    const pdf = await create(pro, (c) =>
      c.attach('file', Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n'), 'lines.pdf'),
    ).expect(415);
    expect(pdf.body.detail).toContain('CSV');
    await create(pro, (c) => c.set('Content-Type', 'text/plain').send('hts_code,country_code,value')).expect(415);
    const big = Buffer.alloc(8 * 1024 * 1024 + 1, 'a');
    const tooBig = await create(pro, (c) => c.attach('file', big, 'big.csv')).expect(413);
    expect(tooBig.body.detail).toContain('max_bulk_file_bytes');
    const tooMany = ['hts_code,country_code,value', ...Array.from({ length: 50_001 }, () => '6109.10.0012,CN,1')].join(
      '\n',
    );
    const lineLimit = await create(pro, (c) => c.attach('file', Buffer.from(tooMany), 'many.csv')).expect(413);
    expect(lineLimit.body.detail).toContain('max_bulk_lines');
  });

  it('fails a job whose rules cannot be had, saying why, with its event; a failed job has no results (409)', async () => {
    // Queued for no worker: this test runs it itself.
    const service = new BulkJobService({
      store: new BulkJobRepository(app.db.knex),
      clock: () => Date.now(),
      enqueue: async () => undefined,
      present: toApiBulkJob,
    });
    const job = await service.create(
      { accountId: proAccountId, livemode: true, plan: 'tariff_pro' },
      'calculation',
      'json',
      [{ at: 'lines/0', cells: lines[0] }],
    );
    await service.run(job.id, {
      engine: async () => {
        throw new Error('no duty rules are stored yet');
      },
    });
    const failed = await tariff().get(`/api/tariff/bulk-jobs/${job.id}`).set('X-API-Key', pro).expect(200);
    expect(failed.body).toMatchObject({
      status: 'failed',
      lines_done: 0,
      errors: ['no duty rules are stored yet'],
      report_url: null,
    });
    expect(failed.body.finished_at).not.toBeNull();
    const results = await tariff()
      .get(`/api/tariff/bulk-jobs/${job.id}/results?format=csv`)
      .set('X-API-Key', pro)
      .expect(409);
    expect(results.body.detail).toContain('failed');
    // Running it again (a retried Agenda job) leaves the finished job as it is: one event.
    await service.run(job.id, {
      engine: async () => ({
        lines: app.deps.tariff.lines,
        rules: app.deps.tariff.rules.current(),
        today: () => '2026-01-01',
      }),
    });
    expect(
      await app.db.knex('outbox_events').where({ type: 'bulk_job.completed', subject_id: job.id }).count({ n: '*' }),
    ).toEqual([{ n: 1 }]);
    expect((await tariff().get(`/api/tariff/bulk-jobs/${job.id}`).set('X-API-Key', pro).expect(200)).body.status).toBe(
      'failed',
    );
  });

  it('leaves a job running when a run fails that the queue will retry; the retry resumes and finishes it, with one event', async () => {
    const service = new BulkJobService({
      store: new BulkJobRepository(app.db.knex),
      clock: () => Date.now(),
      enqueue: async () => undefined,
      present: toApiBulkJob,
    });
    const job = await service.create(
      { accountId: proAccountId, livemode: true, plan: 'tariff_pro' },
      'calculation',
      'json',
      [{ at: 'lines/0', cells: lines[0] }],
    );
    const lost = new Error('Connection lost: The server closed the connection.');
    await expect(service.run(job.id, { engine: async () => Promise.reject(lost), finalAttempt: false })).rejects.toBe(
      lost,
    );
    const waiting = await tariff().get(`/api/tariff/bulk-jobs/${job.id}`).set('X-API-Key', pro).expect(200);
    expect(waiting.body).toMatchObject({ status: 'running', lines_done: 0, errors: [] });
    expect(
      await app.db.knex('outbox_events').where({ type: 'bulk_job.completed', subject_id: job.id }).count({ n: '*' }),
    ).toEqual([{ n: 0 }]);
    await service.run(job.id, {
      engine: async () => ({
        lines: app.deps.tariff.lines,
        rules: app.deps.tariff.rules.current(),
        today: () => '2026-01-01',
      }),
      finalAttempt: false,
    });
    const done = await tariff().get(`/api/tariff/bulk-jobs/${job.id}`).set('X-API-Key', pro).expect(200);
    expect(done.body).toMatchObject({ status: 'succeeded', lines_done: 1, errors: [] });
    expect(
      await app.db.knex('outbox_events').where({ type: 'bulk_job.completed', subject_id: job.id }).count({ n: '*' }),
    ).toEqual([{ n: 1 }]);
  });

  it('replays a create with the same Idempotency-Key', async () => {
    const first = await create(pro, (c) =>
      c.set('Idempotency-Key', 'bulk-once').send({ lines: lines.slice(0, 1) }),
    ).expect(202);
    const again = await create(pro, (c) =>
      c.set('Idempotency-Key', 'bulk-once').send({ lines: lines.slice(0, 1) }),
    ).expect(202);
    expect(again.body.id).toBe(first.body.id);
    await create(pro, (c) => c.set('Idempotency-Key', 'bulk-once').send({ lines: lines.slice(1, 2) })).expect(422);
  });

  it("lists the account's jobs newest first; another account's job is 404; Free is 403; no key is 401", async () => {
    const list = await tariff().get('/api/tariff/bulk-jobs?limit=2').set('X-API-Key', pro).expect(200);
    expect(list.body.data).toHaveLength(2);
    expect(list.body.has_more).toBe(true);
    const next = await tariff()
      .get(`/api/tariff/bulk-jobs?limit=100&cursor=${list.body.next_cursor}`)
      .set('X-API-Key', pro)
      .expect(200);
    const ids = [...list.body.data, ...next.body.data].map((j: { id: string }) => j.id);
    expect(ids).toContain(jobId);
    expect(new Set(ids).size).toBe(ids.length);
    expect((await tariff().get('/api/tariff/bulk-jobs').set('X-API-Key', otherPro).expect(200)).body.data).toEqual([]);
    await tariff().get(`/api/tariff/bulk-jobs/${jobId}`).set('X-API-Key', otherPro).expect(404);
    await tariff().get(`/api/tariff/bulk-jobs/${jobId}/results`).set('X-API-Key', otherPro).expect(404);
    const forbidden = await create(free, (c) => c.send({ lines })).expect(403);
    expect(forbidden.body.type).toBe('https://docs.tradelane.dev/problems/forbidden-plan');
    await tariff().get('/api/tariff/bulk-jobs').set('X-API-Key', free).expect(403);
    await create(null, (c) => c.send({ lines })).expect(401);
    await tariff().get('/api/tariff/bulk-jobs?limit=0').set('X-API-Key', pro).expect(400);
    await tariff().get('/api/tariff/bulk-jobs/template?format=pdf').set('X-API-Key', pro).expect(400);
    await tariff().get(`/api/tariff/bulk-jobs/${jobId}/results?format=pdf`).set('X-API-Key', pro).expect(400);
    await tariff()
      .get(`/api/tariff/bulk-jobs/${'x'.repeat(65)}`)
      .set('X-API-Key', pro)
      .expect(400);
    await tariff().get(`/api/tariff/bulk-jobs/${jobId}/results?cursor=nonsense`).set('X-API-Key', pro).expect(400);
  });
});

/** supertest's parser for a binary body. */
function binary(res: request.Response, done: (error: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}
