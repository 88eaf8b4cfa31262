import type { TrackingSubscription } from '../model';
import type { TrackingProviders } from '../refresh-ports';
import type { SeaRouter } from '../sea-route/sea-router';
import { AisHubPositionSource, AisHubSettings } from './ais/aishub-source';
import { StoredAisPositionSource, StoredPositions } from './ais/stored-position-source';
import { DcsaCarrierEventsProvider } from './dcsa/dcsa-provider';
import type { DcsaSettings } from './dcsa/settings';
import type { AisPositionSource, CarrierEventsProvider } from './provider-types';
import { SandboxAisSource, SandboxCarrierProvider } from './sandbox/sandbox-provider';
import { SandboxVoyages } from './sandbox/sandbox-voyage';

/**
 * Which upstream serves which subscription. Test mode (tl_test_ keys) always gets the sandbox and
 * never reaches a live upstream; live mode gets the carrier's DCSA endpoint and the AIS sources
 * configured, stored positions (NMEA feed) first, then AISHub.
 */
export function trackingProviders(options: {
  dcsa: readonly DcsaSettings[];
  aishub: AisHubSettings | null;
  storedPositions: StoredPositions | null;
  router: SeaRouter;
  clock: () => number;
}): TrackingProviders & {
  live: { carriers: CarrierEventsProvider[]; ais: AisPositionSource[] };
  /**
   * Where a vessel's past track is read for a page: positions held here, never an upstream call
   * (live: what the feeds stored; test: the sandbox's computed voyage). Null without a stored feed.
   */
  trackFor(livemode: boolean): AisPositionSource | null;
} {
  const carriers = options.dcsa.map((settings) => new DcsaCarrierEventsProvider(settings, options.clock));
  const ais: AisPositionSource[] = [];
  const stored = options.storedPositions ? new StoredAisPositionSource(options.storedPositions) : null;
  if (stored) ais.push(stored);
  if (options.aishub) ais.push(new AisHubPositionSource(options.aishub, options.clock));
  const voyages = new SandboxVoyages(options.router);
  const sandbox = new SandboxCarrierProvider(voyages, options.clock);
  const sandboxAis = [new SandboxAisSource(voyages, options.clock)];
  return {
    live: { carriers, ais },
    carrierFor(subscription: TrackingSubscription) {
      if (!subscription.livemode) return sandbox;
      const query = {
        referenceType: subscription.referenceType,
        reference: subscription.reference,
        carrierScac: subscription.carrierScac,
        subscribedAt: subscription.createdAt,
      };
      return carriers.find((c) => c.supports(query)) ?? null;
    },
    aisFor(livemode: boolean) {
      return livemode ? ais : sandboxAis;
    },
    trackFor(livemode: boolean) {
      return livemode ? stored : sandboxAis[0];
    },
  };
}
