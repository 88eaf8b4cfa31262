import { eventLocode, TimelineEvent, Vessel } from './events';

/** Where a container stands, derived from its actual events only (plans and estimates never move it). */
export const containerStatuses = [
  'awaiting_data',
  'empty_picked_up',
  'gated_in',
  'loaded',
  'in_transit',
  'at_transshipment',
  'arrived',
  'discharged',
  'available_for_pickup',
  'gated_out',
  'empty_returned',
] as const;
export type ContainerStatus = (typeof containerStatuses)[number];

/** Statuses in which the container is on or waiting for a vessel, so an AIS position means something. */
export const seaStatuses: readonly ContainerStatus[] = ['loaded', 'in_transit', 'at_transshipment'];

export function hasArrived(status: ContainerStatus): boolean {
  return containerStatuses.indexOf(status) >= containerStatuses.indexOf('arrived');
}

export interface Route {
  origin: string | null;
  destination: string | null;
  transshipments: string[];
}

const waterModes = new Set(['VESSEL', 'BARGE']);
const isWaterborne = (e: TimelineEvent) =>
  e.transportCall === null || waterModes.has(e.transportCall.modeOfTransport ?? 'VESSEL');

/** Events in the order they happen (or are expected to), ties broken by the order of a port call. */
export function chronological(events: readonly TimelineEvent[]): TimelineEvent[] {
  const rank: Record<string, number> = {
    GTOT: 0,
    PICK: 0,
    GTIN: 1,
    DROP: 1,
    ARRI: 2,
    DISC: 3,
    LOAD: 4,
    DEPA: 5,
    AVPU: 6,
  };
  return [...events].sort((a, b) => a.eventTime - b.eventTime || (rank[a.code] ?? 3) - (rank[b.code] ?? 3));
}

/**
 * Origin, destination and transshipment ports from the timeline (any classifier, so a planned
 * discharge already names the destination): the first port where the container is loaded (else the
 * vessel departs), the last where it is discharged or the vessel arrives, and in between every
 * port where it is discharged and loaded again. Ports the vessel merely calls at are not
 * transshipments: the container stays on board.
 */
export function deriveRoute(events: readonly TimelineEvent[]): Route {
  const calls = chronological(events).filter(
    (e) => ['LOAD', 'DISC', 'ARRI', 'DEPA'].includes(e.code) && isWaterborne(e) && eventLocode(e) !== null,
  );
  const loads = calls.filter((e) => e.code === 'LOAD');
  const discharges = calls.filter((e) => e.code === 'DISC');
  const first = loads[0] ?? calls.find((e) => e.code === 'DEPA');
  // Where it is last discharged or last arrives, whichever comes later (a vessel's arrival may be
  // announced before the discharge is planned).
  const last = [...calls].reverse().find((e) => e.code === 'DISC' || e.code === 'ARRI');
  const origin = first ? eventLocode(first) : null;
  const destination = last ? eventLocode(last) : null;
  const transshipments: string[] = [];
  for (const disc of discharges) {
    const locode = eventLocode(disc) as string;
    const reloaded = loads.some((l) => eventLocode(l) === locode && l.eventTime >= disc.eventTime);
    if (reloaded && locode !== origin && locode !== destination && !transshipments.includes(locode))
      transshipments.push(locode);
  }
  return { origin, destination, transshipments };
}

/** Status after each actual event, in time order; codes that say nothing about progress (INSP, CUSR…) keep the status. */
export function deriveStatus(events: readonly TimelineEvent[], route: Route): ContainerStatus {
  let status: ContainerStatus = 'awaiting_data';
  for (const event of chronological(events.filter((e) => e.classifier === 'ACT'))) {
    status = nextStatus(status, event, route);
  }
  return status;
}

function nextStatus(current: ContainerStatus, event: TimelineEvent, route: Route): ContainerStatus {
  const locode = eventLocode(event);
  const atDestination = locode !== null && locode === route.destination;
  const afterArrival = hasArrived(current);
  switch (event.code) {
    case 'GTOT':
    case 'PICK':
      if (event.emptyIndicator === 'EMPTY') return afterArrival ? current : 'empty_picked_up';
      return afterArrival || atDestination ? 'gated_out' : current;
    case 'GTIN':
    case 'DROP':
      if (event.emptyIndicator === 'EMPTY') return afterArrival ? 'empty_returned' : current;
      return afterArrival ? current : 'gated_in';
    case 'LOAD':
      if (!isWaterborne(event)) return current;
      return locode !== null && route.transshipments.includes(locode) ? 'at_transshipment' : 'loaded';
    case 'DEPA':
      return isWaterborne(event) && !afterArrival ? 'in_transit' : current;
    case 'ARRI':
      if (!isWaterborne(event) || afterArrival) return current;
      return atDestination ? 'arrived' : 'at_transshipment';
    case 'DISC':
      if (!isWaterborne(event)) return current;
      if (atDestination) return 'discharged';
      return afterArrival ? current : 'at_transshipment';
    case 'AVPU':
      return 'available_for_pickup';
    default:
      return current;
  }
}

/** When the container reached its destination port: the vessel's actual arrival there, else the actual discharge. */
export function arrivalTime(events: readonly TimelineEvent[], route: Route): number | null {
  if (!route.destination) return null;
  const atDestination = events.filter((e) => e.classifier === 'ACT' && eventLocode(e) === route.destination);
  const arri = atDestination.find((e) => e.code === 'ARRI');
  const disc = atDestination.find((e) => e.code === 'DISC');
  return arri?.eventTime ?? disc?.eventTime ?? null;
}

/**
 * The carrier's expected arrival at the destination: the latest-published estimate (else plan) of
 * the vessel's arrival there, else of the discharge. Null once there is nothing left to expect.
 */
export function carrierEta(events: readonly TimelineEvent[], route: Route): number | null {
  if (!route.destination || arrivalTime(events, route) !== null) return null;
  const candidates = events.filter((e) => e.classifier !== 'ACT' && eventLocode(e) === route.destination);
  for (const code of ['ARRI', 'DISC']) {
    for (const classifier of ['EST', 'PLN']) {
      const matching = candidates
        .filter((e) => e.code === code && e.classifier === classifier)
        .sort((a, b) => (b.eventCreatedAt ?? 0) - (a.eventCreatedAt ?? 0) || b.eventTime - a.eventTime);
      if (matching.length > 0) return matching[0].eventTime;
    }
  }
  return null;
}

/**
 * The vessel carrying (or next to carry) the container: the vessel of the latest actual vessel
 * event, else the first planned loading.
 */
export function currentVessel(events: readonly TimelineEvent[]): { vessel: Vessel; voyage: string | null } | null {
  const withVessel = chronological(events).filter((e) => e.transportCall?.vessel?.imo || e.transportCall?.vessel?.name);
  const actual = withVessel.filter((e) => e.classifier === 'ACT');
  const chosen =
    actual.length > 0 ? actual[actual.length - 1] : withVessel.find((e) => e.code === 'LOAD' || e.code === 'DEPA');
  if (!chosen?.transportCall?.vessel) return null;
  const call = chosen.transportCall;
  return { vessel: call.vessel as Vessel, voyage: call.exportVoyage ?? call.importVoyage };
}

/**
 * Ports still ahead of the vessel, in order: transshipments not yet departed, then the destination.
 * Used to measure the remaining sea route.
 */
export function remainingPorts(events: readonly TimelineEvent[], route: Route): string[] {
  if (!route.destination) return [];
  const departed = new Set(
    events
      .filter((e) => e.classifier === 'ACT' && (e.code === 'DEPA' || e.code === 'LOAD') && isWaterborne(e))
      .map((e) => eventLocode(e))
      .filter((l): l is string => l !== null),
  );
  const ahead = route.transshipments.filter((port) => !departed.has(port));
  return [...ahead, route.destination];
}
