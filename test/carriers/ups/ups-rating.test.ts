import { createUpsLiveAdapter } from '../../../src/domain/parcel/carriers/ups';
import { buildUpsRateRequest } from '../../../src/domain/parcel/carriers/ups/request';
import { parseUpsRateResponse } from '../../../src/domain/parcel/carriers/ups/response';
import { upsServices } from '../../../src/domain/parcel/carriers/ups/services';
import type { UpsSettings } from '../../../src/domain/parcel/carriers/ups/settings';
import type { UpsRateResponse } from '../../../src/domain/parcel/carriers/ups/types';
import { carrierFixture, startCarrierFake, type CarrierFake } from '../../support/carrier-fake';
import { sampleShipment } from '../../support/parcel-reference';

const settings = (baseUrl = 'https://ups.invalid'): UpsSettings => ({
  clientId: 'ups-test-client',
  clientSecret: 's3cret',
  accountNumber: 'A1B2C3',
  baseUrl,
});
const shipment = sampleShipment();
const signal = () => AbortSignal.timeout(2000);

describe('UPS request mapping', () => {
  it('maps the shipment to a Shop request with time in transit', () => {
    expect(buildUpsRateRequest(shipment, settings())).toEqual(carrierFixture('ups', 'rate-request'));
  });
});

describe('UPS response parsing', () => {
  it('returns quotes for known services, negotiated charges first, with itemised charges and transit', () => {
    const { quotes, messages } = parseUpsRateResponse(
      carrierFixture<UpsRateResponse>('ups', 'rate-response'),
      shipment,
      upsServices,
    );
    expect(messages).toEqual([
      { carrier: 'ups', code: '110971', message: 'Your invoice may vary from the displayed reference rates' },
    ]);
    expect(quotes.map((q) => [q.service, q.totalCents, q.rateType, q.transitDays, q.estimatedDeliveryDate])).toEqual([
      ['ups_ground', 3506, 'daily', { min: 4, max: 4 }, '2026-11-27'],
      ['ups_2nd_day_air', 9810, 'negotiated', { min: 2, max: 2 }, '2026-11-25'],
    ]);
    expect(quotes[0].breakdown).toEqual([
      { code: 'base', name: 'UPS Ground base rate', cents: 2100 },
      { code: 'residential', name: 'Residential delivery', cents: 650 },
      { code: 'fuel', name: 'Fuel surcharge', cents: 756 },
    ]);
    expect(quotes[1].breakdown.map((l) => [l.code, l.cents])).toEqual([
      ['base', 6945],
      ['fuel', 2340],
      ['residential', 525],
    ]);
    expect(quotes[0]).toMatchObject({
      source: { kind: 'live', carrier: 'ups' },
      parcels: [{ billableWeight: { value: 7, unit: 'lb' }, basis: 'carrier' }],
    });
    expect(quotes[0].warnings).toEqual([
      { code: 'ups_120900', message: expect.stringMatching(/not qualified to receive negotiated rates/) },
    ]);
  });

  it('reads a single rated shipment sent as a bare object', () => {
    const body = carrierFixture<UpsRateResponse>('ups', 'rate-response');
    const single = {
      RateResponse: { RatedShipment: (body.RateResponse?.RatedShipment as object[])[0] },
    } as UpsRateResponse;
    expect(parseUpsRateResponse(single, shipment, upsServices).quotes.map((q) => q.service)).toEqual(['ups_ground']);
  });
});

describe('UPS transport against a local fake', () => {
  let fake: CarrierFake;
  let tokens = 0;
  beforeEach(async () => {
    tokens = 0;
    fake = await startCarrierFake({
      '/security/v1/oauth/token': () => ({
        json: { ...carrierFixture<object>('ups', 'token'), access_token: `ups-token-${++tokens}` },
      }),
      '/api/rating/v2409/Shop': () => ({ json: carrierFixture('ups', 'rate-response') }),
    });
  });
  afterEach(() => fake.close());

  it('gets a client-credentials token with HTTP Basic, then rates with the bearer token', async () => {
    const result = await createUpsLiveAdapter(settings(fake.baseUrl)).rate(shipment, upsServices, signal());
    expect(result.quotes.map((q) => q.service)).toEqual(['ups_ground', 'ups_2nd_day_air']);

    const [token] = fake.calls('/security/v1/oauth/token');
    expect(token.headers.authorization).toBe(`Basic ${Buffer.from('ups-test-client:s3cret').toString('base64')}`);
    expect(token.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(token.headers['x-merchant-id']).toBe('A1B2C3');
    expect(token.body).toBe('grant_type=client_credentials');

    const [rate] = fake.calls('/api/rating/v2409/Shop');
    expect(rate.path).toBe('/api/rating/v2409/Shop?additionalinfo=timeintransit');
    expect(rate.headers.authorization).toBe('Bearer ups-token-1');
    expect(JSON.parse(rate.body)).toEqual(carrierFixture('ups', 'rate-request'));
  });

  it('reuses the cached token across quotes and fetches a new one after a 401', async () => {
    const adapter = createUpsLiveAdapter(settings(fake.baseUrl));
    await adapter.rate(shipment, upsServices, signal());
    await adapter.rate(shipment, upsServices, signal());
    expect(fake.calls('/security/v1/oauth/token')).toHaveLength(1);

    fake.setRoute('/api/rating/v2409/Shop', (r) =>
      r.headers.authorization === 'Bearer ups-token-1'
        ? {
            status: 401,
            json: { response: { errors: [{ code: '250002', message: 'Invalid Authentication Information.' }] } },
          }
        : { json: carrierFixture('ups', 'rate-response') },
    );
    const result = await adapter.rate(shipment, upsServices, signal());
    expect(result.quotes).toHaveLength(2);
    expect(fake.calls('/security/v1/oauth/token')).toHaveLength(2);
    expect(fake.calls('/api/rating/v2409/Shop').at(-1)?.headers.authorization).toBe('Bearer ups-token-2');
  });

  it('turns a UPS rejection of the request into messages, not an exception', async () => {
    fake.setRoute('/api/rating/v2409/Shop', () => ({ status: 400, json: carrierFixture('ups', 'error-response') }));
    const result = await createUpsLiveAdapter(settings(fake.baseUrl)).rate(shipment, upsServices, signal());
    expect(result).toEqual({
      quotes: [],
      messages: [
        {
          carrier: 'ups',
          code: '111210',
          message: 'The requested service is unavailable between the selected locations.',
        },
      ],
    });
  });

  it('fails on a server error so the gateway can fall back', async () => {
    fake.setRoute('/api/rating/v2409/Shop', () => ({ status: 503, json: {} }));
    await expect(createUpsLiveAdapter(settings(fake.baseUrl)).rate(shipment, upsServices, signal())).rejects.toThrow(
      'HTTP 503 from /api/rating/v2409/Shop',
    );
  });
});
