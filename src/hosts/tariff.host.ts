import type { operations } from '../generated/hosts/tariff';
import { htsHandlers } from '../handlers/hts.handler';
import { bulkJobHandlers } from '../handlers/bulk-jobs.handler';
import { metricsHandler } from '../handlers/metrics.handler';
import { serviceHandlers } from '../handlers/service.handler';
import {
  htsSearchHandler,
  ieepaRefundsHandler,
  simulationHandler,
  storedCalculationHandlers,
  tariffCalculationHandlers,
} from '../handlers/tariff.handler';
import type { HostHandlers } from '../http/operation';
import type { AppDependencies } from './app-dependencies';
import type { HostDocument } from '../http/host-document';
import { bulkJobEngine, createBulkJobService } from './bulk-job-services';

/** The tariff service host: calculate in form A, AI HTS search, HTS data and the Pro tariff tools. */
export function tariffHostHandlers(deps: AppDependencies, document: HostDocument): HostHandlers<operations> {
  return {
    ...serviceHandlers(document, deps.readiness, deps.config),
    getMetrics: metricsHandler(deps.metrics),
    calculateTariff: tariffCalculationHandlers(deps.tariff, deps.access.entitlements).formA,
    ...storedCalculationHandlers(deps.tariff, deps.pdfs),
    searchHtsCodes: htsSearchHandler(deps.tariff),
    estimateIeepaRefunds: ieepaRefundsHandler(deps.tariff),
    simulateTariff: simulationHandler(deps.tariff),
    ...htsHandlers(deps.tariff, deps.jobs),
    ...bulkJobHandlers(
      createBulkJobService(deps.db.knex, deps.clock, deps.jobs),
      deps.bulkFiles,
      bulkJobEngine(deps.tariff),
      deps.pdfs,
    ),
  };
}
