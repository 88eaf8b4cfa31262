import { defaultEtaOptions, predictEta, recentSpeed } from '../../../../src/domain/tracking/eta';
import type { PositionFix } from '../../../../src/domain/tracking/providers/provider-types';
import { SeaRouter } from '../../../../src/domain/tracking/sea-route/sea-router';
import {
  arrivalTime,
  carrierEta,
  deriveRoute,
  deriveStatus,
  remainingPorts,
} from '../../../../src/domain/tracking/timeline';
import { mergeTimeline } from '../../../../src/domain/tracking/timeline-merge';
import { at, timelineEvent } from '../../../support/tracking-fixtures';

const loc = (unlocode: string) => ({
  unlocode,
  name: null,
  facilityCode: null,
  facilityCodeListProvider: null,
  lat: null,
  lon: null,
});

describe('status and route from the timeline', () => {
  const events = [
    timelineEvent({
      code: 'GTOT',
      classifier: 'ACT',
      eventTime: at('2026-10-01T00:00:00Z'),
      emptyIndicator: 'EMPTY',
      location: loc('CNSHA'),
    }),
    timelineEvent({ code: 'GTIN', classifier: 'ACT', eventTime: at('2026-10-02T00:00:00Z'), location: loc('CNSHA') }),
    timelineEvent({ code: 'LOAD', classifier: 'ACT', eventTime: at('2026-10-03T00:00:00Z'), location: loc('CNSHA') }),
    timelineEvent({ code: 'DEPA', classifier: 'ACT', eventTime: at('2026-10-03T06:00:00Z'), location: loc('CNSHA') }),
    timelineEvent({ code: 'ARRI', classifier: 'ACT', eventTime: at('2026-10-05T00:00:00Z'), location: loc('KRPUS') }), // a call, not a transshipment
    timelineEvent({ code: 'DISC', classifier: 'ACT', eventTime: at('2026-10-09T00:00:00Z'), location: loc('SGSIN') }),
    timelineEvent({ code: 'LOAD', classifier: 'EST', eventTime: at('2026-10-11T00:00:00Z'), location: loc('SGSIN') }),
    timelineEvent({ code: 'ARRI', classifier: 'EST', eventTime: at('2026-11-02T00:00:00Z'), location: loc('NLRTM') }),
    timelineEvent({ code: 'INSP', classifier: 'ACT', eventTime: at('2026-10-09T05:00:00Z'), location: loc('SGSIN') }),
  ];
  const route = deriveRoute(events);

  test('transshipment is a discharge and reload; a mere vessel call is not', () => {
    expect(route).toEqual({ origin: 'CNSHA', destination: 'NLRTM', transshipments: ['SGSIN'] });
  });

  test('status follows actuals only; codes that say nothing about progress keep it', () => {
    expect(deriveStatus(events, route)).toBe('at_transshipment');
    expect(deriveStatus(events.slice(0, 1), route)).toBe('empty_picked_up');
    expect(deriveStatus(events.slice(0, 4), route)).toBe('in_transit');
    expect(deriveStatus([], route)).toBe('awaiting_data');
  });

  test('carrier ETA is the estimate at the destination until the actual arrival', () => {
    expect(carrierEta(events, route)).toBe(at('2026-11-02T00:00:00Z'));
    const arrived = [
      ...events,
      timelineEvent({ code: 'ARRI', classifier: 'ACT', eventTime: at('2026-11-03T00:00:00Z'), location: loc('NLRTM') }),
    ];
    expect(arrivalTime(arrived, route)).toBe(at('2026-11-03T00:00:00Z'));
    expect(carrierEta(arrived, route)).toBeNull();
    expect(deriveStatus(arrived, route)).toBe('arrived');
  });

  test('ports ahead: transshipments not yet left, then the destination', () => {
    expect(remainingPorts(events, route)).toEqual(['SGSIN', 'NLRTM']);
  });
});

describe('merging a provider answer', () => {
  const now = at('2026-10-10T00:00:00Z');
  const estimate = timelineEvent({
    code: 'ARRI',
    classifier: 'EST',
    eventTime: at('2026-11-02T00:00:00Z'),
    location: loc('NLRTM'),
    eventCreatedAt: at('2026-10-01T00:00:00Z'),
    providerEventId: 'e1',
  });

  test('is idempotent, revises estimates in place, ignores older revisions, honours retractions', () => {
    const first = mergeTimeline([], [estimate], [], now);
    expect(first.insertedKeys).toHaveLength(1);
    expect(mergeTimeline(first.events, [estimate], [], now).changedKeys).toEqual([]);
    const revised = { ...estimate, eventTime: at('2026-11-04T00:00:00Z'), eventCreatedAt: at('2026-10-09T00:00:00Z') };
    const second = mergeTimeline(first.events, [revised], [], now);
    expect(second.updatedKeys).toHaveLength(1);
    expect(second.events[0].event.eventTime).toBe(at('2026-11-04T00:00:00Z'));
    const stale = { ...estimate, eventTime: at('2026-10-30T00:00:00Z'), eventCreatedAt: at('2026-09-01T00:00:00Z') };
    expect(mergeTimeline(second.events, [stale], [], now).events[0].event.eventTime).toBe(at('2026-11-04T00:00:00Z'));
    const retracted = mergeTimeline(second.events, [], ['e1'], now);
    expect(retracted.events[0].retracted).toBe(true);
  });

  test('an actual supersedes the estimate of the same milestone', () => {
    const actual = timelineEvent({
      code: 'ARRI',
      classifier: 'ACT',
      eventTime: at('2026-11-03T00:00:00Z'),
      location: loc('NLRTM'),
    });
    const merged = mergeTimeline(mergeTimeline([], [estimate], [], now).events, [actual], [], now);
    expect(merged.events.find((e) => e.event.classifier === 'EST')?.superseded).toBe(true);
    expect(merged.changedKeys).toHaveLength(2);
  });
});

describe('predicted ETA', () => {
  const router = new SeaRouter();
  const now = at('2026-11-22T12:00:00Z');
  const fix = (hoursAgo: number, sog: number | null, navStatus = 0): PositionFix => ({
    mmsi: '1',
    imo: null,
    lat: 35.0,
    lon: 140.5,
    sogKnots: sog,
    cogDegrees: 90,
    heading: 90,
    navStatus,
    time: now - hoursAgo * 3_600_000,
    source: 't',
  });

  test('speed is the median SOG while under way in the window', () => {
    expect(
      recentSpeed(
        [fix(1, 18), fix(2, 19), fix(3, 40), fix(4, 0.2), fix(5, 17, 1), fix(30, 10)],
        now,
        defaultEtaOptions,
      ),
    ).toEqual({ knots: 18.5, samples: 2 });
    expect(recentSpeed([fix(1, 0.1, 5)], now, defaultEtaOptions)).toBeNull();
  });

  test('distance over speed from the latest fix, with its basis; honest reasons when it cannot', () => {
    const la = { locode: 'USLAX', at: { lat: 33.73, lon: -118.26 } };
    const prediction = predictEta({ fixes: [fix(2, 18), fix(1, 18), fix(0, 18)], remainingPorts: [la], router, now });
    if (prediction.eta === null) throw new Error(prediction.reason);
    expect(prediction.basis).toMatchObject({
      speedKnots: 18,
      speedSamples: 3,
      via: ['USLAX'],
      passages: [],
      positionTime: now,
    });
    expect(Math.abs(prediction.eta - (now + (prediction.basis.remainingDistanceNm / 18) * 3_600_000))).toBeLessThan(
      60_000,
    );
    expect(predictEta({ fixes: [], remainingPorts: [la], router, now })).toEqual({ eta: null, reason: 'no_position' });
    expect(predictEta({ fixes: [fix(60, 18)], remainingPorts: [la], router, now })).toEqual({
      eta: null,
      reason: 'position_too_old',
    });
    expect(predictEta({ fixes: [fix(0, 0.1, 5)], remainingPorts: [la], router, now })).toEqual({
      eta: null,
      reason: 'no_speed',
    });
    expect(predictEta({ fixes: [fix(0, 18)], remainingPorts: [{ locode: 'XXXXX', at: null }], router, now })).toEqual({
      eta: null,
      reason: 'unknown_port_coordinates',
    });
  });

  test('avoiding Suez routes round the Cape and says so', () => {
    const ship = { ...fix(0, 16), lat: 5.0, lon: 80.0 };
    const rotterdam = [{ locode: 'NLRTM', at: { lat: 51.95, lon: 4.05 } }];
    const viaSuez = predictEta({ fixes: [ship], remainingPorts: rotterdam, router, now });
    const viaCape = predictEta({
      fixes: [ship],
      remainingPorts: rotterdam,
      router,
      now,
      options: { ...defaultEtaOptions, avoidPassages: ['suez'] },
    });
    if (viaSuez.eta === null || viaCape.eta === null) throw new Error('no eta');
    expect(viaSuez.basis.passages).toEqual(['suez']);
    expect(viaCape.basis.passages).toEqual([]);
    expect(viaCape.eta - viaSuez.eta).toBeGreaterThan(5 * 86_400_000);
  });
});
