import type { ContainerStatus } from '../../timeline';
import type { SandboxService } from './sandbox-network';
import type { Sailing, SandboxVoyages } from './sandbox-voyage';

const hour = 3_600_000;
const day = 24 * hour;

/** What a sample container shows once the refresh job has read it, right after it is subscribed. */
export type SampleOutcome =
  Exclude<ContainerStatus, 'awaiting_data' | 'loaded' | 'at_transshipment' | 'arrived'> | 'not_found';

export interface SandboxSample {
  containerNumber: string;
  outcome: SampleOutcome;
}

/**
 * Test mode's sample containers (valid ISO 6346 numbers, Maersk's MSKU prefix): subscribed with a
 * test key they are free, and the sandbox puts each at its own stage of a voyage at the moment of
 * subscribing; from there the clock walks it on through the later statuses as a real box would.
 * docs/tracking.md, docs/access.md, the spec and the quickstart name them.
 */
export const sandboxSamples: readonly SandboxSample[] = [
  { containerNumber: 'MSKU0001018', outcome: 'empty_picked_up' },
  { containerNumber: 'MSKU0001023', outcome: 'gated_in' },
  { containerNumber: 'MSKU0001039', outcome: 'in_transit' },
  { containerNumber: 'MSKU0001044', outcome: 'discharged' },
  { containerNumber: 'MSKU0001050', outcome: 'available_for_pickup' },
  { containerNumber: 'MSKU0001065', outcome: 'gated_out' },
  { containerNumber: 'MSKU0001070', outcome: 'empty_returned' },
  { containerNumber: 'MSKU0001086', outcome: 'not_found' },
];

const byNumber = new Map(sandboxSamples.map((sample) => [sample.containerNumber, sample]));

/** The sample with this (normalised) container number, if it is one. */
export function sandboxSample(containerNumber: string): SandboxSample | undefined {
  return byNumber.get(containerNumber);
}

/** The container's own moves (the vessel's calls fix loading and discharge). */
export type EquipmentMove = 'emptyOut' | 'gateIn' | 'available' | 'gateOut' | 'emptyIn';

export interface SamplePlan {
  sailing: Sailing;
  from: number;
  to: number;
  /** Times (epoch ms) that replace the sandbox's usual spacing of the container's moves. */
  moves: Partial<Record<EquipmentMove, number>>;
}

/** After the discharge, the container's moves at the destination for each later outcome, relative to subscribing. */
const afterDischarge: Record<
  'discharged' | 'available_for_pickup' | 'gated_out' | 'empty_returned',
  Partial<Record<EquipmentMove, number>>
> = {
  discharged: { available: day, gateOut: 3 * day, emptyIn: 6 * day },
  available_for_pickup: { available: -2 * hour, gateOut: 2 * day, emptyIn: 5 * day },
  gated_out: { available: -2 * day, gateOut: -3 * hour, emptyIn: 4 * day },
  empty_returned: { available: -6 * day, gateOut: -4 * day, emptyIn: -hour },
};

/** Sailings of the services, newest first, among those that left their first port by `time` (and the next one). */
function* recentSailings(
  voyages: SandboxVoyages,
  services: readonly SandboxService[],
  time: number,
): Generator<Sailing> {
  for (const service of services) {
    const next = voyages.departureIndexAfter(service, time);
    for (let index = next; index >= Math.max(0, next - 12); index--) yield voyages.sailing(service, index);
  }
}

/**
 * Where a sample container stands at `subscribedAt`: the sailing, its ports of loading and
 * discharge, and the container's own moves, chosen so that its actual events then give the
 * sample's status. `services` are tried in order (the carrier's own first).
 */
export function planSample(
  sample: SandboxSample,
  voyages: SandboxVoyages,
  services: readonly SandboxService[],
  subscribedAt: number,
): SamplePlan {
  const t = subscribedAt;
  const last = (sailing: Sailing) => sailing.calls.length - 1;
  const shifted = (moves: Partial<Record<EquipmentMove, number>>) =>
    Object.fromEntries(Object.entries(moves).map(([move, offset]) => [move, t + offset]));
  switch (sample.outcome) {
    case 'empty_picked_up': {
      const sailing = voyages.sailingAfter(services[0], t + 4 * day);
      return { sailing, from: 0, to: last(sailing), moves: { emptyOut: t - 2 * hour } };
    }
    case 'gated_in': {
      const sailing = voyages.sailingAfter(services[0], t + 2 * day);
      return { sailing, from: 0, to: last(sailing), moves: { emptyOut: t - 2 * day, gateIn: t - 2 * hour } };
    }
    case 'in_transit':
      // A vessel at sea, sailed at least 6 hours ago and two days or more from its next port.
      for (const sailing of recentSailings(voyages, services, t)) {
        const from = sailing.calls.findIndex(
          (call, i) => i < last(sailing) && call.depart <= t - 6 * hour && sailing.calls[i + 1].arrive >= t + 2 * day,
        );
        if (from >= 0) return { sailing, from, to: last(sailing), moves: {} };
      }
      break;
    case 'not_found':
      break;
    default: {
      const moves = afterDischarge[sample.outcome];
      // Discharged (8 hours after arriving) before the first of the later moves.
      const lead = Math.min(0, ...Object.values(moves)) - hour;
      for (const sailing of recentSailings(voyages, services, t)) {
        if (sailing.calls[last(sailing)].arrive + 8 * hour <= t + lead)
          return { sailing, from: 0, to: last(sailing), moves: shifted(moves) };
      }
    }
  }
  throw new Error(`no sandbox voyage puts ${sample.containerNumber} at ${sample.outcome}`);
}
