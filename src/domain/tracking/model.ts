import type { CarrierSource } from './carriers';
import type { EtaBasis } from './eta';
import type { TimelineEvent } from './events';
import type { ReferenceType } from './providers/provider-types';
import type { ContainerStatus, Route } from './timeline';

export type SubscriptionStatus = 'active' | 'stopped' | 'completed' | 'failed';

export interface TrackingSubscription {
  id: string;
  accountId: string;
  livemode: boolean;
  referenceType: ReferenceType;
  reference: string;
  carrierScac: string;
  carrierSource: CarrierSource;
  status: SubscriptionStatus;
  failureReason: string | null;
  creditEntryId: string | null;
  /** The account's own shipment whose container this tracks, when the caller linked one. */
  shipmentId: string | null;
  createdAt: number;
  updatedAt: number;
  stoppedAt: number | null;
  lastAttemptAt: number | null;
  lastSuccessAt: number | null;
  lastError: string | null;
}

export interface ContainerPosition {
  lat: number;
  lon: number;
  sogKnots: number | null;
  cogDegrees: number | null;
  time: number;
  source: string;
}

export interface ContainerVessel {
  name: string | null;
  imo: string | null;
  mmsi: string | null;
}

/** What we know about one container, as last refreshed; the API answers from this. */
export interface ContainerSnapshot {
  id: string;
  subscriptionId: string;
  containerNumber: string;
  isoEquipmentCode: string | null;
  status: ContainerStatus;
  carrierScac: string;
  route: Route;
  vessel: ContainerVessel | null;
  voyage: string | null;
  position: ContainerPosition | null;
  carrierEta: number | null;
  predictedEta: number | null;
  predictedEtaBasis: EtaBasis | null;
  arrivedAt: number | null;
  /** Last successful carrier refresh; its age is how old the timeline may be. */
  carrierDataAt: number | null;
  positionDataAt: number | null;
  stale: boolean;
  staleReason: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface StoredTimelineEvent {
  key: string;
  event: TimelineEvent;
  superseded: boolean;
  retracted: boolean;
  firstSeenAt: number;
}
