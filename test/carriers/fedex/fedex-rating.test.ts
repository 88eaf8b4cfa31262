import { createFedexLiveAdapter } from '../../../src/domain/parcel/carriers/fedex';
import { buildFedexRateRequest } from '../../../src/domain/parcel/carriers/fedex/request';
import { parseFedexRateResponse } from '../../../src/domain/parcel/carriers/fedex/response';
import { fedexServices } from '../../../src/domain/parcel/carriers/fedex/services';
import type { FedexSettings } from '../../../src/domain/parcel/carriers/fedex/settings';
import type { FedexRateResponse } from '../../../src/domain/parcel/carriers/fedex/types';
import { carrierFixture, startCarrierFake, type CarrierFake } from '../../support/carrier-fake';
import { sampleShipment } from '../../support/parcel-reference';

const settings = (baseUrl = 'https://fedex.invalid'): FedexSettings => ({
  clientId: 'fedex-key',
  clientSecret: 'fedex-secret',
  accountNumber: '740561073',
  baseUrl,
});
const shipment = sampleShipment();
const signal = () => AbortSignal.timeout(2000);

describe('FedEx request mapping', () => {
  it('maps the shipment to a rate quote request for all services, list and account rates', () => {
    expect(buildFedexRateRequest(shipment, settings())).toEqual(carrierFixture('fedex', 'rate-request'));
  });
});

describe('FedEx response parsing', () => {
  it('prefers account over list rates and itemises surcharges; unknown services are dropped', () => {
    const { quotes, messages } = parseFedexRateResponse(
      carrierFixture<FedexRateResponse>('fedex', 'rate-response'),
      shipment,
      fedexServices,
    );
    expect(messages).toEqual([{ carrier: 'fedex', code: 'VIRTUAL.RESPONSE', message: 'This is a Virtual Response.' }]);
    expect(
      quotes.map((q) => [
        q.service,
        q.totalCents,
        q.rateType,
        q.zone,
        q.zoneSource,
        q.transitDays,
        q.estimatedDeliveryDate,
      ]),
    ).toEqual([
      ['fedex_home_delivery', 2410, 'negotiated', '7', 'carrier', { min: 4, max: 4 }, '2026-11-27'],
      ['fedex_2_day', 9540, 'list', '7', 'carrier', { min: 2, max: 2 }, '2026-11-25'],
    ]);
    expect(quotes[0].breakdown).toEqual([
      { code: 'base', name: 'FedEx Home Delivery base rate', cents: 1492 },
      { code: 'fuel', name: 'Fuel surcharge', cents: 402 },
      { code: 'residential', name: 'Residential delivery', cents: 516 },
    ]);
    expect(quotes[1].breakdown.map((l) => [l.code, l.cents])).toEqual([
      ['base', 7530],
      ['fuel', 1590],
      ['delivery_area', 420],
    ]);
  });
});

describe('FedEx transport against a local fake', () => {
  let fake: CarrierFake;
  beforeEach(async () => {
    fake = await startCarrierFake({
      '/oauth/token': () => ({ json: carrierFixture('fedex', 'token') }),
      '/rate/v1/rates/quotes': () => ({ json: carrierFixture('fedex', 'rate-response') }),
    });
  });
  afterEach(() => fake.close());

  it('gets a token with form credentials, then posts the quote request with it', async () => {
    const adapter = createFedexLiveAdapter(settings(fake.baseUrl));
    const result = await adapter.rate(shipment, fedexServices, signal());
    await adapter.rate(shipment, fedexServices, signal());
    expect(result.quotes.map((q) => q.service)).toEqual(['fedex_home_delivery', 'fedex_2_day']);

    const tokenCalls = fake.calls('/oauth/token');
    expect(tokenCalls).toHaveLength(1);
    expect(Object.fromEntries(new URLSearchParams(tokenCalls[0].body))).toEqual({
      grant_type: 'client_credentials',
      client_id: 'fedex-key',
      client_secret: 'fedex-secret',
    });
    const [rate] = fake.calls('/rate/v1/rates/quotes');
    expect(rate.headers).toMatchObject({
      authorization: 'Bearer fedex-token-1',
      'x-locale': 'en_US',
      'content-type': 'application/json',
    });
    expect(JSON.parse(rate.body)).toEqual(carrierFixture('fedex', 'rate-request'));
  });

  it('turns a FedEx rejection into messages', async () => {
    fake.setRoute('/rate/v1/rates/quotes', () => ({ status: 422, json: carrierFixture('fedex', 'error-response') }));
    const result = await createFedexLiveAdapter(settings(fake.baseUrl)).rate(shipment, fedexServices, signal());
    expect(result).toEqual({
      quotes: [],
      messages: [
        {
          carrier: 'fedex',
          code: 'RATE.LOCATION.NOSERVICE',
          message: 'FedEx does not serve the requested destination.',
        },
      ],
    });
  });

  it('fails when the token endpoint refuses the credentials', async () => {
    fake.setRoute('/oauth/token', () => ({ status: 401, json: { errors: [{ code: 'NOT.AUTHORIZED.ERROR' }] } }));
    await expect(
      createFedexLiveAdapter(settings(fake.baseUrl)).rate(shipment, fedexServices, signal()),
    ).rejects.toThrow('HTTP 401 from /oauth/token');
  });
});
