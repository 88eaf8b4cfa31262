import { CreditLedgerRepository } from '../../src/db/repositories/credit-ledger.repository';
import { OutboxEventRepository } from '../../src/db/repositories/outbox-event.repository';
import { PortRepository } from '../../src/db/repositories/port.repository';
import { ProviderHealthRepository } from '../../src/db/repositories/provider-health.repository';
import { TrackingSubscriptionRepository } from '../../src/db/repositories/tracking-subscription.repository';
import { trackingUnitOfWork } from '../../src/db/repositories/tracking-unit-of-work';
import { VesselPositionRepository } from '../../src/db/repositories/vessel-position.repository';
import type { TimelineEvent } from '../../src/domain/tracking/events';
import type { TrackingSubscription } from '../../src/domain/tracking/model';
import {
  AisPositionSource,
  CarrierEventsProvider,
  PositionFix,
  ProviderError,
  TrackingQuery,
} from '../../src/domain/tracking/providers/provider-types';
import { TrackingRefreshService } from '../../src/domain/tracking/refresh.service';
import { SeaRouter } from '../../src/domain/tracking/sea-route/sea-router';
import { TrackingSubscriptionService } from '../../src/domain/tracking/subscription.service';
import { createTestDatabase, TestDatabase, testDialect } from '../support/database';
import { at, timelineEvent } from '../support/tracking-fixtures';

/** Scripted carrier upstream: answers with whatever the test sets, or fails like an outage. */
class FakeCarrier implements CarrierEventsProvider {
  readonly name = 'fake-carrier';
  events: TimelineEvent[] = [];
  retracted: string[] = [];
  failWith: ProviderError | null = null;
  calls = 0;
  supports() {
    return true;
  }
  async fetchEvents(_query: TrackingQuery) {
    this.calls += 1;
    if (this.failWith) throw this.failWith;
    return { events: this.events, retractedEventIds: this.retracted };
  }
}

class FakeAis implements AisPositionSource {
  readonly name = 'fake-ais';
  fixes: PositionFix[] = [];
  async recentPositions() {
    return this.fixes;
  }
}

const router = new SeaRouter();
let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
  await new PortRepository(db.knex).replaceAll(
    [
      {
        locode: 'CNSHA',
        name: 'Shanghai',
        countryCode: 'CN',
        countryName: 'China',
        lat: 31.23,
        lon: 121.49,
        coordinatesSource: 'wpi',
        timezone: null,
        wpiNumber: null,
        harborSize: null,
        qualityNote: null,
      },
      {
        locode: 'SGSIN',
        name: 'Singapore',
        countryCode: 'SG',
        countryName: 'Singapore',
        lat: 1.26,
        lon: 103.84,
        coordinatesSource: 'sea_ports',
        timezone: null,
        wpiNumber: null,
        harborSize: null,
        qualityNote: null,
      },
      {
        locode: 'NLRTM',
        name: 'Rotterdam',
        countryCode: 'NL',
        countryName: 'Netherlands',
        lat: 51.95,
        lon: 4.05,
        coordinatesSource: 'wpi',
        timezone: null,
        wpiNumber: null,
        harborSize: null,
        qualityNote: null,
      },
    ],
    new Map(),
    0,
  );
});
afterAll(async () => {
  await db.destroy();
});

describe(`tracking refresh on ${testDialect}`, () => {
  let now = at('2026-11-01T00:00:00.000Z');
  const clock = () => now;
  const carrier = new FakeCarrier();
  const ais = new FakeAis();
  const subscriptions = () => new TrackingSubscriptionRepository(db.knex);
  const outbox = () => new OutboxEventRepository(db.knex);
  const refresher = () =>
    new TrackingRefreshService({
      store: subscriptions(),
      health: new ProviderHealthRepository(db.knex),
      positions: new VesselPositionRepository(db.knex),
      ports: new PortRepository(db.knex),
      providers: { carrierFor: () => carrier, aisFor: () => [ais] },
      router,
      clock,
      config: { batchSize: 2, backoff: { baseMs: 45 * 60_000, maxMs: 4 * 3_600_000 } },
    });
  let subscription: TrackingSubscription;
  const typesSince = async (since: number) =>
    (await outbox().listUndelivered(1000)).filter((e) => e.createdAt >= since).map((e) => e.type);
  const container = async () => (await subscriptions().loadContainers(subscription.id))[0];

  // Shanghai → (Singapore) → Rotterdam on one vessel, with the carrier's plans.
  const voyage = () => [
    timelineEvent({ code: 'GTIN', classifier: 'ACT', eventTime: at('2026-10-28T08:00:00Z'), location: loc('CNSHA') }),
    timelineEvent({ code: 'LOAD', classifier: 'ACT', eventTime: at('2026-10-30T10:00:00Z'), location: loc('CNSHA') }),
    timelineEvent({ code: 'DEPA', classifier: 'ACT', eventTime: at('2026-10-30T18:00:00Z'), location: loc('CNSHA') }),
    timelineEvent({
      code: 'ARRI',
      classifier: 'EST',
      eventTime: at('2026-11-05T06:00:00Z'),
      location: loc('SGSIN'),
      eventCreatedAt: at('2026-10-30T00:00:00Z'),
    }),
    timelineEvent({
      code: 'DISC',
      classifier: 'PLN',
      eventTime: at('2026-11-05T12:00:00Z'),
      location: loc('SGSIN'),
      eventCreatedAt: at('2026-10-30T00:00:00Z'),
      isTransshipment: true,
    }),
    timelineEvent({
      code: 'LOAD',
      classifier: 'PLN',
      eventTime: at('2026-11-06T02:00:00Z'),
      location: loc('SGSIN'),
      eventCreatedAt: at('2026-10-30T00:00:00Z'),
      isTransshipment: true,
    }),
    timelineEvent({
      code: 'DEPA',
      classifier: 'EST',
      eventTime: at('2026-11-06T06:00:00Z'),
      location: loc('SGSIN'),
      eventCreatedAt: at('2026-10-30T00:00:00Z'),
    }),
    timelineEvent({
      code: 'ARRI',
      classifier: 'EST',
      eventTime: at('2026-11-30T06:00:00Z'),
      location: loc('NLRTM'),
      eventCreatedAt: at('2026-10-30T00:00:00Z'),
    }),
    timelineEvent({
      code: 'DISC',
      classifier: 'PLN',
      eventTime: at('2026-12-01T06:00:00Z'),
      location: loc('NLRTM'),
      eventCreatedAt: at('2026-10-30T00:00:00Z'),
    }),
  ];
  function loc(unlocode: string) {
    return { unlocode, name: null, facilityCode: null, facilityCodeListProvider: null, lat: null, lon: null };
  }
  const fixesAt = (lat: number, lon: number, knots: number): PositionFix[] =>
    [6, 4, 2, 0].map((h) => ({
      mmsi: '477000001',
      imo: '9321483',
      lat,
      lon,
      sogKnots: knots,
      cogDegrees: 210,
      heading: 210,
      navStatus: 0,
      time: now - h * 3_600_000,
      source: 'ais:fake',
    }));

  test('first refresh: timeline, status, route, vessel, carrier ETA, predicted ETA with its basis', async () => {
    await new CreditLedgerRepository(db.knex).append(
      'acct_r',
      'tracking',
      { kind: 'grant', credits: '1.00', reason: 'refresh test', actor: 'test-suite' },
      now,
    );
    subscription = await new TrackingSubscriptionService({
      unitOfWork: trackingUnitOfWork(db.knex),
      reader: subscriptions(),
      ports: new PortRepository(db.knex),
      clock,
    }).create({
      accountId: 'acct_r',
      livemode: true,
      referenceType: 'container',
      reference: 'MSKU1234565',
      plan: 'free',
    });
    carrier.events = voyage();
    ais.fixes = fixesAt(22.0, 116.0, 18); // South China Sea, bound for Singapore
    const report = await refresher().refreshDue();
    expect(report).toMatchObject({ batches: 1, refreshed: 1, stale: 0 });
    const { snapshot, timeline } = await container();
    expect(timeline).toHaveLength(9);
    expect(snapshot).toMatchObject({
      status: 'in_transit',
      route: { origin: 'CNSHA', destination: 'NLRTM', transshipments: ['SGSIN'] },
      vessel: { imo: '9321483', name: 'KING OF THE SEAS', mmsi: '477000001' },
      voyage: '123E',
      carrierEta: at('2026-11-30T06:00:00Z'),
      position: { lat: 22.0, lon: 116.0, sogKnots: 18, source: 'ais:fake' },
      stale: false,
      carrierDataAt: now,
    });
    const basis = snapshot.predictedEtaBasis!;
    expect(basis).toMatchObject({
      method: 'sea_route_distance_over_recent_sog',
      speedKnots: 18,
      speedSamples: 4,
      via: ['SGSIN', 'NLRTM'],
      passages: ['suez'],
      portCallAllowanceHours: 24,
    });
    // ≈1,400 nm to Singapore and ≈8,300 on to Rotterdam.
    expect(basis.remainingDistanceNm).toBeGreaterThan(9000);
    expect(basis.remainingDistanceNm).toBeLessThan(10500);
    // Measured from the newest fix (taken now), at the basis's speed, plus one port call.
    expect(Math.abs(snapshot.predictedEta! - (now + (basis.remainingDistanceNm / 18 + 24) * 3_600_000))).toBeLessThan(
      60_000,
    );
    expect(await typesSince(now)).toEqual(['container.updated']);
    // Live positions are kept, so speed history accrues even from a latest-only source.
    expect(await new VesselPositionRepository(db.knex).recentPositions('477000001', now - 86_400_000)).toHaveLength(4);
  });

  test('the same answer again changes nothing and announces nothing', async () => {
    now += 31 * 60_000;
    ais.fixes = fixesAt(21.5, 115.5, 18);
    await refresher().refreshDue();
    expect(await typesSince(now)).toEqual([]);
    expect((await container()).timeline).toHaveLength(9);
  });

  test('not yet due: nothing is refreshed', async () => {
    now += 5 * 60_000;
    const calls = carrier.calls;
    expect(await refresher().refreshDue()).toMatchObject({ batches: 0 });
    expect(carrier.calls).toBe(calls);
  });

  test('an estimate moved beyond the threshold is an eta_changed event; the revision replaces the estimate', async () => {
    now += 31 * 60_000;
    carrier.events = voyage().map((e) =>
      e.code === 'ARRI' && e.location?.unlocode === 'NLRTM'
        ? { ...e, eventTime: at('2026-12-03T06:00:00Z'), eventCreatedAt: at('2026-11-01T00:30:00Z') }
        : e,
    );
    await refresher().refreshDue();
    const events = (await outbox().listUndelivered(1000)).filter((e) => e.createdAt >= now);
    expect(events.map((e) => e.type)).toEqual(['container.eta_changed']);
    expect((events[0].data as { changeset: unknown }).changeset).toEqual({
      carrier_eta: ['2026-11-30T06:00:00.000Z', '2026-12-03T06:00:00.000Z'],
    });
    const { snapshot, timeline } = await container();
    expect(timeline).toHaveLength(9);
    expect(snapshot.carrierEta).toBe(at('2026-12-03T06:00:00Z'));
  });

  test('a provider outage keeps the data, marks it stale with its age, and backs the provider off', async () => {
    now += 31 * 60_000;
    carrier.failWith = new ProviderError('fake-carrier', 'unavailable', 'HTTP 503 Service Unavailable', 503);
    const before = await container();
    expect(await refresher().refreshDue()).toMatchObject({ stale: 1 });
    const after = await container();
    expect(after.snapshot).toMatchObject({
      status: before.snapshot.status,
      carrierEta: before.snapshot.carrierEta,
      stale: true,
      carrierDataAt: before.snapshot.carrierDataAt,
    });
    expect(after.snapshot.staleReason).toContain('HTTP 503');
    expect(after.timeline).toHaveLength(9);
    const health = await new ProviderHealthRepository(db.knex).get('fake-carrier');
    expect(health).toMatchObject({ consecutiveFailures: 1, backoffUntil: now + 45 * 60_000 });
    const resource = await new TrackingSubscriptionService({
      unitOfWork: trackingUnitOfWork(db.knex),
      reader: subscriptions(),
      ports: new PortRepository(db.knex),
      clock,
    }).getContainer('acct_r', true, after.snapshot.id);
    expect(resource).toMatchObject({
      stale: true,
      data_age_seconds: 31 * 60,
      origin: { locode: 'CNSHA', name: 'Shanghai', lat: 31.23, lon: 121.49 },
    });

    // While backing off, the provider is not called at all.
    const calls = carrier.calls;
    now += 31 * 60_000;
    carrier.failWith = null;
    await refresher().refreshDue();
    expect(carrier.calls).toBe(calls);
    expect((await container()).snapshot.stale).toBe(true);
  });

  test('after the backoff the provider is tried again and the data is fresh', async () => {
    now += 31 * 60_000;
    carrier.events = [...carrier.events];
    await refresher().refreshDue();
    expect((await container()).snapshot).toMatchObject({ stale: false, staleReason: null, carrierDataAt: now });
    expect(await new ProviderHealthRepository(db.knex).get('fake-carrier')).toMatchObject({
      consecutiveFailures: 0,
      backoffUntil: null,
    });
  });

  test('arrival at the destination announces container.arrived; an actual supersedes its estimate', async () => {
    now = at('2026-12-03T12:00:00Z');
    carrier.events = [
      ...carrier.events.filter((e) => !(e.location?.unlocode === 'SGSIN')),
      timelineEvent({ code: 'ARRI', classifier: 'ACT', eventTime: at('2026-11-05T05:00:00Z'), location: loc('SGSIN') }),
      timelineEvent({ code: 'DEPA', classifier: 'ACT', eventTime: at('2026-11-06T09:00:00Z'), location: loc('SGSIN') }),
      timelineEvent({ code: 'ARRI', classifier: 'ACT', eventTime: at('2026-12-03T04:00:00Z'), location: loc('NLRTM') }),
    ];
    ais.fixes = [];
    await refresher().refreshDue();
    expect(await typesSince(now)).toEqual(['container.updated', 'container.arrived']);
    const { snapshot, timeline } = await container();
    expect(snapshot).toMatchObject({ status: 'arrived', arrivedAt: at('2026-12-03T04:00:00Z') });
    const estimate = timeline.find(
      (e) => e.event.code === 'ARRI' && e.event.classifier === 'EST' && e.event.location?.unlocode === 'NLRTM',
    );
    expect(estimate?.superseded).toBe(true);
  });

  test('empty return completes the subscription; completed subscriptions are not refreshed', async () => {
    now += 31 * 60_000;
    carrier.events = [
      ...carrier.events,
      timelineEvent({ code: 'DISC', classifier: 'ACT', eventTime: at('2026-12-03T09:00:00Z'), location: loc('NLRTM') }),
      timelineEvent({ code: 'GTOT', classifier: 'ACT', eventTime: at('2026-12-03T10:00:00Z'), location: loc('NLRTM') }),
      timelineEvent({
        code: 'GTIN',
        classifier: 'ACT',
        eventTime: at('2026-12-03T11:00:00Z'),
        location: loc('NLRTM'),
        emptyIndicator: 'EMPTY',
      }),
    ];
    expect(await refresher().refreshDue()).toMatchObject({ completed: 1 });
    expect((await container()).snapshot.status).toBe('empty_returned');
    now += 31 * 60_000;
    expect(await refresher().refreshDue()).toMatchObject({ batches: 0 });
  });

  test('batches: many due subscriptions are refreshed in batches of the configured size', async () => {
    const service = new TrackingSubscriptionService({
      unitOfWork: trackingUnitOfWork(db.knex),
      reader: subscriptions(),
      ports: new PortRepository(db.knex),
      clock,
    });
    // Test mode's sample containers: free, so the account needs no credits.
    for (const reference of ['MSKU0001018', 'MSKU0001023', 'MSKU0001039', 'MSKU0001044', 'MSKU0001050']) {
      await service.create({
        accountId: 'acct_b',
        livemode: false,
        referenceType: 'container',
        reference,
        plan: 'free',
      });
    }
    carrier.events = voyage().map((e) => ({ ...e, equipmentReference: null }));
    const report = await refresher().refreshDue();
    expect(report).toMatchObject({ batches: 3, refreshed: 5 });
  });
});
