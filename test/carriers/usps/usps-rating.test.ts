import { createUspsLiveAdapter } from '../../../src/domain/parcel/carriers/usps';
import { buildUspsBaseRatesQuery } from '../../../src/domain/parcel/carriers/usps/request';
import { parseUspsBaseRates } from '../../../src/domain/parcel/carriers/usps/response';
import { uspsServices } from '../../../src/domain/parcel/carriers/usps/services';
import type { UspsSettings } from '../../../src/domain/parcel/carriers/usps/settings';
import type { UspsBaseRateOption } from '../../../src/domain/parcel/carriers/usps/types';
import { carrierFixture, startCarrierFake, type CarrierFake } from '../../support/carrier-fake';
import { box, sampleShipment } from '../../support/parcel-reference';

const settings = (baseUrl = 'https://usps.invalid'): UspsSettings => ({
  clientId: 'usps-test-client',
  clientSecret: 'usps-secret',
  baseUrl,
});
const shipment = sampleShipment();
const [groundAdvantage, priorityMail] = uspsServices;

describe('USPS request mapping', () => {
  it('maps one parcel and one mail class to a retail base-rates query', () => {
    expect(buildUspsBaseRatesQuery(shipment, shipment.parcels[0], groundAdvantage)).toEqual(
      carrierFixture('usps', 'base-rates-request-ground-advantage'),
    );
  });

  it('marks long or heavy parcels non-machinable and large ones dimensional-rectangular', () => {
    const big = sampleShipment({ parcels: [box(24, 12, 12, 30)] });
    expect(buildUspsBaseRatesQuery(big, big.parcels[0], priorityMail)).toMatchObject({
      processingCategory: 'NON_MACHINABLE',
      rateIndicator: 'DR',
      mailClass: 'PRIORITY_MAIL',
    });
  });
});

describe('USPS response parsing', () => {
  it('sums base prices and fees over the parcels of a shipment', () => {
    const two = sampleShipment({ parcels: [box(12, 10, 8, 5), box(24, 6, 6, 5)] });
    const quote = parseUspsBaseRates(
      [
        carrierFixture<UspsBaseRateOption>('usps', 'base-rates-response-ground-advantage'),
        carrierFixture<UspsBaseRateOption>('usps', 'base-rates-response-nonstandard'),
      ],
      two,
      groundAdvantage,
    );
    expect(quote).toMatchObject({
      service: 'usps_ground_advantage',
      totalCents: 5180,
      rateType: 'retail',
      zone: '7',
      zoneSource: 'carrier',
      transitDays: { min: 5, max: 5 },
    });
    expect(quote?.breakdown).toEqual([
      { code: 'base', name: 'USPS Ground Advantage base rate', cents: 4780 },
      { code: 'other', name: 'Nonstandard Length > 22 in', cents: 400 },
    ]);
  });
});

describe('USPS transport against a local fake', () => {
  let fake: CarrierFake;
  beforeEach(async () => {
    fake = await startCarrierFake({
      '/oauth2/v3/token': () => ({ json: carrierFixture('usps', 'token') }),
      '/prices/v3/base-rates/search': (r) => {
        const mailClass = JSON.parse(r.body).mailClass;
        if (mailClass === 'USPS_GROUND_ADVANTAGE')
          return { json: carrierFixture('usps', 'base-rates-response-ground-advantage') };
        if (mailClass === 'PRIORITY_MAIL') return { json: carrierFixture('usps', 'base-rates-response-priority-mail') };
        return { status: 400, json: carrierFixture('usps', 'error-response') };
      },
    });
  });
  afterEach(() => fake.close());

  it('asks once per mail class with one token, and reports a refused class as a message', async () => {
    const result = await createUspsLiveAdapter(settings(fake.baseUrl)).rate(
      shipment,
      uspsServices,
      AbortSignal.timeout(2000),
    );
    expect(result.quotes.map((q) => [q.service, q.totalCents])).toEqual([
      ['usps_ground_advantage', 2240],
      ['usps_priority_mail', 3270],
    ]);
    expect(result.messages).toEqual([
      {
        carrier: 'usps',
        code: '400',
        message: 'Bad Request: Priority Mail Express is not available to the destination ZIP Code.',
      },
    ]);
    expect(fake.calls('/oauth2/v3/token')).toHaveLength(1);
    expect(Object.fromEntries(new URLSearchParams(fake.calls('/oauth2/v3/token')[0].body))).toEqual({
      grant_type: 'client_credentials',
      client_id: 'usps-test-client',
      client_secret: 'usps-secret',
    });
    const searches = fake.calls('/prices/v3/base-rates/search');
    expect(searches.map((s) => s.headers.authorization)).toEqual([
      'Bearer usps-token-1',
      'Bearer usps-token-1',
      'Bearer usps-token-1',
    ]);
    expect(searches.map((s) => JSON.parse(s.body)).find((b) => b.mailClass === 'USPS_GROUND_ADVANTAGE')).toEqual(
      carrierFixture('usps', 'base-rates-request-ground-advantage'),
    );
  });
});
