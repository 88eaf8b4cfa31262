import ExcelJS from 'exceljs';
import request from 'supertest';
import { accessTokenFor, binaryBody, businessAccount, siteClient } from '../support/account-api';
import { setPlan, signUp } from '../support/accounts';
import { createTestApp, TestApp } from '../support/app';
import { testDialect } from '../support/database';
import { rev3AndRev4 } from '../support/hts-fixtures';
import { pdfText } from '../support/pdf-text';
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

const usd = (amount: string) => ({ amount, currency: 'USD' });

/** The worked example of docs/products.md: the Section 232 wood steps deferred to 2027-01-01, and two products they leave alone. */
const catalogue = [
  {
    sku: 'SOFA-CN-01',
    description: 'Upholstered wooden sofas',
    hts_code: '9401.61.4011',
    country_of_origin: 'CN',
    annual_value: usd('800000.00'),
  },
  {
    sku: 'CAB-VN-01',
    description: 'Wooden kitchen cabinets',
    hts_code: '9403.40.9060',
    country_of_origin: 'VN',
    entry_value: usd('25000.00'),
    expected_entries: 12,
  },
  {
    sku: 'TEE-CN-01',
    description: "Men's cotton T-shirts",
    hts_code: '6109.10.0012',
    country_of_origin: 'CN',
    annual_value: usd('1200000.00'),
  },
  // A number the schedule does not hold: the engine cannot price it on either date.
  {
    sku: 'BEEF-AR-01',
    description: 'Frozen boneless beef',
    hts_code: '0202.30.5000',
    country_of_origin: 'AR',
    annual_value: usd('50000.00'),
  },
];

async function calculate(product: (typeof catalogue)[number], date: string) {
  const value = product.annual_value ?? product.entry_value;
  return (
    await request(app.hosts.main)
      .post('/api/tariff/public/calculate')
      .set('X-Forwarded-For', `198.51.100.${Math.floor(Math.random() * 200) + 1}`)
      .send({
        hts_code: product.hts_code,
        country_code: product.country_of_origin,
        declared_value: Number(value?.amount),
        entry_date: date,
      })
  ).body;
}

describe(`products on ${testDialect}`, () => {
  test('create, read, list with a cursor, change and delete; the SKU is unique per account and mode (409); a change over the body limit is 413', async () => {
    const { live, test: testKey } = await businessAccount(app);
    const client = siteClient(app, live);
    const created = await client.post('/api/products', catalogue[0]).expect(201);
    const product = created.body;
    expect(created.headers.location).toBe(`/api/products/${product.id}`);
    expect(product).toMatchObject({
      id: expect.stringMatching(/^prd_/),
      object: 'product',
      livemode: true,
      sku: 'SOFA-CN-01',
      hts_code: '9401.61.4011',
      country_of_origin: 'CN',
      annual_value: usd('800000.00'),
      entry_value: null,
      expected_entries: null,
      claims: [],
    });
    const perEntry = (await client.post('/api/products', catalogue[1]).expect(201)).body;
    // A value per entry states the annual value too: 25,000 × 12.
    expect(perEntry).toMatchObject({
      annual_value: usd('300000.00'),
      entry_value: usd('25000.00'),
      expected_entries: 12,
    });
    await client.get(`/api/products/${product.id}`).expect(200, product);

    const repeat = await client.post('/api/products', { ...catalogue[1], sku: 'SOFA-CN-01' }).expect(409);
    expect(repeat.body).toMatchObject({ type: 'https://docs.tradelane.dev/problems/conflict', code: 'already_exists' });
    // The test mode has a catalogue of its own: the same SKU is free there.
    await siteClient(app, testKey).post('/api/products', catalogue[0]).expect(201);

    const first = await client.get('/api/products?limit=1').expect(200);
    expect(first.body).toMatchObject({ object: 'list', has_more: true });
    expect(first.body.data.map((p: { sku: string }) => p.sku)).toEqual(['CAB-VN-01']);
    const second = await client.get(`/api/products?limit=1&cursor=${first.body.next_cursor}`).expect(200);
    expect(second.body.data.map((p: { sku: string }) => p.sku)).toEqual(['SOFA-CN-01']);

    const changed = await client
      .patch(`/api/products/${product.id}`, { entry_value: usd('50000.00'), expected_entries: 20, description: null })
      .expect(200);
    expect(changed.body).toMatchObject({
      annual_value: usd('1000000.00'),
      entry_value: usd('50000.00'),
      expected_entries: 20,
      description: null,
      sku: 'SOFA-CN-01',
    });
    await client.patch(`/api/products/${product.id}`, { sku: 'CAB-VN-01' }).expect(409);
    const tooLarge = await client.patch(`/api/products/${product.id}`, { description: 'x'.repeat(70000) }).expect(413);
    expect(tooLarge.body.type).toBe('https://docs.tradelane.dev/problems/payload-too-large');
    await client.delete(`/api/products/${perEntry.id}`).expect(204);
    await client.get(`/api/products/${perEntry.id}`).expect(404);
    await client.delete(`/api/products/${perEntry.id}`).expect(404);
  });

  test("another account's product, or the other mode's, is 404", async () => {
    const owner = await businessAccount(app);
    const { id } = (await siteClient(app, owner.live).post('/api/products', catalogue[2]).expect(201)).body;
    const other = await businessAccount(app);
    for (const key of [other.live, owner.test]) {
      const client = siteClient(app, key);
      await client.get(`/api/products/${id}`).expect(404);
      await client.patch(`/api/products/${id}`, { sku: 'X' }).expect(404);
      await client.delete(`/api/products/${id}`).expect(404);
      expect((await client.get('/api/products').expect(200)).body.data).toEqual([]);
    }
  });

  test('bad input is 400 naming the field; Idempotency-Key replays a create, another body under it is 422', async () => {
    const { live } = await businessAccount(app);
    const client = siteClient(app, live);
    const bad = async (body: object, pointer: string) => {
      const res = await client.post('/api/products', body).expect(400);
      expect(res.body.errors.map((e: { pointer: string }) => e.pointer)).toContain(pointer);
    };
    const base = { sku: 'A', hts_code: '6109.10.0012', country_of_origin: 'CN' };
    await bad({ ...base, annual_value: { amount: '100.00', currency: 'EUR' } }, '/body/annual_value/currency');
    await bad(base, '/body/annual_value');
    await bad(
      { ...base, annual_value: usd('1.00'), entry_value: usd('1.00'), expected_entries: 2 },
      '/body/annual_value',
    );
    await bad({ ...base, entry_value: usd('1.00') }, '/body/expected_entries');
    await bad({ ...base, annual_value: usd('0.00') }, '/body/annual_value/amount');
    await bad({ ...base, hts_code: '6109', annual_value: usd('1.00') }, '/body/hts_code');
    await bad({ ...base, annual_value: usd('1.00'), colour: 'red' }, '/body/colour');
    await client.get('/api/products?cursor=nonsense').expect(400);

    const once = await client.post('/api/products', catalogue[2]).set('Idempotency-Key', 'prd-1').expect(201);
    await client.post('/api/products', catalogue[2]).set('Idempotency-Key', 'prd-1').expect(201, once.body);
    const mismatch = await client.post('/api/products', catalogue[0]).set('Idempotency-Key', 'prd-1').expect(422);
    expect(mismatch.body.type).toBe('https://docs.tradelane.dev/problems/idempotency-mismatch');
  });

  test('a CSV catalogue imports thousands in one call; importing again updates by SKU; an XLSX reads the same', async () => {
    const { live } = await businessAccount(app);
    const client = siteClient(app, live);
    const rows = Array.from({ length: 2000 }, (_, i) => `SKU-${i},Item ${i},6109.10.0012,CN,${1000 + i}.50,,,USD,`);
    const header =
      'sku,description,hts_code,country_of_origin,annual_value,entry_value,expected_entries,currency,claims';
    const upload = (data: Buffer, name: string) => client.post('/api/products/import').attach('file', data, name);
    const first = await upload(Buffer.from([header, ...rows].join('\n')), 'catalogue.csv').expect(200);
    expect(first.body).toEqual({ object: 'product_import', created: 2000, updated: 0 });
    const again = await upload(
      Buffer.from(
        [
          header,
          'SKU-0,Item zero,6109.10.0012,CN,,2500,4,USD,special_program=S',
          'NEW-1,,7318.15.2095,CN,60000,,,,',
        ].join('\n'),
      ),
      'again.csv',
    ).expect(200);
    expect(again.body).toEqual({ object: 'product_import', created: 1, updated: 1 });
    const listed = (await client.get('/api/products?limit=100').expect(200)).body.data;
    const zero = listed.find((p: { sku: string }) => p.sku === 'SKU-0') ?? (await findSku(client, 'SKU-0'));
    expect(zero).toMatchObject({
      description: 'Item zero',
      annual_value: usd('10000.00'),
      expected_entries: 4,
      claims: [{ code: 'special_program', text: 'S' }],
    });

    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('products');
    sheet.addRow(['SKU', 'HTS code', 'Country of origin', 'Annual value']);
    sheet.addRow(['XL-1', '9401.61.4011', 'cn', 12345.67]);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    expect((await upload(xlsx, 'catalogue.xlsx').expect(200)).body).toEqual({
      object: 'product_import',
      created: 1,
      updated: 0,
    });
    expect(await findSku(client, 'XL-1')).toMatchObject({ country_of_origin: 'CN', annual_value: usd('12345.67') });
  });

  test('a file with bad rows is refused whole (400 naming row and column); not CSV nor XLSX 415; over 8 MiB 413', async () => {
    const { live } = await businessAccount(app);
    const client = siteClient(app, live);
    const upload = (data: Buffer, name: string) => client.post('/api/products/import').attach('file', data, name);
    const refused = await upload(
      Buffer.from(
        [
          'sku,hts_code,country_of_origin,annual_value,currency,claims',
          'A,6109.10.0012,CN,100,,',
          'B,6109,CN,100,,',
          'A,6109.10.0012,CN,100,,',
          'C,6109.10.0012,CN,1.234,EUR,nonsense',
        ].join('\n'),
      ),
      'bad.csv',
    ).expect(400);
    expect(refused.body.error_count).toBe(4);
    expect(refused.body.errors.map((e: { pointer: string }) => e.pointer)).toEqual([
      '/body/file/3/hts_code',
      '/body/file/4/sku',
      '/body/file/5/annual_value',
      '/body/file/5/claims/0/code',
    ]);
    expect((await client.get('/api/products').expect(200)).body.data).toEqual([]);
    await upload(Buffer.from('sku,colour\nA,red'), 'bad.csv').expect(400);
    await client.post('/api/products/import').field('note', 'no file').expect(400);
    await upload(Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n', 'latin1'), 'catalogue.pdf').expect(415);
    await upload(Buffer.alloc(8 * 1024 * 1024 + 1, 'a'), 'big.csv').expect(413);
  });

  test('the impact of measures already announced with future dates: each product before and after, by the engine, largest first; unresolved never 0', async () => {
    const { live } = await businessAccount(app);
    const client = siteClient(app, live);
    for (const product of catalogue) await client.post('/api/products', product).expect(201);
    const res = await client.get('/api/products/impact?from=2026-12-31&to=2027-01-01').expect(200);
    const impact = res.body;
    expect(impact).toMatchObject({
      object: 'product_impact',
      from: '2026-12-31',
      to: '2027-01-01',
      has_more: false,
      counts: { products: 4, increased: 2, decreased: 0, unchanged: 1, unresolved: 1 },
      total_annual_impact: null,
    });
    expect(impact.data.map((p: { sku: string; status: string }) => [p.sku, p.status])).toEqual([
      ['CAB-VN-01', 'increased'],
      ['SOFA-CN-01', 'increased'],
      ['TEE-CN-01', 'unchanged'],
      ['BEEF-AR-01', 'unresolved'],
    ]);
    // Each side is the calculator's own answer for the product's facts on that date.
    for (const line of impact.data.slice(0, 3)) {
      const product = catalogue.find((p) => p.sku === line.sku) as (typeof catalogue)[number];
      const entries = product.expected_entries ?? 1;
      for (const [side, date] of [
        ['before', '2026-12-31'],
        ['after', '2027-01-01'],
      ] as const) {
        const direct = await calculate(product, date);
        expect(line[side].annual_duty.amount).toBe((Number(direct.total_duty) * entries).toFixed(2));
        expect(line[side].rate_percent).toBe(direct.duty_rate_percent ?? line[side].rate_percent);
      }
      expect(line.annual_impact.amount).toBe(
        (Number(line.after.annual_duty.amount) - Number(line.before.annual_duty.amount)).toFixed(2),
      );
    }
    // The deferred steps: cabinets 25% → 50% on 300,000 a year, sofas 25% → 30% on 800,000.
    expect(impact.data[0].annual_impact).toEqual(usd('75000.00'));
    expect(impact.data[1].annual_impact).toEqual(usd('40000.00'));
    expect(impact.data[2].annual_impact).toEqual(usd('0.00'));
    expect(impact.data[3]).toMatchObject({
      annual_impact: null,
      before: { status: 'unresolved', annual_duty: null, reason: expect.any(String) },
    });
    expect(impact.resolved_annual_impact).toEqual(usd('115000.00'));

    const limited = (await client.get('/api/products/impact?from=2026-12-31&to=2027-01-01&limit=1').expect(200)).body;
    expect([limited.data.length, limited.has_more]).toEqual([1, true]);

    const csv = await client.get('/api/products/impact?from=2026-12-31&to=2027-01-01&format=csv').expect(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.text.trim().split(/\r?\n/);
    expect(lines[0]).toBe(
      'sku,description,hts_code,country_of_origin,annual_value,before_rate,before_annual_duty,after_rate,after_annual_duty,annual_impact,status,reason',
    );
    expect(lines[1]).toContain('CAB-VN-01');
    expect(lines[1]).toContain(',75000.00,increased,');
    const xlsx = await client
      .get('/api/products/impact?from=2026-12-31&to=2027-01-01&format=xlsx')
      .buffer(true)
      .parse(binaryBody)
      .expect(200);
    expect((xlsx.body as Buffer).subarray(0, 2).toString()).toBe('PK');
    const pdf = await client
      .get('/api/products/impact?from=2026-12-31&to=2027-01-01&format=pdf')
      .buffer(true)
      .parse(binaryBody)
      .expect(200);
    const text = await pdfText(pdf.body as Buffer);
    expect(text).toContain('Tariff impact on the product catalogue');
    expect(text).toContain('CAB-VN-01');
    expect(text).toContain('unresolved');
    await expectPdfThreadBusy(() => client.get('/api/products/impact?from=2026-12-31&to=2027-01-01&format=pdf'));

    // A date before the oldest HTS release held: 422. A date that is no day: 400.
    const early = await client.get('/api/products/impact?from=2001-01-01&to=2027-01-01').expect(422);
    expect(early.body.errors).toEqual([{ pointer: '/query/from', message: expect.stringContaining('oldest release') }]);
    await client.get('/api/products/impact?from=2026-12-31').expect(400);
  });

  test('the business plan with a key (401 without); Tariff Pro is 403; a token needs products:read or products:write', async () => {
    const site = () => request(app.hosts.site);
    const calls = (s: typeof site) => [
      s().get('/api/products'),
      s().post('/api/products').send(catalogue[0]),
      s().post('/api/products/import').attach('file', Buffer.from('sku\nA'), 'a.csv'),
      s().get('/api/products/impact?from=2026-12-31&to=2027-01-01'),
      s().get('/api/products/prd_x'),
      s().patch('/api/products/prd_x').send({ sku: 'B' }),
      s().delete('/api/products/prd_x'),
    ];
    for (const call of calls(site)) await call.expect(401);
    const { key, email } = await signUp(app);
    await setPlan(app, email, 'tariff_pro');
    for (const call of calls(site)) await call.set('Authorization', `Bearer ${key}`).expect(403);
    const { live } = await businessAccount(app);
    const { token } = await accessTokenFor(app, live, ['products:read']);
    await siteClient(app, token).get('/api/products').expect(200);
    const refused = await siteClient(app, token).post('/api/products', catalogue[0]).expect(403);
    expect(refused.headers['www-authenticate']).toContain('products:write');
  });

  test('the account API per-second limit answers 429 on every products operation', async () => {
    const { live } = await businessAccount(app);
    app.clock.advance(1000);
    const auth = { Authorization: `Bearer ${live}` };
    for (let i = 0; i < 25; i++) await request(app.hosts.site).get('/api/products?limit=1').set(auth).expect(200);
    const site = request(app.hosts.site);
    for (const call of [
      site.get('/api/products'),
      site.post('/api/products').send(catalogue[0]),
      site.post('/api/products/import').attach('file', Buffer.from('sku\nA'), 'a.csv'),
      site.get('/api/products/impact?from=2026-12-31&to=2027-01-01'),
      site.get('/api/products/prd_x'),
      site.patch('/api/products/prd_x').send({ sku: 'B' }),
      site.delete('/api/products/prd_x'),
    ])
      expect((await call.set(auth).expect(429)).body.type).toBe('https://docs.tradelane.dev/problems/rate-limited');
    app.clock.advance(1000);
  });
});

async function findSku(client: ReturnType<typeof siteClient>, sku: string) {
  let cursor: string | null = null;
  do {
    const page: { data: Array<{ sku: string }>; next_cursor: string | null } = (
      await client.get(`/api/products?limit=100${cursor ? `&cursor=${cursor}` : ''}`).expect(200)
    ).body;
    const found = page.data.find((p: { sku: string }) => p.sku === sku);
    if (found) return found;
    cursor = page.next_cursor;
  } while (cursor);
  return undefined;
}
