import request from 'supertest';
import { createTestApp, TestApp } from '../support/app';
import { signUp, signUpOnPlan } from '../support/accounts';

// Real data in a data folder of its own: HTS 2025 Rev 18 (in force from 2025-08-07) and 2026 Rev 4.
let app: TestApp;
let pro: string;
let free: string;
beforeAll(async () => {
  app = await createTestApp({ withTariffData: ['hts_2025_revision_18_json.json.gz', 'hts_2026_revision_4_csv.csv'] });
  pro = (await signUpOnPlan(app, 'tariff_pro')).key;
  free = (await signUp(app)).key;
}, 180_000);
afterAll(() => app?.close());

const refunds = (key: string | null, body: object) => {
  const call = request(app.hosts.tariff).post('/api/tariff/ieepa-refunds');
  return key === null ? call.send(body) : call.set('X-API-Key', key).send(body);
};
const tshirt = { hts_code: '6109.10.0012', entered_value: 10000 };
const lines = [
  // EO 14326 Annex I: Vietnam 20% (9903.02.69) from 2025-08-07.
  {
    entry_number: 'AAA-0000001-1',
    line_number: 1,
    entry_date: '2025-08-10',
    country_code: 'VN',
    ...tshirt,
    ieepa_paid: 2000,
  },
  // China from 2025-11-10: fentanyl 10% (9903.01.24 as amended) and the reciprocal 10% (9903.01.25).
  {
    entry_number: 'AAA-0000001-1',
    line_number: 2,
    entry_date: '2025-11-10',
    country_code: 'CN',
    ...tshirt,
    ieepa_paid: 2500,
  },
  // Before the oldest release held here: no schedule in force, so unresolved.
  { entry_number: 'AAA-0000002-9', line_number: 1, entry_date: '2025-08-01', country_code: 'VN', ...tshirt },
  // After CBP stopped collecting IEEPA duties (2026-02-24): nothing owed, nothing to refund.
  { entry_number: 'AAA-0000002-9', line_number: 2, entry_date: '2026-03-02', country_code: 'VN', ...tshirt },
];

describe('POST /api/tariff/ieepa-refunds', () => {
  it('estimates each line on its entry date, with totals per entry and overall; an unresolved line says why', async () => {
    const res = await refunds(pro, { lines }).expect(200);
    const [vn, cn, early, late] = res.body.lines;
    expect(vn).toMatchObject({
      status: 'resolved',
      owed: { fentanyl: 0, reciprocal: 2000, country_orders: 0, total: 2000 },
      paid: 2000,
      difference: 0,
      refundable: true,
      refund_estimate: 2000,
      hts_release: { id: 'htsr_2025_rev_18' },
    });
    expect(vn.components.map((c: { heading: string }) => c.heading)).toEqual(['9903.02.69']);
    expect(cn).toMatchObject({
      status: 'resolved',
      owed: { fentanyl: 1000, reciprocal: 1000, total: 2000 },
      paid: 2500,
      difference: 500,
      refundable: true,
      refund_estimate: 2500,
    });
    expect(early).toMatchObject({ status: 'unresolved', owed: null, refundable: null, refund_estimate: null });
    expect(early.reason).toContain('2025-08-01');
    expect(late).toMatchObject({ status: 'resolved', owed: { total: 0 }, refundable: false, refund_estimate: 0 });
    expect(res.body.entries).toEqual([
      {
        entry_number: 'AAA-0000001-1',
        lines: 2,
        unresolved_lines: 0,
        complete: true,
        owed: 4000,
        paid: 4500,
        refund_estimate: 4500,
      },
      {
        entry_number: 'AAA-0000002-9',
        lines: 2,
        unresolved_lines: 1,
        complete: false,
        owed: 0,
        paid: null,
        refund_estimate: 0,
      },
    ]);
    expect(res.body.totals).toEqual({
      lines: 4,
      unresolved_lines: 1,
      complete: false,
      owed: 4000,
      paid: 4500,
      refund_estimate: 4500,
    });
    for (const component of [...vn.components, ...cn.components]) expect(component.citations.length).toBeGreaterThan(0);
  });

  it('agrees line for line with the back-dated calculation', async () => {
    const estimate = (await refunds(pro, { lines: lines.slice(0, 2) }).expect(200)).body;
    for (const [index, line] of lines.slice(0, 2).entries()) {
      const calculated = await request(app.hosts.tariff)
        .post('/api/tariff/public/calculate')
        .set('X-API-Key', pro)
        .send({
          hts_code: line.hts_code,
          country_code: line.country_code,
          entry_date: line.entry_date,
          declared_value: line.entered_value,
        })
        .expect(200);
      const ieepa = calculated.body.result.components.filter(
        (c: { family: string; status: string }) => c.family.startsWith('ieepa') && c.status === 'applies',
      );
      expect(estimate.lines[index].components.map((c: { id: string; amount: number }) => [c.id, c.amount])).toEqual(
        ieepa.map((c: { id: string; amount: number }) => [c.id, c.amount]),
      );
    }
  });

  it('takes the in-transit and de minimis claims, as calculate does', async () => {
    // EO 14326: goods loaded before 2025-08-07 and entered before 2025-10-05 stay at 9903.01.25's 10%;
    // de minimis (19 U.S.C. 1321) owed nothing until 2025-08-29 for Vietnam (EO 14324).
    const inTransit = {
      entry_number: 'AAA-0000003-7',
      line_number: 1,
      entry_date: '2025-09-01',
      country_code: 'VN',
      ...tshirt,
      ieepa_paid: 2000,
      claims: [{ code: 'loaded_in_transit', date: '2025-08-01' }],
    };
    const deMinimis = {
      entry_number: 'AAA-0000003-7',
      line_number: 2,
      entry_date: '2025-08-28',
      country_code: 'VN',
      hts_code: '6109.10.0012',
      entered_value: 500,
      claims: [{ code: 'de_minimis' }],
    };
    const res = await refunds(pro, { lines: [inTransit, deMinimis] }).expect(200);
    const [transit, minimis] = res.body.lines;
    expect(transit).toMatchObject({
      status: 'resolved',
      owed: { reciprocal: 1000, total: 1000 },
      paid: 2000,
      difference: 1000,
      refundable: true,
    });
    expect(transit.components.map((c: { heading: string }) => c.heading)).toEqual(['9903.01.25']);
    expect(minimis).toMatchObject({ status: 'resolved', owed: { total: 0 }, refundable: false, refund_estimate: 0 });
    const calculated = await request(app.hosts.tariff)
      .post('/api/tariff/public/calculate')
      .set('X-API-Key', pro)
      .send({
        hts_code: inTransit.hts_code,
        country_code: 'VN',
        entry_date: inTransit.entry_date,
        declared_value: 10000,
        claims: inTransit.claims,
      })
      .expect(200);
    const reciprocal = calculated.body.result.components.filter(
      (c: { family: string; status: string }) => c.family === 'ieepa_reciprocal' && c.status === 'applies',
    );
    expect(reciprocal.map((c: { id: string; amount: number }) => [c.id, c.amount])).toEqual([
      ['ieepa-reciprocal-in-transit-2025-08-07', 1000],
    ]);
    const badDate = await refunds(pro, {
      lines: [{ ...inTransit, claims: [{ code: 'loaded_in_transit', date: '2025-13-01' }] }],
    }).expect(400);
    expect(badDate.body.errors).toEqual([
      expect.objectContaining({ pointer: expect.stringContaining('/body/lines/0/claims/0/date') }),
    ]);
  });

  it('names the bad line and field (400), and estimates nothing', async () => {
    const negative = await refunds(pro, { lines: [lines[0], { ...lines[1], entered_value: -5 }] }).expect(400);
    expect(negative.body.errors).toEqual([expect.objectContaining({ pointer: '/body/lines/1/entered_value' })]);
    const country = await refunds(pro, { lines: [lines[0], lines[1], { ...lines[2], country_code: 'ZZ' }] }).expect(
      400,
    );
    expect(country.body.errors).toEqual([expect.objectContaining({ pointer: '/body/lines/2/country_code' })]);
    await refunds(pro, { lines: [] }).expect(400);
  });

  it('is for Tariff Pro and business: 401 without a key, 403 on Free', async () => {
    await refunds(null, { lines }).expect(401);
    const forbidden = await refunds(free, { lines }).expect(403);
    expect(forbidden.body.type).toBe('https://docs.tradelane.dev/problems/forbidden-plan');
  });

  it('answers 503 until the duty rules are loaded', async () => {
    const empty = await createTestApp();
    try {
      const account = await signUpOnPlan(empty, 'business');
      const res = await request(empty.hosts.tariff)
        .post('/api/tariff/ieepa-refunds')
        .set('X-API-Key', account.key)
        .send({ lines })
        .expect(503);
      expect(res.body.type).toBe('https://docs.tradelane.dev/problems/not-ready');
    } finally {
      await empty.close();
    }
  });
});
