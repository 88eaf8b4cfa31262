import type { Carrier } from '../model';
import type { ServiceDefinition } from '../service-definition';
import type { CarrierModule } from './carrier-module';
import { fedexCarrier } from './fedex';
import type { ConfiguredCredentials, LiveCarrierAdapter } from './live-adapter';
import { upsCarrier } from './ups';
import { uspsCarrier } from './usps';

export type { CarrierModule };

export const carrierRegistry: Record<Carrier, CarrierModule> = {
  usps: uspsCarrier,
  ups: upsCarrier,
  fedex: fedexCarrier,
};

export const allServices: readonly ServiceDefinition[] = Object.values(carrierRegistry).flatMap((m) => m.services);

export const serviceCodes: ReadonlySet<string> = new Set(allServices.map((s) => s.code));

/** Live adapters for the carriers whose configured credentials are enough for them. */
export function liveAdapters(
  configured: Partial<Record<Carrier, ConfiguredCredentials>>,
  now?: () => number,
): LiveCarrierAdapter[] {
  return Object.values(carrierRegistry).flatMap((m) => m.liveFrom(configured[m.carrier], now) ?? []);
}
