import type { operations } from '../generated/hosts/main';
import { serviceHandlers } from '../handlers/service.handler';
import { calculateTariffFormB } from '../handlers/tariff.handler';
import type { HostHandlers } from '../http/operation';
import type { AppDependencies } from './app-dependencies';
import type { HostDocument } from './host-document';

/** The main API host: calculate in form B, the public freight tools, sign-up. */
export function mainHostHandlers(deps: AppDependencies, document: HostDocument): HostHandlers<operations> {
  return {
    ...serviceHandlers(document, deps.readiness),
    calculateTariff: calculateTariffFormB,
  };
}
