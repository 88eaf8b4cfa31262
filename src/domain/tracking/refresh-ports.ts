import type { ProviderHealth } from './backoff';
import type { PortView } from './container-resource';
import type { ContainerSnapshot, StoredTimelineEvent, TrackingSubscription } from './model';
import type { AisPositionSource, CarrierEventsProvider, PositionFix } from './providers/provider-types';
import type { OutboxEvent } from '../shared';

/** Everything the refresh writes for one subscription, saved in one transaction. */
export interface RefreshWrite {
  subscription: TrackingSubscription;
  containers: Array<{ snapshot: ContainerSnapshot; isNew: boolean; events: StoredTimelineEvent[] }>;
  outbox: OutboxEvent[];
}

export interface ContainerState {
  snapshot: ContainerSnapshot;
  timeline: StoredTimelineEvent[];
}

/** How a partner's status message names what it is about (EDI 315 N9, IFTSTA EQD/RFF). */
export interface PartnerEventReferences {
  containerNumber: string | null;
  billOfLading: string | null;
  booking: string | null;
}

export interface TrackingRefreshStore {
  /** Active subscriptions not attempted since `attemptedBefore`, least recently attempted first. */
  listDueSubscriptions(attemptedBefore: number, limit: number): Promise<TrackingSubscription[]>;
  loadContainers(subscriptionId: string): Promise<ContainerState[]>;
  saveRefresh(write: RefreshWrite): Promise<void>;
  /**
   * The account's subscription (in its mode) that tracks the container number, else the one of the
   * bill of lading, else of the booking; an active one before a finished one.
   */
  findSubscriptionFor(
    accountId: string,
    livemode: boolean,
    references: PartnerEventReferences,
  ): Promise<TrackingSubscription | null>;
}

export interface ProviderHealthStore {
  get(provider: string): Promise<ProviderHealth | null>;
  save(health: ProviderHealth): Promise<void>;
}

/** Positions we keep ourselves, so speed can be averaged even when a source only gives the latest fix. */
export interface PositionHistoryStore {
  saveFixes(fixes: readonly PositionFix[], receivedAt: number): Promise<void>;
}

export interface PortDirectory {
  findMany(locodes: readonly string[]): Promise<Map<string, PortView>>;
}

/** Which providers serve a subscription: test mode gets the sandbox, live mode the configured upstreams. */
export interface TrackingProviders {
  carrierFor(subscription: TrackingSubscription): CarrierEventsProvider | null;
  aisFor(livemode: boolean): readonly AisPositionSource[];
}
