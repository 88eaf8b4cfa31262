import type { TimelineEvent } from '../events';

/** What a tracking subscription asks for. */
export type ReferenceType = 'container' | 'bill_of_lading' | 'booking';

export interface TrackingQuery {
  referenceType: ReferenceType;
  reference: string;
  carrierScac: string;
  /** When the subscription started (epoch ms); the sandbox anchors its voyages on it. */
  subscribedAt: number;
}

export interface CarrierEventsResult {
  events: TimelineEvent[];
  /** Publisher event ids the carrier has withdrawn (DCSA 3 `retractedEventID`). */
  retractedEventIds: string[];
}

/**
 * Why a provider call failed. `unavailable` is the provider's fault (timeout, 5xx, network) and
 * counts towards its backoff; `not_found` and `rejected` concern this one query.
 */
export type ProviderErrorKind = 'unavailable' | 'not_found' | 'rejected' | 'unauthorised';

export class ProviderError extends Error {
  constructor(
    readonly provider: string,
    readonly kind: ProviderErrorKind,
    message: string,
    readonly status: number | null = null,
  ) {
    super(`${provider}: ${message}`);
    this.name = 'ProviderError';
  }
}

/** A source of carrier milestones (DCSA Track & Trace, the sandbox…). */
export interface CarrierEventsProvider {
  /** Stable name used for backoff state and as the events' `source`, e.g. `dcsa:MAEU`. */
  readonly name: string;
  supports(query: TrackingQuery): boolean;
  fetchEvents(query: TrackingQuery): Promise<CarrierEventsResult>;
}

export interface PositionFix {
  mmsi: string;
  imo: string | null;
  lat: number;
  lon: number;
  /** Speed and course over ground; null when the transmitter says "not available". */
  sogKnots: number | null;
  cogDegrees: number | null;
  heading: number | null;
  navStatus: number | null;
  /** Epoch ms. */
  time: number;
  /** `ais:nmea`, `ais:http`, `sandbox`… */
  source: string;
}

export interface VesselIdentity {
  imo: string | null;
  mmsi: string | null;
  name: string | null;
}

/** A source of vessel positions (a stored NMEA feed, an HTTP/JSON AIS service, the sandbox). */
export interface AisPositionSource {
  readonly name: string;
  /** Positions of the vessel since `since` (epoch ms), oldest first; the last is the latest known. */
  recentPositions(vessel: VesselIdentity, since: number): Promise<PositionFix[]>;
}

/** A vessel as AIS static reports (types 5 and 24) describe it. */
export interface VesselStatic {
  mmsi: string;
  imo: string | null;
  name: string | null;
  callSign: string | null;
  shipType: number | null;
  destination: string | null;
  /** MM-DD hh:mm as transmitted (AIS ETAs have no year). */
  reportedEta: string | null;
  draught: number | null;
  source: string;
  updatedAt: number;
}
