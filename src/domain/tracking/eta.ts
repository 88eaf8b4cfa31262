import type { LatLon } from './geo';
import type { PositionFix } from './providers/provider-types';
import type { Passage } from './sea-route/network';
import type { SeaRouter } from './sea-route/sea-router';

export interface EtaBasis {
  method: 'sea_route_distance_over_recent_sog';
  remainingDistanceNm: number;
  speedKnots: number;
  speedSamples: number;
  speedWindowHours: number;
  /** Time of the position the distance is measured from. */
  positionTime: number;
  /** Ports still to call at, in order, the last being the destination (UN/LOCODEs). */
  via: string[];
  passages: Passage[];
  /** Hours added for each intermediate port call (transshipment) still ahead. */
  portCallAllowanceHours: number;
  computedAt: number;
}

export type EtaUnavailableReason =
  'not_at_sea' | 'no_position' | 'position_too_old' | 'no_speed' | 'unknown_port_coordinates' | 'no_sea_route';

export type EtaPrediction = { eta: number; basis: EtaBasis } | { eta: null; reason: EtaUnavailableReason };

export interface EtaOptions {
  /** Window over which speed over ground is averaged. */
  speedWindowHours: number;
  /** Speeds below this are port manoeuvres or drifting, not passage speed. */
  minUnderwayKnots: number;
  /** Plausibility cap: a container ship does not make more than this. */
  maxKnots: number;
  /** A position older than this cannot locate the ship. */
  maxPositionAgeHours: number;
  portCallAllowanceHours: number;
  /** Canals to route around (carriers diverting round the Cape while the Red Sea is unsafe). */
  avoidPassages: readonly Passage[];
}

export const defaultEtaOptions: EtaOptions = {
  speedWindowHours: 24,
  minUnderwayKnots: 3,
  maxKnots: 30,
  maxPositionAgeHours: 48,
  portCallAllowanceHours: 24,
  avoidPassages: [],
};

const anchoredOrMoored = new Set([1, 5]);

/**
 * Recent passage speed: the median speed over ground of the fixes in the window while under way
 * (median, because single AIS reports can be wild). Null when the ship has not been under way.
 */
export function recentSpeed(
  fixes: readonly PositionFix[],
  now: number,
  options: EtaOptions,
): { knots: number; samples: number } | null {
  const since = now - options.speedWindowHours * 3_600_000;
  const speeds = fixes
    .filter((f) => f.time >= since && f.time <= now && f.sogKnots !== null)
    .filter((f) => !anchoredOrMoored.has(f.navStatus ?? -1))
    .map((f) => f.sogKnots as number)
    .filter((s) => s >= options.minUnderwayKnots && s <= options.maxKnots)
    .sort((a, b) => a - b);
  if (speeds.length === 0) return null;
  const mid = speeds.length >> 1;
  const median = speeds.length % 2 === 1 ? speeds[mid] : (speeds[mid - 1] + speeds[mid]) / 2;
  return { knots: Math.round(median * 10) / 10, samples: speeds.length };
}

/**
 * Our predicted arrival: the remaining sea-route distance from the latest position through the
 * ports still ahead, divided by the recent speed over ground, plus an allowance per intermediate
 * port call. Every input is returned as the basis, so a user can see why the date is what it is.
 */
export function predictEta(input: {
  fixes: readonly PositionFix[];
  remainingPorts: ReadonlyArray<{ locode: string; at: LatLon | null }>;
  router: SeaRouter;
  now: number;
  options?: EtaOptions;
}): EtaPrediction {
  const options = input.options ?? defaultEtaOptions;
  if (input.remainingPorts.length === 0) return { eta: null, reason: 'not_at_sea' };
  const latest = [...input.fixes].filter((f) => f.time <= input.now).sort((a, b) => b.time - a.time)[0];
  if (!latest) return { eta: null, reason: 'no_position' };
  if (input.now - latest.time > options.maxPositionAgeHours * 3_600_000)
    return { eta: null, reason: 'position_too_old' };
  const speed = recentSpeed(input.fixes, input.now, options);
  if (!speed) return { eta: null, reason: 'no_speed' };
  if (input.remainingPorts.some((p) => p.at === null)) return { eta: null, reason: 'unknown_port_coordinates' };

  let from: LatLon = { lat: latest.lat, lon: latest.lon };
  let distance = 0;
  const passages: Passage[] = [];
  for (const port of input.remainingPorts) {
    const leg = input.router.route(from, port.at as LatLon, { avoid: options.avoidPassages });
    if (!leg) return { eta: null, reason: 'no_sea_route' };
    distance += leg.distanceNm;
    for (const p of leg.passages) if (!passages.includes(p)) passages.push(p);
    from = port.at as LatLon;
  }
  const portCalls = input.remainingPorts.length - 1;
  const hours = distance / speed.knots + portCalls * options.portCallAllowanceHours;
  // Measured from the fix, not from now: the ship has moved on since, at about that speed.
  const eta = Math.round(latest.time + hours * 3_600_000);
  return {
    eta,
    basis: {
      method: 'sea_route_distance_over_recent_sog',
      remainingDistanceNm: Math.round(distance * 10) / 10,
      speedKnots: speed.knots,
      speedSamples: speed.samples,
      speedWindowHours: options.speedWindowHours,
      positionTime: latest.time,
      via: input.remainingPorts.map((p) => p.locode),
      passages,
      portCallAllowanceHours: options.portCallAllowanceHours,
      computedAt: input.now,
    },
  };
}
