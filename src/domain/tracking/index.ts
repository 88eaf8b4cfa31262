/** The tracking capability's public surface: code outside src/domain/tracking imports it from here. */
export type { ProviderHealth } from './backoff';
export { carrierByCode, type CarrierSource } from './carriers';
export { checkContainerNumber, normaliseContainerNumber } from './container-number';
export type { PortView } from './container-resource';
export {
  type CreditBalanceSummary,
  type CreditLedger,
  type LedgerEntry,
  type LedgerEntryKind,
  type NewLedgerEntry,
  TrackingCreditService,
} from './credit.service';
export { creditPlanFor, discountPercent, trackingCreditPricing } from './credits';
export { DuplicateSubscriptionError, InsufficientCreditsError, TrackingInputError } from './errors';
export { defaultEtaOptions, type EtaBasis } from './eta';
export type { TimelineEvent } from './events';
export { greatCircleNm } from './geo';
export type { ContainerSnapshot, StoredTimelineEvent, SubscriptionStatus, TrackingSubscription } from './model';
export { withFallbackPorts } from './port-directory';
export { NmeaTcpFeed } from './providers/ais/ais-ingest';
export type { PositionFix, ReferenceType, VesselIdentity, VesselStatic } from './providers/provider-types';
export { trackingProviders } from './providers/registry';
export { sandboxPorts } from './providers/sandbox/sandbox-network';
export { sandboxSample, sandboxSamples } from './providers/sandbox/sandbox-samples';
export type {
  ContainerState,
  PartnerEventReferences,
  PortDirectory,
  PositionHistoryStore,
  ProviderHealthStore,
  RefreshWrite,
  TrackingRefreshStore,
} from './refresh-ports';
export { type BatchReport, TrackingRefreshService } from './refresh.service';
export { SeaRouter } from './sea-route/sea-router';
export {
  billingOf,
  type ContainerSummary,
  resolveReference,
  type SubscriptionReader,
  type SubscriptionWithContainers,
  type TrackedContainer,
  TrackingSubscriptionService,
  type TrackingUnitOfWork,
  type TrackingWriteContext,
} from './subscription.service';
export type { ContainerStatus } from './timeline';
export { type ContainerResource, type TrackPoint, vesselTrack } from './vessel-track';
