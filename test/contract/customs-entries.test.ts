import request from 'supertest';
import { OutboxEventRepository } from '../../src/db/repositories/outbox-event.repository';
import { accessTokenFor, binaryBody, businessAccount, siteClient } from '../support/account-api';
import { setPlan, signUp } from '../support/accounts';
import { createTestApp, TestApp } from '../support/app';
import { testDialect } from '../support/database';
import { rev3AndRev4 } from '../support/hts-fixtures';
import { pdfText } from '../support/pdf-text';
import { bulkWorkbook } from '../support/xlsx-bomb';
import { inputColumns } from '../../src/domain/tariff';
import { expectPdfThreadBusy } from '../support/pdf-threads';

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp({
    config: { trustProxy: true, bodyLimitBytes: 65536, pdf: { threads: 1, maxQueue: 0 } },
    withTariffData: rev3AndRev4,
  });
  app.clock.set('2026-11-25T10:00:00.000Z');
}, 120_000);
afterAll(() => app?.close());

const acme = { name: 'Acme Imports Inc.', city: 'Los Angeles', region: 'CA', country: 'US', tax_id: '12-3456789' };

/** The worked example of docs/entries.md: two lines whose MPF together passes the per-entry maximum. */
const formal = {
  entry_type: '01',
  port_code: '2704',
  entry_date: '2026-12-24',
  importation_date: '2026-12-22',
  mode: 'ocean_fcl',
  importer: acme,
  lines: [
    {
      description: "Men's cotton T-shirts",
      hts_code: '6109.10.0012',
      country_of_origin: 'CN',
      value: { amount: '150000.00', currency: 'USD' },
      quantities: [
        { value: 1000, unit: 'doz.' },
        { value: 3600, unit: 'kg' },
      ],
      manufacturer_id: 'CNNINHOM123NIN',
    },
    {
      description: 'Steel screws',
      hts_code: '7318.15.2095',
      country_of_origin: 'CN',
      value: { amount: '60000.00', currency: 'USD' },
      quantities: [{ value: 5000, unit: 'kg' }],
    },
  ],
};

const cents = (amount: string) => Math.round(Number(amount) * 100);

describe(`customs entries on ${testDialect}`, () => {
  test('an entry is priced line by line with the engine and as a whole: one MPF for the entry, HMF, totals per program and heading', async () => {
    const { live } = await businessAccount(app);
    const client = siteClient(app, live);
    const created = await client.post('/api/entries', formal).expect(201);
    const entry = created.body;
    expect(created.headers.location).toBe(`/api/entries/${entry.id}`);
    expect(entry).toMatchObject({
      id: expect.stringMatching(/^ent_/),
      object: 'customs_entry',
      livemode: true,
      entry_type: '01',
      port_code: '2704',
      mode: 'ocean_fcl',
      importer: acme,
      shipment_id: null,
      earlier_pricings: [],
    });
    expect(entry.lines.map((l: { line_number: number; hts_code: string }) => [l.line_number, l.hts_code])).toEqual([
      [1, '6109.10.0012'],
      [2, '7318.15.2095'],
    ]);
    const { pricing } = entry;
    expect(pricing).toMatchObject({
      version: 1,
      status: 'priced',
      reasons: [],
      entered_value: { amount: '210000.00' },
    });
    // 210,000 x 0.3464% = 727.44, over the FY2027 per-entry maximum: 670.86, shared 479.19 / 191.67 by value.
    expect(pricing.fees.merchandise_processing_fee).toMatchObject({
      status: 'applies',
      rate_percent: '0.3464',
      amount: { amount: '670.86', currency: 'USD' },
    });
    expect(pricing.fees.harbor_maintenance_fee).toMatchObject({ status: 'applies', amount: { amount: '262.50' } });
    expect(pricing.fees.total).toEqual({ amount: '933.36', currency: 'USD' });
    expect(
      pricing.lines.map((l: { merchandise_processing_fee: { amount: string } }) => l.merchandise_processing_fee.amount),
    ).toEqual(['479.19', '191.67']);
    expect(
      pricing.lines.map((l: { harbor_maintenance_fee: { amount: string } }) => l.harbor_maintenance_fee.amount),
    ).toEqual(['187.50', '75.00']);
    // Each line's duty is the calculator's own answer for the same facts.
    for (const [index, line] of formal.lines.entries()) {
      const direct = (
        await request(app.hosts.main)
          .post('/api/tariff/public/calculate')
          .send({
            hts_code: line.hts_code,
            country_code: line.country_of_origin,
            declared_value: Number(line.value.amount),
            entry_date: formal.entry_date,
            arrival_date: formal.importation_date,
            quantities: line.quantities,
            mode: 'ocean',
          })
          .expect(200)
      ).body;
      expect(pricing.lines[index].duty.amount).toBe(Number(direct.total_duty).toFixed(2));
    }
    const duty = pricing.lines.reduce((sum: number, l: { duty: { amount: string } }) => sum + cents(l.duty.amount), 0);
    expect(cents(pricing.totals.duty.amount)).toBe(duty);
    expect(cents(pricing.totals.total.amount)).toBe(duty + 93336);
    // Per program, and per Chapter 99 heading with its lines: they add up to the duty.
    const programs = pricing.programs.reduce(
      (sum: number, p: { amount: { amount: string } }) => sum + cents(p.amount.amount),
      0,
    );
    expect(programs).toBe(duty);
    expect(pricing.chapter_99.length).toBeGreaterThan(0);
    for (const heading of pricing.chapter_99) {
      expect(heading.heading).toMatch(/^9903\./);
      const onLines = pricing.lines
        .flatMap((l: { components: Array<{ heading: string; amount: { amount: string } }> }) => l.components)
        .filter((c: { heading: string }) => c.heading === heading.heading)
        .reduce((sum: number, c: { amount: { amount: string } }) => sum + cents(c.amount.amount), 0);
      expect(cents(heading.amount.amount)).toBe(onLines);
    }
    // The figures of docs/entries.md's worked example.
    const usd = (amount: string) => ({ amount, currency: 'USD' });
    expect(pricing.lines.map((l: { duty: unknown }) => l.duty)).toEqual([usd('54750.00'), usd('45000.00')]);
    expect(pricing.totals).toEqual({ duty: usd('99750.00'), fees: usd('933.36'), total: usd('100683.36') });
    expect(pricing.programs).toEqual([
      { family: 'base', amount: usd('24750.00') },
      { family: 'section_301', amount: usd('45000.00') },
      { family: 'section_232', amount: usd('30000.00') },
    ]);
    expect(pricing.chapter_99).toEqual([
      { heading: '9903.05.31', family: 'section_301', amount: usd('18750.00'), line_numbers: [1] },
      { heading: '9903.82.02', family: 'section_232', amount: usd('30000.00'), line_numbers: [2] },
      { heading: '9903.88.03', family: 'section_301', amount: usd('15000.00'), line_numbers: [2] },
      { heading: '9903.88.15', family: 'section_301', amount: usd('11250.00'), line_numbers: [1] },
    ]);
    await client.get(`/api/entries/${entry.id}`).expect(200, entry);
    const listed = await client.get('/api/entries').expect(200);
    expect(listed.body).toEqual({ object: 'list', data: [entry], has_more: false, next_cursor: null });
  });

  test('an informal entry (type 11): its MPF is not in our fee data, so it is unresolved, never zero; no HMF by air', async () => {
    const { live } = await businessAccount(app);
    const entry = (
      await siteClient(app, live)
        .post('/api/entries', {
          ...formal,
          entry_type: '11',
          mode: 'air',
          lines: [{ ...formal.lines[0], value: { amount: '1800.00', currency: 'USD' } }],
        })
        .expect(201)
    ).body;
    expect(entry.pricing.fees.merchandise_processing_fee).toMatchObject({
      status: 'unresolved',
      amount: null,
      citations: [{ type: 'cfr', ref: '19 CFR 24.23(b)(2)' }],
    });
    expect(entry.pricing.fees.harbor_maintenance_fee).toMatchObject({ status: 'not_applicable', amount: null });
    expect(entry.pricing).toMatchObject({ status: 'unresolved', totals: { fees: null, total: null } });
    expect(entry.pricing.totals.duty).not.toBeNull();
    expect(entry.pricing.reasons).toEqual([
      expect.stringContaining('informal-entry (type 11) merchandise processing fee'),
    ]);
    expect(entry.pricing.lines[0]).toMatchObject({
      merchandise_processing_fee: null,
      harbor_maintenance_fee: { amount: '0.00' },
    });
    // A formal entry of the same low value pays the per-entry minimum.
    const low = (
      await siteClient(app, live)
        .post('/api/entries', {
          ...formal,
          lines: [{ ...formal.lines[0], value: { amount: '1800.00', currency: 'USD' } }],
        })
        .expect(201)
    ).body;
    expect(low.pricing.fees.merchandise_processing_fee.amount).toEqual({ amount: '34.58', currency: 'USD' });
  });

  test("created from a shipment in one call: its cargo lines, mode, ETA and consignee; another account's shipment is 404", async () => {
    const { live } = await businessAccount(app);
    const client = siteClient(app, live);
    const shipment = (
      await client
        .post('/api/shipments', {
          mode: 'ocean_lcl',
          eta: '2026-12-20',
          consignee: acme,
          cargo_lines: [
            {
              description: 'T-shirts',
              hts_code: '6109100012',
              country_of_origin: 'cn',
              quantity: 100,
              quantity_unit: 'doz',
              value: { amount: '9000.00', currency: 'USD' },
            },
          ],
        })
        .expect(201)
    ).body;
    const entry = (
      await client
        .post('/api/entries', {
          entry_type: '01',
          port_code: '2704',
          entry_date: '2026-12-21',
          shipment_id: shipment.id,
        })
        .expect(201)
    ).body;
    expect(entry).toMatchObject({
      shipment_id: shipment.id,
      mode: 'ocean_lcl',
      importation_date: '2026-12-20',
      importer: acme,
      lines: [
        {
          line_number: 1,
          hts_code: '6109.10.0012',
          country_of_origin: 'CN',
          value: { amount: '9000.00', currency: 'USD' },
          quantities: [{ value: 100, unit: 'doz' }],
          claims: [],
          manufacturer_id: null,
        },
      ],
    });
    // 9,000 x 0.3464% = 31.18, under the minimum: 34.58.
    expect(entry.pricing.fees.merchandise_processing_fee.amount.amount).toBe('34.58');
    expect((await client.get(`/api/entries?shipment_id=${shipment.id}`).expect(200)).body.data).toEqual([entry]);
    expect((await client.get('/api/entries?shipment_id=shp_other').expect(200)).body.data).toEqual([]);

    const other = await businessAccount(app);
    const refused = await siteClient(app, other.live)
      .post('/api/entries', { entry_type: '01', port_code: '2704', entry_date: '2026-12-21', shipment_id: shipment.id })
      .expect(404);
    expect(refused.body.type).toBe('https://docs.tradelane.dev/problems/not-found');
    // A cargo line without the facts an entry line needs is 422 naming it.
    const bare = (
      await client
        .post('/api/shipments', { mode: 'air', eta: '2026-12-20', cargo_lines: [{ description: 'x' }] })
        .expect(201)
    ).body;
    const unprocessable = await client
      .post('/api/entries', { entry_type: '01', port_code: '2704', entry_date: '2026-12-21', shipment_id: bare.id })
      .expect(422);
    expect(unprocessable.body.detail).toBe('Cargo line 1 of the shipment has no HTS code; an entry line needs it.');
  });

  test('pricing again keeps the earlier pricing as a version, each announced by an event; Idempotency-Key replays a create and a pricing', async () => {
    const { accountId, live } = await businessAccount(app);
    const client = siteClient(app, live);
    const first = await client.post('/api/entries', formal).set('Idempotency-Key', 'entry-1').expect(201);
    const replay = await client.post('/api/entries', formal).set('Idempotency-Key', 'entry-1').expect(201);
    expect(replay.body).toEqual(first.body);
    const mismatch = await client
      .post('/api/entries', { ...formal, port_code: '1001' })
      .set('Idempotency-Key', 'entry-1')
      .expect(422);
    expect(mismatch.body.type).toBe('https://docs.tradelane.dev/problems/idempotency-mismatch');
    expect((await client.get('/api/entries').expect(200)).body.data).toHaveLength(1);

    app.clock.advance(60_000);
    const id = first.body.id;
    const repriced = (await client.post(`/api/entries/${id}/price`).set('Idempotency-Key', 'price-1').expect(200)).body;
    expect(repriced.pricing.version).toBe(2);
    expect(repriced.earlier_pricings).toEqual([first.body.pricing]);
    expect(Date.parse(repriced.pricing.priced_at) - Date.parse(first.body.pricing.priced_at)).toBeGreaterThanOrEqual(
      60_000,
    );
    expect(repriced.pricing.totals).toEqual(first.body.pricing.totals);
    await client.post(`/api/entries/${id}/price`).set('Idempotency-Key', 'price-1').expect(200, repriced);
    const third = (await client.post(`/api/entries/${id}/price`).expect(200)).body;
    expect(third.earlier_pricings.map((p: { version: number }) => p.version)).toEqual([1, 2]);
    const other = (await client.post('/api/entries', formal).expect(201)).body.id;
    await client.post(`/api/entries/${other}/price`).set('Idempotency-Key', 'price-1').expect(422);
    expect((await client.get(`/api/entries/${id}`).expect(200)).body).toEqual(third);
    // Each create and pricing is announced once (a replay writes no event), with the entry as GET returns it.
    const events = await new OutboxEventRepository(app.db.knex).listForSubject('customs_entry', id);
    expect(events.map((e) => e.type)).toEqual(['entry.created', 'entry.priced', 'entry.priced']);
    expect(events.every((e) => e.accountId === accountId && e.livemode)).toBe(true);
    expect(events.map((e) => (e.data as { object: unknown }).object)).toEqual([first.body, repriced, third]);
  });

  test('Form 7501 block by block, as JSON and as a printable draft PDF', async () => {
    const { live } = await businessAccount(app);
    const client = siteClient(app, live);
    const entry = (await client.post('/api/entries', formal).expect(201)).body;
    const form = (await client.get(`/api/entries/${entry.id}/form-7501`).expect(200)).body;
    const header = Object.fromEntries(
      form.header.map((b: { block: string; value: string | null }) => [b.block, b.value]),
    );
    expect(header).toMatchObject({
      '1': null,
      '2': '01',
      '6': '2704',
      '7': '2026-12-24',
      '9': '11',
      '10': 'CN',
      '11': '2026-12-22',
      '13': null,
      '23': '12-3456789',
      '26': 'Acme Imports Inc., Los Angeles CA, US',
    });
    expect(form).toMatchObject({ object: 'form_7501', entry_id: entry.id, pricing_version: 1, draft: true });
    expect(form.lines[0].blocks).toEqual(
      expect.arrayContaining([
        { block: '27', name: 'Line No.', value: '001' },
        { block: '13', name: 'Manufacturer ID', value: 'CNNINHOM123NIN' },
        { block: '31', name: 'Net Quantity in HTSUS Units', value: '1000 doz.; 3600 kg' },
        { block: '32A', name: 'Entered Value', value: '150000' },
      ]),
    );
    // The Chapter 99 numbers first, then the line's own number with its base duty.
    const numbers = form.lines[0].tariff_numbers.map((t: { hts_number: string }) => t.hts_number);
    expect(numbers[numbers.length - 1]).toBe('6109.10.0012');
    expect(numbers.slice(0, -1).every((n: string) => n.startsWith('9903.'))).toBe(true);
    const lineDuty = form.lines[0].tariff_numbers.reduce((s: number, t: { duty: string }) => s + cents(t.duty), 0);
    expect(lineDuty).toBe(cents(entry.pricing.lines[0].duty.amount));
    const totals = Object.fromEntries(
      form.totals.map((b: { block: string; value: string | null }) => [b.block, b.value]),
    );
    expect(totals).toEqual({
      '35': '210000',
      '37': entry.pricing.totals.duty.amount,
      '38': null,
      '39': '933.36',
      '40': entry.pricing.totals.total.amount,
    });
    expect(form.other_fees).toEqual([
      { class_code: '499', name: 'Merchandise Processing Fee', amount: '670.86' },
      { class_code: '501', name: 'Harbor Maintenance Fee', amount: '262.50' },
    ]);
    const pdf = await client
      .get(`/api/entries/${entry.id}/form-7501?format=pdf`)
      .buffer(true)
      .parse(binaryBody)
      .expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`inline; filename="${entry.id}-7501-draft.pdf"`);
    const text = await pdfText(pdf.body);
    for (const expected of [
      'DRAFT ENTRY SUMMARY',
      'CNNINHOM123NIN',
      '6109.10.0012',
      '670.86',
      '262.50',
      'Harbor Maintenance Fee',
    ])
      expect(text).toContain(expected);
    await expectPdfThreadBusy(() => client.get(`/api/entries/${entry.id}/form-7501?format=pdf`));
  });

  test('created from a CSV or XLSX of the bulk-job columns: priced as the same lines in JSON; a bad row, file or size is refused whole', async () => {
    const { live } = await businessAccount(app);
    const client = siteClient(app, live);
    // The bulk-job calculation columns, as the template names them.
    const header: string[] = [...inputColumns.calculation];
    const rows = [
      ["Men's cotton T-shirts", '6109.10.0012', 'CN', '150000.00', '2026-12-24', '1000', 'doz.', '', 'ocean'],
      ['Steel screws', '7318.15.2095', 'CN', '60000.00', '', '5000', 'kg', '', ''],
    ];
    const csv = (body: string[][]) => Buffer.from([header, ...body].map((r) => r.join(',')).join('\n'));
    const upload = (file: Buffer, name: string, fields: Record<string, string> = {}) => {
      let req = client.post('/api/entries');
      for (const [field, value] of Object.entries({
        entry_type: '01',
        port_code: '2704',
        entry_date: '2026-12-24',
        importation_date: '2026-12-22',
        mode: 'ocean_fcl',
        importer_name: acme.name,
        importer_tax_id: acme.tax_id,
        ...fields,
      }))
        req = req.field(field, value);
      return req.attach('file', file, name);
    };
    const json = (
      await client
        .post('/api/entries', {
          ...formal,
          importer: { name: acme.name, tax_id: acme.tax_id },
          lines: formal.lines.map(({ manufacturer_id: _mid, ...line }, index) => ({
            ...line,
            quantities: line.quantities.slice(0, 1),
            description: rows[index][0],
          })),
        })
        .expect(201)
    ).body;
    const strip = (entry: { pricing: object; lines: object[]; importer: object }) => ({
      lines: entry.lines,
      importer: entry.importer,
      totals: (entry.pricing as { totals: object }).totals,
      programs: (entry.pricing as { programs: object }).programs,
    });
    for (const [file, name] of [
      [csv(rows), 'entry.csv'],
      [await bulkWorkbook({ rows: [header, ...rows] }), 'entry.xlsx'],
    ] as const) {
      const created = await upload(file, name).set('Idempotency-Key', `file-${name}`).expect(201);
      expect(created.headers.location).toBe(`/api/entries/${created.body.id}`);
      expect(strip(created.body)).toEqual(strip(json));
      expect(created.body.pricing.totals.total).toEqual({ amount: '100683.36', currency: 'USD' });
      // The same file under the same key is the same answer; another file under it is 422.
      await upload(file, name).set('Idempotency-Key', `file-${name}`).expect(201, created.body);
      await upload(csv(rows.slice(1)), name)
        .set('Idempotency-Key', `file-${name}`)
        .expect(422);
    }
    const bad = await upload(
      csv([
        ['Shirts', '6109.10.0012', 'CN', 'lots', '', '', '', '', ''],
        ['Screws', '7318', 'CN', '10', '', '', '', '', ''],
      ]),
      'entry.csv',
    ).expect(400);
    expect(bad.body.errors).toEqual([
      { pointer: '/body/file/2/value', message: 'value must be a number' },
      {
        pointer: '/body/file/3/hts_code',
        message: 'hts_code must be an HTS number of 8 or 10 digits, dotted or plain',
      },
    ]);
    // Rows the calculator takes, but on another date or mode than the entry's.
    const misfit = await upload(
      csv([rows[0], ['Screws', '7318.15.2095', 'CN', '10', '2026-12-01', '', '', '', 'air']]),
      'entry.csv',
    ).expect(400);
    expect(misfit.body.errors).toEqual([
      { pointer: '/body/file/3/entry_date', message: "the entry's date is 2026-12-24" },
      { pointer: '/body/file/3/mode', message: "the entry's mode is ocean" },
    ]);
    expect((await upload(csv([]), 'entry.csv').expect(400)).body.errors[0].pointer).toBe('/body/lines');
    const many = await upload(csv(Array.from({ length: 1000 }, () => rows[1])), 'entry.csv').expect(413);
    expect(many.body.detail).toContain('max_entry_lines');
    const padding = { text: `<si><t>${'a'.repeat(1000)}</t></si>`, times: 40 * 1024 };
    const bomb = await upload(await bulkWorkbook({ rows: [header, ...rows], padding }), 'entry.xlsx').expect(413);
    expect(bomb.body.detail).toContain('max_xlsx_shared_string_bytes');
    await upload(Buffer.from('%PDF-1.7\n%\xff\xff\n'), 'entry.pdf').expect(415);
    const taxOnly = await client
      .post('/api/entries')
      .field('entry_type', '01')
      .field('port_code', '2704')
      .field('entry_date', '2026-12-24')
      .field('mode', 'air')
      .field('importation_date', '2026-12-22')
      .field('importer_tax_id', '12-3456789')
      .attach('file', csv(rows.slice(1)), 'entry.csv')
      .expect(400);
    expect(taxOnly.body.errors[0].pointer).toBe('/body/importer_tax_id');
    await upload(csv(rows), 'entry.csv', { shipment_id: 'shp_none' }).expect(404);
    expect((await client.get('/api/entries').expect(200)).body.data).toHaveLength(3);
  });

  test("another account's entry, or the other mode's, is 404", async () => {
    const owner = await businessAccount(app);
    const id = (await siteClient(app, owner.live).post('/api/entries', formal).expect(201)).body.id;
    const other = await businessAccount(app);
    for (const client of [siteClient(app, other.live), siteClient(app, owner.test)]) {
      await client.get(`/api/entries/${id}`).expect(404);
      await client.post(`/api/entries/${id}/price`).expect(404);
      await client.get(`/api/entries/${id}/form-7501`).expect(404);
      expect((await client.get('/api/entries').expect(200)).body.data).toEqual([]);
    }
  });

  test('bad input is 400 naming the field; a body over the limit 413, not JSON 415', async () => {
    const { live } = await businessAccount(app);
    const client = siteClient(app, live);
    const euro = await client
      .post('/api/entries', { ...formal, lines: [{ ...formal.lines[0], value: { amount: '10.00', currency: 'EUR' } }] })
      .expect(400);
    expect(euro.body.errors).toEqual([
      { pointer: '/body/lines/0/value/currency', message: "Entered value is in USD; the line's is in EUR." },
    ]);
    const code = await client
      .post('/api/entries', { ...formal, lines: [{ ...formal.lines[0], hts_code: 'shirts' }] })
      .expect(400);
    expect(code.body.errors[0].pointer).toBe('/body/lines/0/hts_code');
    const { mode: _mode, ...noMode } = formal;
    expect((await client.post('/api/entries', noMode).expect(400)).body.errors[0].pointer).toBe('/body/mode');
    const { lines: _lines, ...noLines } = formal;
    expect((await client.post('/api/entries', noLines).expect(400)).body.errors[0].pointer).toBe('/body/lines');
    expect((await client.post('/api/entries', { ...formal, entry_type: '03' }).expect(400)).body.type).toBe(
      'https://docs.tradelane.dev/problems/validation-failed',
    );
    await client.get('/api/entries?limit=500').expect(400);
    await client.get('/api/entries/ent_x?colour=blue').expect(400);
    await client.post('/api/entries/ent_x/price?colour=blue').expect(400);
    await client.get('/api/entries/ent_x/form-7501?format=xml').expect(400);
    const tooLarge = await client
      .post('/api/entries', {
        ...formal,
        lines: [{ ...formal.lines[0], description: 'x'.repeat(400) }],
        importer: { name: 'x'.repeat(70000) },
      })
      .expect(413);
    expect(tooLarge.body.detail).toContain('65536 bytes');
    await request(app.hosts.site)
      .post('/api/entries')
      .set('Authorization', `Bearer ${live}`)
      .set('Content-Type', 'text/plain')
      .send('entry')
      .expect(415);
  });

  test('the business plan with a key (401 without); Tariff Pro is 403; a token needs entries:read or entries:write', async () => {
    for (const call of [
      request(app.hosts.site).get('/api/entries'),
      request(app.hosts.site).post('/api/entries').send(formal),
      request(app.hosts.site).get('/api/entries/ent_x'),
      request(app.hosts.site).post('/api/entries/ent_x/price'),
      request(app.hosts.site).get('/api/entries/ent_x/form-7501'),
    ])
      expect((await call.expect(401)).body.type).toBe('https://docs.tradelane.dev/problems/unauthenticated');
    const { key, email } = await signUp(app);
    await setPlan(app, email, 'tariff_pro');
    const pro = siteClient(app, key);
    await pro.get('/api/entries').expect(403);
    await pro.post('/api/entries', formal).expect(403);
    await pro.get('/api/entries/ent_x').expect(403);
    await pro.post('/api/entries/ent_x/price').expect(403);
    await pro.get('/api/entries/ent_x/form-7501').expect(403);
    const { live } = await businessAccount(app);
    const { token } = await accessTokenFor(app, live, ['entries:read']);
    await siteClient(app, token).get('/api/entries').expect(200);
    const refused = await siteClient(app, token).post('/api/entries', formal).expect(403);
    expect(refused.headers['www-authenticate']).toContain('entries:write');
  });

  test('the account API per-second limit answers 429 on every entries operation', async () => {
    const { live } = await businessAccount(app);
    app.clock.advance(1000);
    const auth = { Authorization: `Bearer ${live}` };
    for (let i = 0; i < 25; i++) await request(app.hosts.site).get('/api/entries?limit=1').set(auth).expect(200);
    const site = request(app.hosts.site);
    for (const call of [
      site.get('/api/entries'),
      site.post('/api/entries').send(formal),
      site.get('/api/entries/ent_x'),
      site.post('/api/entries/ent_x/price'),
      site.get('/api/entries/ent_x/form-7501'),
      site.post('/api/entry-reconciliations').attach('file', Buffer.from('entry_number\nE1'), 's.csv'),
    ]) {
      const res = await call.set(auth).expect(429);
      expect(res.body.type).toBe('https://docs.tradelane.dev/problems/rate-limited');
    }
    app.clock.advance(1000);
  });
});

describe('customs entries without the duty rules loaded', () => {
  test('creating or pricing answers 503 not-ready', async () => {
    const bare = await createTestApp();
    try {
      const { live, accountId } = await businessAccount(bare);
      const client = siteClient(bare, live);
      const res = await client.post('/api/entries', formal).expect(503);
      expect(res.body.type).toBe('https://docs.tradelane.dev/problems/not-ready');
      const reconciling = await client
        .post('/api/entry-reconciliations')
        .attach('file', Buffer.from('entry_number\nE1'), 's.csv')
        .expect(503);
      expect(reconciling.body.type).toBe('https://docs.tradelane.dev/problems/not-ready');
      // An entry priced where the rules were loaded (the other app), copied to this account as stored.
      const owner = await businessAccount(app);
      const id = (await siteClient(app, owner.live).post('/api/entries', formal).expect(201)).body.id;
      const entry = await app.db.knex('customs_entries').where({ id }).first();
      const pricings = await app.db.knex('customs_entry_pricings').where({ entry_id: id });
      await bare.db.knex('customs_entries').insert({ ...entry, account_id: accountId });
      await bare.db.knex('customs_entry_pricings').insert(pricings);
      await client.get(`/api/entries/${id}`).expect(200);
      expect((await client.post(`/api/entries/${id}/price`).expect(503)).body.type).toBe(
        'https://docs.tradelane.dev/problems/not-ready',
      );
    } finally {
      await bare.close();
    }
  });
});
