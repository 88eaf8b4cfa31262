import type { CarrierRatingRules } from '../handling-rules';
import type { Carrier } from '../model';
import type { ServiceDefinition } from '../service-definition';
import type { LiveCarrierAdapter } from './live-adapter';

/** A carrier's registration: its services, rating rules, and live adapter when configured (Karrio's plugin metadata). */
export interface CarrierModule {
  carrier: Carrier;
  label: string;
  services: readonly ServiceDefinition[];
  rules: CarrierRatingRules;
  liveFromEnv(env: Record<string, string | undefined>, now?: () => number): LiveCarrierAdapter | null;
}

export function defineCarrier<S>(definition: Omit<CarrierModule, 'liveFromEnv'> & {
  settingsFromEnv(env: Record<string, string | undefined>): S | null;
  createLiveAdapter(settings: S, now?: () => number): LiveCarrierAdapter;
}): CarrierModule {
  const { settingsFromEnv, createLiveAdapter, ...module } = definition;
  return {
    ...module,
    liveFromEnv(env, now) {
      const settings = settingsFromEnv(env);
      return settings ? createLiveAdapter(settings, now) : null;
    },
  };
}
