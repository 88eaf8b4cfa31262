import type { CarrierRatingRules } from '../handling-rules';
import type { Carrier } from '../model';
import type { ServiceDefinition } from '../service-definition';
import type { ConfiguredCredentials, LiveCarrierAdapter } from './live-adapter';

/** A carrier's registration: its services, rating rules, and live adapter when configured (Karrio's plugin metadata). */
export interface CarrierModule {
  carrier: Carrier;
  label: string;
  services: readonly ServiceDefinition[];
  rules: CarrierRatingRules;
  /** The live adapter when the carrier's configured credentials are enough for it; null otherwise. */
  liveFrom(configured: ConfiguredCredentials | undefined, now?: () => number): LiveCarrierAdapter | null;
}

export function defineCarrier<S>(
  definition: Omit<CarrierModule, 'liveFrom'> & {
    settingsFrom(configured: ConfiguredCredentials | undefined): S | null;
    createLiveAdapter(settings: S, now?: () => number): LiveCarrierAdapter;
  },
): CarrierModule {
  const { settingsFrom, createLiveAdapter, ...module } = definition;
  return {
    ...module,
    liveFrom(configured, now) {
      const settings = settingsFrom(configured);
      return settings ? createLiveAdapter(settings, now) : null;
    },
  };
}
