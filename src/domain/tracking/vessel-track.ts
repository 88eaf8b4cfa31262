import type { containerResource } from './container-resource';
import type { AisPositionSource } from './providers/provider-types';
import { seaStatuses } from './timeline';

export type ContainerResource = ReturnType<typeof containerResource>;

export interface TrackPoint {
  lat: number;
  lon: number;
  time: number;
}

/** Longest voyage leg drawn; older fixes are no part of this sailing. */
const maxVoyageMs = 60 * 86_400_000;

/**
 * The vessel's AIS track since it sailed with the container (the latest actual load or departure),
 * while the container is on board, thinned evenly to at most `maxPoints` (the latest fix kept).
 * Read from `source` only, which never calls an upstream (TrackingProviders.trackFor).
 */
export async function vesselTrack(
  source: AisPositionSource | null,
  container: ContainerResource,
  now: number,
  maxPoints = 400,
): Promise<TrackPoint[]> {
  if (!source || !container.vessel || !seaStatuses.includes(container.status)) return [];
  const sailed = container.events
    .filter((e) => e.event_classifier_code === 'ACT' && (e.event_type_code === 'LOAD' || e.event_type_code === 'DEPA'))
    .map((e) => Date.parse(e.event_time))
    .reduce((latest, time) => Math.max(latest, time), Number.NEGATIVE_INFINITY);
  const since = Math.max(Number.isFinite(sailed) ? sailed : now, now - maxVoyageMs);
  const { imo, mmsi, name } = container.vessel;
  const fixes = (await source.recentPositions({ imo, mmsi: mmsi ?? null, name }, since)).sort(
    (a, b) => a.time - b.time,
  );
  const every = Math.max(1, Math.ceil(fixes.length / maxPoints));
  return fixes
    .filter((_, i) => i % every === 0 || i === fixes.length - 1)
    .map((f) => ({ lat: f.lat, lon: f.lon, time: f.time }));
}
