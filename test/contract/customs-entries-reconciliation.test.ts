import request from 'supertest';
import { businessAccount, siteClient } from '../support/account-api';
import { setPlan, signUp } from '../support/accounts';
import { createTestApp, TestApp } from '../support/app';
import { testDialect } from '../support/database';
import { rev3AndRev4 } from '../support/hts-fixtures';
import { bulkWorkbook } from '../support/xlsx-bomb';

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp({ config: { trustProxy: true }, withTariffData: rev3AndRev4 });
  app.clock.set('2026-11-25T10:00:00.000Z');
}, 120_000);
afterAll(() => app?.close());

const header = [
  'entry_number',
  'line_number',
  'entry_date',
  'hts_code',
  'country_code',
  'value',
  'duty',
  'mpf',
  'hmf',
  'mode',
  'liquidation_date',
];
/**
 * The worked example of docs/entries.md as filed: the T-shirts' 9903.05.31 at 15% instead of 12.5%,
 * the screws' 9903.88.03 left out and a 9903.01.25 they do not owe, the MPF of the entry's value
 * without its per-entry maximum; a second entry with a code the schedule does not hold.
 */
const summary = [
  ['E1', '1', '2026-12-24', '6109.10.0012', 'CN', '150000.00', '24750.00', '519.60', '187.50', 'ocean', ''],
  ['E1', '1', '2026-12-24', '9903.88.15', '', '', '11250.00', '', '', '', ''],
  ['E1', '1', '2026-12-24', '9903.05.31', '', '', '22500.00', '', '', '', ''],
  ['E1', '2', '2026-12-24', '7318.15.2095', 'CN', '60000.00', '0.00', '207.84', '75.00', 'ocean', ''],
  ['E1', '2', '2026-12-24', '9903.82.02', '', '', '30000.00', '', '', '', ''],
  ['E1', '2', '2026-12-24', '9903.01.25', '', '', '6000.00', '', '', '', ''],
  ['E2', '1', '2026-12-24', '6109.10.0099', 'CN', '1000.00', '50.00', '', '', 'air', '2027-03-01'],
];
const csv = (rows: string[][], columns = header) => Buffer.from([columns, ...rows].map((r) => r.join(',')).join('\n'));

describe(`entry summary reconciliation on ${testDialect}`, () => {
  test('per line and per program: filed, ours, the difference and its reason, the corrections open and their deadlines, totals', async () => {
    const { live } = await businessAccount(app);
    const client = siteClient(app, live);
    const res = await client.post('/api/entry-reconciliations').attach('file', csv(summary), 'summary.csv');
    expect(res.body.errors).toBeUndefined();
    expect(res.status).toBe(200);
    const { entries, totals } = res.body;
    expect(res.body).toMatchObject({ object: 'entry_reconciliation', currency: 'USD' });
    const [e1, e2] = entries;
    expect(e1.entry_number).toBe('E1');
    const program = (line: number, heading: string | null) =>
      e1.lines[line].programs.find((p: { heading: string | null }) => p.heading === heading);
    expect(program(0, null)).toEqual({
      family: 'base',
      heading: null,
      filed: '24750.00',
      ours: '24750.00',
      difference: '0.00',
      reason: null,
    });
    expect(program(0, '9903.88.15')).toMatchObject({
      filed: '11250.00',
      ours: '11250.00',
      difference: '0.00',
      reason: null,
    });
    expect(program(0, '9903.05.31')).toMatchObject({
      family: 'section_301',
      filed: '22500.00',
      ours: '18750.00',
      difference: '3750.00',
      reason: 'rate',
    });
    expect(program(1, '9903.82.02')).toMatchObject({ family: 'section_232', difference: '0.00', reason: null });
    expect(program(1, '9903.01.25')).toMatchObject({
      family: 'unknown',
      filed: '6000.00',
      ours: '0.00',
      difference: '6000.00',
      reason: 'program_extra',
    });
    expect(program(1, '9903.88.03')).toMatchObject({
      filed: '0.00',
      ours: '15000.00',
      difference: '-15000.00',
      reason: 'program_missing',
    });
    expect(
      e1.lines.map((l: { filed: string; ours: string; difference: string }) => [l.filed, l.ours, l.difference]),
    ).toEqual([
      ['58500.00', '54750.00', '3750.00'],
      ['36000.00', '45000.00', '-9000.00'],
    ]);
    // The MPF filed as 0.3464% of 210,000 (727.44), past the FY2027 per-entry maximum of 670.86.
    expect(e1.fees).toEqual([
      { fee: 'mpf', filed: '727.44', ours: '670.86', difference: '56.58', reason: 'fee_cap' },
      { fee: 'hmf', filed: '262.50', ours: '262.50', difference: '0.00', reason: null },
    ]);
    // Liquidation estimated at 314 days after entry; a PSC by 300 days after entry or 15 before liquidation.
    expect(e1.deadlines).toEqual({
      liquidation: '2027-11-03',
      liquidation_estimated: true,
      post_summary_correction: '2027-10-19',
      protest: '2028-05-01',
    });
    expect(e1.lines[0].correction).toEqual({ kind: 'post_summary_correction', opens: null, deadline: '2027-10-19' });
    expect(e1.lines[0].ieepa_refund).toBeNull();
    // The liquidation date of the file decides: 15 days before it comes first.
    expect(e2.deadlines).toEqual({
      liquidation: '2027-03-01',
      liquidation_estimated: false,
      post_summary_correction: '2027-02-14',
      protest: '2027-08-28',
    });
    expect(e2.lines[0]).toMatchObject({ status: 'unresolved', ours: null, difference: null, correction: null });
    expect(e2.lines[0].reason).toEqual(expect.any(String));
    expect(totals).toEqual({
      filed: '95539.94',
      ours: null,
      overpaid: '9806.58',
      underpaid: '15000.00',
      unexplained: '50.00',
      ieepa_refund_estimate: '0.00',
    });
    // The same summary as XLSX with the ACE report's headers is the same answer; Idempotency-Key replays it.
    const ace = [
      'Entry Summary Number',
      'Entry Summary Line Number',
      'Entry Date',
      'HTS Number',
      'Country of Origin Code',
      'Line Tariff Goods Value Amount',
      'Line Tariff Duty Amount',
      'Line MPF Amount',
      'Line HMF Amount',
      'Mode',
      'Liquidation Date',
    ];
    const xlsx = await bulkWorkbook({ rows: [ace, ...summary] });
    const again = await client
      .post('/api/entry-reconciliations')
      .set('Idempotency-Key', 'rec-1')
      .attach('file', xlsx, 's.xlsx')
      .expect(200);
    expect(again.body).toEqual(res.body);
    await client
      .post('/api/entry-reconciliations')
      .set('Idempotency-Key', 'rec-1')
      .attach('file', xlsx, 's.xlsx')
      .expect(200, res.body);
    await client
      .post('/api/entry-reconciliations')
      .set('Idempotency-Key', 'rec-1')
      .attach('file', csv(summary.slice(0, 1)), 's.csv')
      .expect(422);
  });

  test('an entry while IEEPA duties were collected carries the refund estimate of the refund operation itself', async () => {
    const { live } = await businessAccount(app);
    const rows = [
      ['E3', '1', '2026-02-20', '6109.10.0012', 'CN', '10000.00', '1650.00', '', '', 'ocean', ''],
      ['E3', '1', '2026-02-20', '9903.01.24', '', '', '1000.00', '', '', '', ''],
    ];
    const res = await siteClient(app, live)
      .post('/api/entry-reconciliations')
      .attach('file', csv(rows), 's.csv')
      .expect(200);
    const line = res.body.entries[0].lines[0];
    const direct = (
      await request(app.hosts.tariff)
        .post('/api/tariff/ieepa-refunds')
        .set('X-API-Key', live)
        .send({
          lines: [
            {
              entry_number: 'E3',
              line_number: 1,
              entry_date: '2026-02-20',
              hts_code: '6109.10.0012',
              country_code: 'CN',
              entered_value: 10000,
              ieepa_paid: 1000,
            },
          ],
        })
        .expect(200)
    ).body.lines[0];
    // The refund operation answers numbers; the reconciliation exact decimal strings of the same amounts.
    expect(line.ieepa_refund).toEqual({
      owed: direct.owed.total.toFixed(2),
      paid: direct.paid.toFixed(2),
      refundable: direct.refundable,
      refund_estimate: direct.refund_estimate.toFixed(2),
      reason: null,
    });
    expect(line.ieepa_refund).toMatchObject({
      owed: '2000.00',
      paid: '1000.00',
      refund_estimate: '1000.00',
      refundable: true,
    });
    expect(res.body.totals.ieepa_refund_estimate).toBe('1000.00');
  });

  test('bad rows are 400 naming row and column; too many rows 413; not CSV or XLSX 415; the business plan with a key', async () => {
    const { live } = await businessAccount(app);
    const client = siteClient(app, live);
    const upload = (file: Buffer) => client.post('/api/entry-reconciliations').attach('file', file, 's.csv');
    const bad = await upload(
      csv([
        ['E1', 'x', '2026-12-24', '6109.10.0012', 'CN', '100.00', '-1', '', '', '', ''],
        ['E1', '2', '2026-12-24', '9903.88.15', '', '', '5.00', '', '', '', ''],
      ]),
    ).expect(400);
    expect(bad.body.errors).toEqual([
      { pointer: '/body/file/2/line_number', message: 'line_number must be a whole number from 1 to 9999' },
      { pointer: '/body/file/2/duty', message: 'duty must be a non-negative decimal number' },
    ]);
    const orphan = await upload(csv([summary[1]])).expect(400);
    expect(orphan.body.errors[0].pointer).toBe('/body/file/2/hts_code');
    const many = await upload(csv(Array.from({ length: 501 }, () => summary[0]))).expect(413);
    expect(many.body.detail).toContain('max_reconciliation_rows');
    await upload(Buffer.from('%PDF-1.7\n%\xff\xff\n')).expect(415);
    await client.post('/api/entry-reconciliations').field('note', 'x').expect(400);
    await request(app.hosts.site).post('/api/entry-reconciliations').attach('file', csv(summary), 's.csv').expect(401);
    const pro = await signUp(app);
    await setPlan(app, pro.email, 'tariff_pro');
    await siteClient(app, pro.key).post('/api/entry-reconciliations').attach('file', csv(summary), 's.csv').expect(403);
  });
});
