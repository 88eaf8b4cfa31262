import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import YAML from 'yaml';
import { projectRoot } from '../../src/config/paths';
import { serviceCodes } from '../../src/domain/parcel/carriers/registry';
import { bootstrapParcelData } from '../../src/hosts/parcel-services';
import { createTestApp, TestApp } from '../support/app';
import { setPlan, signUp } from '../support/accounts';
import { carrierFixture, startCarrierFake, type CarrierFake } from '../support/carrier-fake';
import { parcelFixtureDir } from '../support/parcel-reference';
import { repoDataDir } from '../support/reference-data';

// POST /api/parcel/quotes through the main host. Expected prices are read by hand from the rate
// files the app imported at start-up (the fixture excerpts under test/fixtures/parcel, or the shared
// data directory when this machine has it), never from the engine.

interface Money {
  amount: string;
  currency: string;
}
interface ApiQuote {
  carrier: string;
  service: string;
  total: Money;
  breakdown: Array<{ type: string; description: string; amount: Money }>;
  parcels: Array<{
    billable_weight: { value: number; unit: string };
    weight_basis: string;
    actual_weight_lb: number;
    dimensional_weight_lb: number | null;
    total: Money;
  }>;
  zone: string | null;
  zone_source: string | null;
  rate_type: string;
  source: { type: string; card_id?: string; effective_date?: string; carrier?: string };
  warnings: Array<{ code: string; message: string }>;
  estimated_delivery_date: string | null;
  cheapest: boolean;
  fastest: boolean;
}
interface ApiResult {
  ship_date: string;
  quotes: ApiQuote[];
  unavailable: Array<{ carrier: string; service: string; reason: { code: string; message: string } }>;
  messages: Array<{ carrier: string; code: string; message: string }>;
}

const box = (length: number, width: number, height: number, weight: number, weight_unit = 'lb') => ({
  length,
  width,
  height,
  length_unit: 'in',
  weight,
  weight_unit,
});
const shipment = (overrides: Record<string, unknown> = {}) => ({
  origin: { postal_code: '85004' },
  destination: { postal_code: '75201' },
  parcels: [box(6, 6, 6, 2)],
  ...overrides,
});

const post = (app: TestApp, key: string, body: object) =>
  request(app.hosts.main).post('/api/parcel/quotes').set('X-API-Key', key).send(body);
const quoteOf = (result: ApiResult, service: string): ApiQuote => {
  const found = result.quotes.find((q) => q.service === service);
  if (!found) throw new Error(`no ${service} quote in ${JSON.stringify(result)}`);
  return found;
};
const charges = (quote: ApiQuote) =>
  Object.fromEntries(quote.breakdown.map((l) => [`${l.type}: ${l.description}`, l.amount.amount]));

async function paidKey(app: TestApp): Promise<string> {
  const account = await signUp(app);
  await setPlan(app, account.email, 'tariff_pro');
  return account.key;
}

it('the spec lists exactly the services the engine rates', () => {
  const spec = YAML.parse(fs.readFileSync(path.join(projectRoot, 'openapi', 'spec.yaml'), 'utf8'));
  expect([...spec.components.schemas.ParcelServiceCode.enum].sort()).toEqual([...serviceCodes].sort());
});

describe('quotes from the fixture rate cards', () => {
  let app: TestApp;
  let key: string;
  beforeAll(async () => {
    app = await createTestApp({ config: { trustProxy: true }, withParcelData: parcelFixtureDir });
    key = await paidKey(app);
  }, 60_000);
  afterAll(() => app.close());

  it('rates on dimensional weight: FedEx Ground, 12×12×12 in at 3 lb is 1728 / 139 → 13 lb, zone 2 = 16.19', async () => {
    const res = await post(
      app,
      key,
      shipment({
        destination: { postal_code: '85201' },
        parcels: [box(12, 12, 12, 3)],
        ship_date: '2025-06-10',
        services: ['fedex_ground'],
      }),
    ).expect(200);
    const ground = quoteOf(res.body, 'fedex_ground');
    expect(ground).toMatchObject({
      carrier: 'fedex',
      total: { amount: '16.19', currency: 'USD' },
      zone: '2',
      zone_source: 'chart',
      rate_type: 'list',
      source: { type: 'rate_card', card_id: 'fedex.fedex_ground.list.US48.2025-01-06', effective_date: '2025-01-06' },
      cheapest: true,
      fastest: true,
    });
    expect(ground.parcels).toEqual([
      {
        index: 0,
        billable_weight: { value: 13, unit: 'lb' },
        weight_basis: 'dimensional',
        actual_weight_lb: 3,
        dimensional_weight_lb: 13,
        zone: '2',
        total: { amount: '16.19', currency: 'USD' },
      },
    ]);
    expect(ground.warnings.map((w) => w.code)).toContain('fuel_not_included');
  });

  it('adds surcharges from their tables: UPS Ground to a residence with additional handling, fuel on top', async () => {
    // 49 in long (over 48) at 40 lb, Phoenix → Dallas (zone 5 by distance), UPS Daily Rates 2025-12-22:
    // 44.86 + residential 6.50 + additional handling zone 5–6 38.50 = 89.86; fuel 22.75 % (week of 2026-03-09) = 20.44.
    const res = await post(
      app,
      key,
      shipment({
        parcels: [box(49, 10, 10, 40)],
        residential: true,
        ship_date: '2026-03-10',
        services: ['ups_ground'],
      }),
    ).expect(200);
    const ups = quoteOf(res.body, 'ups_ground');
    expect(charges(ups)).toEqual({
      'base: UPS Ground base rate': '44.86',
      'residential: Residential delivery': '6.50',
      'additional_handling: Additional handling (dimensions)': '38.50',
      'fuel: Fuel surcharge (22.75 %, week of 2026-03-09)': '20.44',
    });
    expect(ups).toMatchObject({
      total: { amount: '110.30', currency: 'USD' },
      zone: '5',
      zone_source: 'distance_estimate',
      rate_type: 'daily',
    });
    expect(ups.parcels[0]).toMatchObject({
      billable_weight: { value: 40, unit: 'lb' },
      weight_basis: 'actual',
      dimensional_weight_lb: 36,
    });
    expect(ups.warnings.map((w) => w.code)).toEqual(
      expect.arrayContaining(['zone_estimated', 'delivery_area_not_assessed', 'fuel_estimated']),
    );
  });

  it('lists services a parcel is too heavy for as not available, with the reason (ship date defaults to today)', async () => {
    app.clock.set('2026-08-03T15:00:00.000Z');
    const res = await post(app, key, shipment({ parcels: [box(20, 12, 12, 160)] })).expect(200);
    const body = res.body as ApiResult;
    expect(body.ship_date).toBe('2026-08-03');
    expect(body.quotes).toEqual([]);
    expect(new Set(body.unavailable.map((u) => u.reason.code))).toEqual(new Set(['exceeds_limits']));
    expect(new Set(body.unavailable.map((u) => u.carrier))).toEqual(new Set(['usps', 'ups', 'fedex']));
    const reasonOf = (service: string) => body.unavailable.find((u) => u.service === service)?.reason.message;
    expect(reasonOf('usps_ground_advantage')).toBe('Weight 160 lb is over the USPS Ground Advantage limit of 70 lb.');
    expect(reasonOf('ups_ground')).toBe('Weight 160 lb is over the UPS Ground limit of 150 lb.');
  });

  it('rates a multi-parcel shipment as the sum of its parcels', async () => {
    // UPS Ground zone 5: 2 lb = 15.79 (+ fuel 22.75 % = 3.59) and 7 lb = 19.26 (+ 4.38).
    const res = await post(
      app,
      key,
      shipment({ parcels: [box(6, 6, 6, 2), box(6, 6, 6, 7)], ship_date: '2026-03-10', services: ['ups_ground'] }),
    ).expect(200);
    const ups = quoteOf(res.body, 'ups_ground');
    expect(ups.parcels.map((p) => [p.billable_weight.value, p.total.amount])).toEqual([
      [2, '19.38'],
      [7, '23.64'],
    ]);
    expect(charges(ups)).toEqual({
      'base: UPS Ground base rate': '35.05',
      'fuel: Fuel surcharge (22.75 %, week of 2026-03-09)': '7.97',
    });
    expect(ups.total.amount).toBe('43.02');
  });

  it.each([
    [
      'a postal code that is not a US ZIP',
      { destination: { postal_code: 'K1A 0B1' } },
      '/body/destination/postal_code',
    ],
    ['a country other than the US', { origin: { postal_code: '85004', country: 'CA' } }, '/body/origin/country'],
    ['a ZIP code with no such three-digit prefix', { origin: { postal_code: '00001' } }, '/body/origin/postal_code'],
    ['a parcel without weight', { parcels: [box(6, 6, 6, 2), box(6, 6, 6, 0)] }, '/body/parcels/1/weight'],
  ])('answers 400 naming the field for %s', async (_case, overrides, pointer) => {
    const res = await post(app, key, shipment({ ship_date: '2026-08-03', ...overrides })).expect(400);
    expect(res.body.type).toBe('https://docs.tradelane.dev/problems/validation-failed');
    expect(res.body.errors.map((e: { pointer: string }) => e.pointer)).toEqual([pointer]);
  });

  // The schema checks forms and bounds, the engine only whether a ZIP exists and a service is loaded:
  // at each bound the two agree (what the spec takes is quoted, what it refuses never reaches the engine).
  it.each([
    ['a ZIP+4 code', { destination: { postal_code: '75201-1234' } }],
    ['the country US, named', { origin: { postal_code: '85004', country: 'US' } }],
    ['a parcel of 1e-7 lb', { parcels: [box(6, 6, 6, 1e-7)] }],
    ['fifty parcels (the most)', { parcels: Array.from({ length: 50 }, () => box(6, 6, 6, 2)) }],
    ['the last day of February in a leap year', { ship_date: '2028-02-29' }],
  ])('quotes %s', async (_case, overrides) => {
    await post(app, key, shipment({ ship_date: '2026-08-03', ...overrides })).expect(200);
  });

  it.each([
    ['a ZIP code of four digits', { destination: { postal_code: '7520' } }, '/body/destination/postal_code'],
    ['a parcel of 0 lb', { parcels: [box(6, 6, 6, 0)] }, '/body/parcels/0/weight'],
    ['a side over the largest', { parcels: [box(100_000.01, 6, 6, 2)] }, '/body/parcels/0/length'],
    ['fifty-one parcels', { parcels: Array.from({ length: 51 }, () => box(6, 6, 6, 2)) }, '/body/parcels'],
    ['no parcel', { parcels: [] }, '/body/parcels'],
    [
      'a length unit the engine does not know',
      { parcels: [{ ...box(6, 6, 6, 2), length_unit: 'ft' }] },
      '/body/parcels/0/length_unit',
    ],
    ['the 29th of February in a common year', { ship_date: '2026-02-29' }, '/body/ship_date'],
    ['a carrier named twice', { carriers: ['ups', 'ups'] }, '/body/carriers'],
    ['a service not in the spec', { services: ['ups_teleport'] }, '/body/services/0'],
  ])('refuses %s (400 naming the field)', async (_case, overrides, pointer) => {
    const res = await post(app, key, shipment({ ship_date: '2026-08-03', ...overrides })).expect(400);
    expect(res.body.errors.map((e: { pointer: string }) => e.pointer)).toContain(pointer);
  });

  it('gives Free plans 5 quotes a day in their own bucket: the sixth is 429, the tariff quota is untouched', async () => {
    app.clock.set('2026-08-04T10:00:00.000Z');
    const free = await signUp(app);
    for (let i = 1; i <= 5; i++) {
      const ok = await post(app, free.key, shipment()).expect(200);
      expect(ok.headers['ratelimit']).toBe(`"parcel";r=${5 - i};t=50400`);
    }
    const refused = await post(app, free.key, shipment()).expect(429);
    expect(refused.body.type).toBe('https://docs.tradelane.dev/problems/quota-exceeded');
    expect(refused.headers['ratelimit-policy']).toBe('"parcel";q=5;w=86400');
    // The same key still has its 5 tariff calls (this app has no tariff data, so calculate answers 503 and gives the call back).
    const tariff = await request(app.hosts.main)
      .post('/api/tariff/public/calculate')
      .set('X-API-Key', free.key)
      .send({ hts_code: '6109.10.0012', country_code: 'CN' });
    expect(tariff.status).toBe(503);
    expect(tariff.headers['ratelimit-policy']).toBe('"tariff";q=5;w=86400');
    expect(tariff.headers['x-ratelimit-remaining']).toBe('5');
  });

  it('replays a quote for the same Idempotency-Key and refuses the key with another shipment', async () => {
    const first = await post(app, key, shipment({ ship_date: '2026-08-03' }))
      .set('Idempotency-Key', 'parcel-1')
      .expect(200);
    const again = await post(app, key, shipment({ ship_date: '2026-08-03' }))
      .set('Idempotency-Key', 'parcel-1')
      .expect(200);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    const other = await post(app, key, shipment({ ship_date: '2026-08-04' }))
      .set('Idempotency-Key', 'parcel-1')
      .expect(422);
    expect(other.body.type).toBe('https://docs.tradelane.dev/problems/idempotency-mismatch');
  });
});

describe("quotes from the repository's rate cards (a real lane)", () => {
  let app: TestApp;
  let key: string;
  beforeAll(async () => {
    app = await createTestApp({ withParcelData: repoDataDir });
    key = await paidKey(app);
  }, 180_000);
  afterAll(() => app?.close());

  it('quotes Phoenix → Chicago with USPS, UPS and FedEx side by side, sorted by price', async () => {
    // 12×10×8 in, 5 lb, to a residence. DIM 960 / 139 → 7 lb for UPS and FedEx; USPS has no DIM under one cubic foot.
    const res = await post(app, key, {
      origin: { postal_code: '85004' },
      destination: { postal_code: '60606' },
      parcels: [box(12, 10, 8, 5)],
      residential: true,
      ship_date: '2026-11-23',
    }).expect(200);
    const body = res.body as ApiResult;
    expect(new Set(body.quotes.map((q) => q.carrier))).toEqual(new Set(['usps', 'ups', 'fedex']));
    const totals = body.quotes.map((q) => Number(q.total.amount));
    expect(totals).toEqual([...totals].sort((a, b) => a - b));

    // usps_retail_2026-07-12.csv, zone 7 (USPS chart 850 → 606), 5 lb.
    const usps = quoteOf(body, 'usps_ground_advantage');
    expect(usps).toMatchObject({
      total: { amount: '22.40' },
      zone: '7',
      zone_source: 'chart',
      rate_type: 'retail',
      source: { type: 'rate_card', effective_date: '2026-07-12' },
      cheapest: true,
    });
    expect(usps.parcels[0]).toMatchObject({
      billable_weight: { value: 5, unit: 'lb' },
      weight_basis: 'actual',
      dimensional_weight_lb: null,
    });
    expect(quoteOf(body, 'usps_priority_mail').total.amount).toBe('32.70');
    expect(quoteOf(body, 'usps_priority_mail_express').total.amount).toBe('98.35');

    // UPS Ground chart for origin 850 → 606: zone 7; ups_daily_rates_2025-12-22.csv 7 lb zone 7 = 21.00; residential 6.50 (ups_accessorials); fuel 27.50 % of 27.50 (week of 2026-06-15, the latest).
    const ups = quoteOf(body, 'ups_ground');
    expect(charges(ups)).toEqual({
      'base: UPS Ground base rate': '21.00',
      'residential: Residential delivery': '6.50',
      'fuel: Fuel surcharge (27.50 %, week of 2026-06-15)': '7.56',
    });
    expect(ups).toMatchObject({
      total: { amount: '35.06' },
      zone: '7',
      zone_source: 'chart',
      rate_type: 'daily',
      source: { type: 'rate_card', effective_date: '2025-12-22' },
    });
    expect(ups.parcels[0]).toMatchObject({
      billable_weight: { value: 7, unit: 'lb' },
      weight_basis: 'dimensional',
      actual_weight_lb: 5,
      dimensional_weight_lb: 7,
    });

    // fedex_2026_retail_rates.csv, zone 7 (FedEx chart for 850xx), 7 lb: Ground/Home Delivery all-inclusive 28.46, 2Day 94.42.
    const home = quoteOf(body, 'fedex_home_delivery');
    expect(home).toMatchObject({
      total: { amount: '28.46' },
      zone: '7',
      zone_source: 'chart',
      rate_type: 'retail',
      source: { type: 'rate_card', card_id: 'fedex.fedex_ground.retail.US48.2026-01-05', effective_date: '2026-01-05' },
    });
    expect(home.warnings.map((w) => w.code)).toContain('charges_included');
    expect(quoteOf(body, 'fedex_2_day').total.amount).toBe('94.42');

    // Overnight services deliver the next business day: they are the fastest.
    const fastest = body.quotes.filter((q) => q.fastest);
    expect(fastest.length).toBeGreaterThan(0);
    expect(fastest.every((q) => q.estimated_delivery_date === '2026-11-24')).toBe(true);
  });

  it('bills the FedEx additional-handling minimum weight from the 2025 surcharge table', async () => {
    // 49 in long at 30 lb: AHS-dimensions (zone 7+ 38.00) with a 40 lb minimum; FedEx 2025 list Ground 40 lb zone 7 = 62.58.
    const res = await post(app, key, {
      origin: { postal_code: '85004' },
      destination: { postal_code: '60606' },
      parcels: [box(49, 10, 8, 30)],
      ship_date: '2025-06-10',
      services: ['fedex_ground'],
    }).expect(200);
    const ground = quoteOf(res.body, 'fedex_ground');
    expect(charges(ground)).toEqual({
      'base: FedEx Ground base rate': '62.58',
      'additional_handling: Additional handling (dimensions)': '38.00',
    });
    expect(ground.total.amount).toBe('100.58');
    expect(ground.parcels[0]).toMatchObject({
      billable_weight: { value: 40, unit: 'lb' },
      weight_basis: 'minimum',
      actual_weight_lb: 30,
      dimensional_weight_lb: 29,
    });
  });
});

describe('live carrier rating', () => {
  const upsRate = '/api/rating/v2409/Shop';
  let app: TestApp;
  let ups: CarrierFake;
  let liveKey: string;
  let testKey: string;
  beforeAll(async () => {
    ups = await startCarrierFake({
      '/security/v1/oauth/token': () => ({ json: carrierFixture('ups', 'token') }),
      [upsRate]: () => ({ json: carrierFixture('ups', 'rate-response') }),
    });
    // FedEx's live API is down: nothing listens where it is configured.
    const gone = await startCarrierFake({});
    await gone.close();
    app = await createTestApp({
      config: { trustProxy: true },
      parcelEnv: {
        UPS_CLIENT_ID: 'ups-id',
        UPS_CLIENT_SECRET: 'ups-secret',
        UPS_ACCOUNT_NUMBER: 'A1B2C3',
        UPS_API_BASE_URL: ups.baseUrl,
        FEDEX_CLIENT_ID: 'fedex-id',
        FEDEX_CLIENT_SECRET: 'fedex-secret',
        FEDEX_ACCOUNT_NUMBER: '740561073',
        FEDEX_API_BASE_URL: gone.baseUrl,
        PARCEL_LIVE_TIMEOUT_MS: '2000',
      },
    });
    liveKey = (await signUp(app)).key;
    testKey = (
      await request(app.hosts.site)
        .post('/api/keys')
        .set('Authorization', `Bearer ${liveKey}`)
        .send({ mode: 'test' })
        .expect(201)
    ).body.secret;
  }, 60_000);
  afterAll(async () => {
    await ups.close();
    await app.close();
  });

  const lane = shipment({
    destination: { postal_code: '85201' },
    parcels: [box(6, 6, 6, 2)],
    residential: true,
    ship_date: '2026-03-10',
  });

  it('answers 503 not-ready before the rate cards are imported, and counts nothing', async () => {
    const res = await post(app, liveKey, lane).expect(503);
    expect(res.body.type).toBe('https://docs.tradelane.dev/problems/not-ready');
    expect(res.headers['retry-after']).toBe('5');
    expect(res.headers['x-ratelimit-remaining']).toBe('5');
    expect(ups.requests).toHaveLength(0);
  });

  describe('once imported', () => {
    beforeAll(() =>
      bootstrapParcelData(app.deps.parcel, app.db, { ...app.deps.config, dataDir: parcelFixtureDir }, app.deps.logger),
    );

    it('prefers the live answer of a configured carrier, and falls back to the card for one that is down', async () => {
      // Phoenix → Dallas: the fixture FedEx 2026 retail card has its zone 5 (Ground/Home Delivery 2 lb = 16.81).
      const res = await post(app, liveKey, { ...lane, destination: { postal_code: '75201' } }).expect(200);
      const body = res.body as ApiResult;
      expect(quoteOf(body, 'ups_ground')).toMatchObject({
        source: { type: 'live_carrier', carrier: 'ups' },
        total: { amount: '35.06' },
        rate_type: 'daily',
      });
      expect(ups.calls(upsRate)).toHaveLength(1);
      const home = quoteOf(body, 'fedex_home_delivery');
      expect(home).toMatchObject({
        source: { type: 'rate_card', effective_date: '2026-01-05' },
        total: { amount: '16.81' },
      });
      expect(home.warnings.map((w) => w.code)).toContain('live_rating_unavailable');
      expect(body.messages).toContainEqual({
        carrier: 'fedex',
        code: 'live_failed',
        message: expect.stringContaining('FedEx live rating failed'),
      });
    });

    it('answers 502 naming the carrier when its live API is the only source that could answer', async () => {
      // No FedEx card is in force before 2025-01-06, and FedEx live is down.
      const res = await post(app, liveKey, { ...lane, ship_date: '2024-12-02', carriers: ['fedex'] }).expect(502);
      expect(res.body.type).toBe('https://docs.tradelane.dev/problems/upstream-unavailable');
      expect(res.body.detail).toMatch(/^No source could rate this shipment\. FedEx live rating (failed|skipped)/);
    });

    it('never calls a live carrier for a test key: the cards answer', async () => {
      ups.requests.length = 0;
      const res = await post(app, testKey, lane).expect(200);
      expect(ups.requests).toHaveLength(0);
      const body = res.body as ApiResult;
      expect(body.quotes.length).toBeGreaterThan(0);
      expect(body.quotes.every((q) => q.source.type === 'rate_card')).toBe(true);
      expect(body.messages).toEqual([]);
      // UPS Ground 2 lb zone 2 = 12.85 + residential 6.50, fuel 22.75 % of 19.35 = 4.40.
      expect(quoteOf(body, 'ups_ground').total.amount).toBe('23.75');
    });
  });
});
