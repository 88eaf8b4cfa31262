import type { operations } from '../generated/hosts/main';
import { accountHandlers } from '../handlers/accounts.handler';
import { loadPlanHandler } from '../handlers/load-plan.handler';
import { parcelQuoteHandler } from '../handlers/parcel.handler';
import { metricsHandler } from '../handlers/metrics.handler';
import { serviceHandlers } from '../handlers/service.handler';
import { tariffCalculationHandlers } from '../handlers/tariff.handler';
import { trackingHandlers } from '../handlers/tracking.handler';
import type { HostHandlers } from '../http/operation';
import type { AppDependencies } from './app-dependencies';
import type { HostDocument } from '../http/host-document';

/** The main API host: calculate in form B, the public freight tools (load plans, parcel quotes, container tracking), sign-up. */
export function mainHostHandlers(deps: AppDependencies, document: HostDocument): HostHandlers<operations> {
  const { signUp } = accountHandlers(deps.access);
  return {
    ...serviceHandlers(document, deps.readiness, deps.config),
    getMetrics: metricsHandler(deps.metrics),
    calculateTariff: tariffCalculationHandlers(deps.tariff, deps.access.entitlements).formB,
    quoteParcels: parcelQuoteHandler(deps.parcel),
    signUp,
    createLoadPlan: loadPlanHandler(deps.loadPlanner),
    ...trackingHandlers(deps.tracking),
  };
}
