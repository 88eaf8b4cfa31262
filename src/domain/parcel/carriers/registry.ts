import type { CarrierRatingRules } from '../handling-rules';
import type { Carrier } from '../model';
import type { ServiceDefinition } from '../service-definition';
import { fedexCarrier } from './fedex';
import type { LiveCarrierAdapter } from './live-adapter';
import { upsCarrier } from './ups';
import { uspsCarrier } from './usps';

/** One entry per carrier module: its services, rating rules, and live adapter when configured. */
export interface CarrierModule {
  carrier: Carrier;
  label: string;
  services: readonly ServiceDefinition[];
  rules: CarrierRatingRules;
  liveFromEnv(env: Record<string, string | undefined>, now?: () => number): LiveCarrierAdapter | null;
}

export const carrierRegistry: Record<Carrier, CarrierModule> = {
  usps: uspsCarrier,
  ups: upsCarrier,
  fedex: fedexCarrier,
};

export const allServices: readonly ServiceDefinition[] = Object.values(carrierRegistry).flatMap((m) => m.services);

export const serviceCodes: ReadonlySet<string> = new Set(allServices.map((s) => s.code));

/** Live adapters for the carriers whose credentials are present in `env`. */
export function liveAdaptersFromEnv(env: Record<string, string | undefined>, now?: () => number): LiveCarrierAdapter[] {
  return Object.values(carrierRegistry).flatMap((m) => m.liveFromEnv(env, now) ?? []);
}
