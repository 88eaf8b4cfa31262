import { createUpsLiveAdapter } from '../../src/domain/parcel/carriers/ups';
import { upsServices } from '../../src/domain/parcel/carriers/ups/services';
import { LiveRatingGateway } from '../../src/domain/parcel/carriers/live-rating-gateway';
import { CarrierUnavailableError } from '../../src/domain/parcel/errors';
import { carrierFixture, startCarrierFake, type CarrierFake } from '../support/carrier-fake';
import { box, quoteRequest, sampleShipment } from '../support/parcel-reference';
import { quoteFor, quoteServiceFor } from '../support/parcel-quote';

const ratePath = '/api/rating/v2409/Shop';
let fake: CarrierFake;
let now = 0;
const clock = () => now;

beforeEach(async () => {
  now = 1_000_000;
  fake = await startCarrierFake({
    '/security/v1/oauth/token': () => ({ json: carrierFixture('ups', 'token') }),
    [ratePath]: () => ({ json: carrierFixture('ups', 'rate-response') }),
  });
});
afterEach(() => fake.close());

const gateway = (options: Partial<{ timeoutMs: number; failureThreshold: number; cooldownMs: number }> = {}) =>
  new LiveRatingGateway(
    [
      createUpsLiveAdapter(
        { clientId: 'id', clientSecret: 'secret', accountNumber: 'A1B2C3', baseUrl: fake.baseUrl },
        clock,
      ),
    ],
    {
      timeoutMs: 1000,
      failureThreshold: 2,
      cooldownMs: 30_000,
      now: clock,
      ...options,
    },
  );

describe('live rating gateway', () => {
  it('gives up on a carrier that does not answer within the timeout', async () => {
    fake.setRoute(ratePath, () => ({ delayMs: 2000, json: carrierFixture('ups', 'rate-response') }));
    const started = Date.now();
    const outcome = await gateway({ timeoutMs: 150 }).rate('ups', sampleShipment(), upsServices);
    expect(outcome).toEqual({
      ok: false,
      code: 'live_failed',
      message: 'UPS live rating failed: no answer within 150 ms',
    });
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('opens the circuit after repeated failures, skips calls while open, and closes after a good trial', async () => {
    fake.setRoute(ratePath, () => ({ status: 503, json: {} }));
    const live = gateway();
    for (let i = 0; i < 2; i++)
      expect(await live.rate('ups', sampleShipment(), upsServices)).toMatchObject({ ok: false, code: 'live_failed' });
    expect(live.circuitState('ups')).toBe('open');

    const callsWhenOpened = fake.calls(ratePath).length;
    expect(await live.rate('ups', sampleShipment(), upsServices)).toMatchObject({ ok: false, code: 'circuit_open' });
    expect(fake.calls(ratePath)).toHaveLength(callsWhenOpened);

    now += 30_000;
    expect(live.circuitState('ups')).toBe('half_open');
    fake.setRoute(ratePath, () => ({ json: carrierFixture('ups', 'rate-response') }));
    expect(await live.rate('ups', sampleShipment(), upsServices)).toMatchObject({ ok: true });
    expect(live.circuitState('ups')).toBe('closed');
  });

  it('reopens at once when the half-open trial fails', async () => {
    fake.setRoute(ratePath, () => ({ status: 500, json: {} }));
    const live = gateway();
    await live.rate('ups', sampleShipment(), upsServices);
    await live.rate('ups', sampleShipment(), upsServices);
    now += 30_000;
    await live.rate('ups', sampleShipment(), upsServices);
    expect(live.circuitState('ups')).toBe('open');
  });

  it('does not count a carrier rejecting the request as an outage', async () => {
    fake.setRoute(ratePath, () => ({ status: 400, json: carrierFixture('ups', 'error-response') }));
    const live = gateway({ failureThreshold: 1 });
    expect(await live.rate('ups', sampleShipment(), upsServices)).toMatchObject({ ok: true, result: { quotes: [] } });
    expect(live.circuitState('ups')).toBe('closed');
  });
});

describe('quote orchestration with a live carrier', () => {
  const request = quoteRequest({
    destination: { postalCode: '85201' },
    parcels: [box(6, 6, 6, 2)],
    residential: true,
    shipDate: '2026-03-10',
  });

  it('prefers the live answer for a configured carrier and rates the others from cards', async () => {
    const service = await quoteServiceFor(undefined, gateway());
    const result = await service.quote(request, { testMode: false });
    expect(quoteFor(result, 'ups_ground')).toMatchObject({
      source: { kind: 'live', carrier: 'ups' },
      totalCents: 3506,
    });
    expect(
      result.quotes.filter((q) => q.carrier !== 'ups').every((q) => q.source === null || q.source.kind === 'rate_card'),
    ).toBe(true);
    expect(result.messages).toContainEqual({
      carrier: 'ups',
      code: '110971',
      message: 'Your invoice may vary from the displayed reference rates',
    });
    expect(fake.calls(ratePath)).toHaveLength(1);
  });

  it('never calls a live carrier in test mode', async () => {
    const service = await quoteServiceFor(undefined, gateway());
    const result = await service.quote(request, { testMode: true });
    expect(fake.requests).toHaveLength(0);
    expect(quoteFor(result, 'ups_ground')).toMatchObject({ source: { kind: 'rate_card' }, totalCents: 2375 });
  });

  it('falls back to the card, with a warning and a message, when the live call fails', async () => {
    fake.setRoute(ratePath, () => ({ status: 502, json: {} }));
    const result = await (await quoteServiceFor(undefined, gateway())).quote(request, { testMode: false });
    const ups = quoteFor(result, 'ups_ground');
    expect(ups).toMatchObject({ source: { kind: 'rate_card' }, totalCents: 2375 });
    expect(ups.warnings.at(-1)).toEqual({
      code: 'live_rating_unavailable',
      message: 'UPS live rating failed: HTTP 502 from /api/rating/v2409/Shop; quoted from rate cards.',
    });
    expect(result.messages).toEqual([
      {
        carrier: 'ups',
        code: 'live_failed',
        message: 'UPS live rating failed: HTTP 502 from /api/rating/v2409/Shop; quoted from rate cards.',
      },
    ]);
  });

  it('answers parcels over the limits locally without asking the carrier', async () => {
    const result = await (
      await quoteServiceFor(undefined, gateway())
    ).quote({ ...request, parcels: [box(10, 10, 10, 160)], carriers: ['ups'] }, { testMode: false });
    expect(fake.requests).toHaveLength(0);
    expect(result.quotes.every((q) => q.unavailable?.code === 'exceeds_limits')).toBe(true);
  });

  it('raises upstream-unavailable naming the carrier only when no source can answer', async () => {
    fake.setRoute(ratePath, () => ({ status: 500, json: {} }));
    const service = await quoteServiceFor(undefined, gateway());
    // No UPS card is in force before 2025-12-22, and the live call fails.
    const onlyUps = service.quote({ ...request, shipDate: '2025-06-10', carriers: ['ups'] }, { testMode: false });
    await expect(onlyUps).rejects.toBeInstanceOf(CarrierUnavailableError);
    await expect(onlyUps).rejects.toMatchObject({ carriers: ['ups'] });

    // With FedEx answering from its card, the same UPS failure is only a message.
    const withFedex = await service.quote(
      { ...request, shipDate: '2025-06-10', carriers: ['ups', 'fedex'] },
      { testMode: false },
    );
    expect(quoteFor(withFedex, 'fedex_home_delivery').available).toBe(true);
    expect(withFedex.messages.map((m) => [m.carrier, m.code])).toEqual([['ups', 'live_failed']]);
  });
});
