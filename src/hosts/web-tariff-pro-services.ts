import { createAccountAlert, deleteAccountAlert, htsLineHistory, listTariffAlerts } from '../domain/hts';
import { bulkReportDetailDefault, resultsTable, simulateDuty, type DutyEngineDependencies } from '../domain/tariff';
import { writeTable } from '../domain/shared';
import { bulkJobReportPdf } from '../handlers/bulk-jobs.handler';
import { toApiHtsLineHistory } from '../handlers/outputs/hts.output';
import { toStoredCalculation, toTariffSimulation } from '../handlers/outputs/tariff.output';
import { storedCalculationPdf } from '../handlers/tariff.handler';
import type { WebTariffProServices } from '../web/web-context';
import type { AppDependencies } from './app-dependencies';
import { bulkJobEngine, createBulkJobService } from './bulk-job-services';

/**
 * The Tariff Pro pages' services: the bulk job service, stored calculations, alerts and history the
 * tariff host's handlers call, joined here with the handlers' readers and mappers (web/ may not import handlers/).
 */
export function webTariffProServices(
  deps: AppDependencies,
  engineOn: (today: string) => DutyEngineDependencies,
): WebTariffProServices {
  const { tariff } = deps;
  const bulkJobs = createBulkJobService(deps.db.knex, deps.clock, deps.jobs);
  const bulkEngine = bulkJobEngine(tariff);
  const { releases, alerts } = tariff.hts.stores;
  return {
    async simulate(product, scenarios, today) {
      return toTariffSimulation(await simulateDuty(product, scenarios, engineOn(today)), product.htsCode);
    },
    bulkJobs,
    async startBulkJob(scope, file, kind) {
      const { source, rows } = await deps.bulkFiles.readFile(file, kind);
      return bulkJobs.create(scope, kind, source, rows);
    },
    bulkResults: (job, format) => writeTable(resultsTable(job, bulkJobs.linesInOrder(job.id)), format),
    bulkReport: (job) => bulkJobReportPdf(bulkJobs, bulkEngine, deps.pdfs, job, bulkReportDetailDefault),
    uploadTempDir: deps.config.uploadTempDir,
    async calculations(scope, limit, cursor) {
      const page = await tariff.calculations.page(scope.accountId, scope.livemode, limit, cursor);
      return { ...page, data: page.data.map(toStoredCalculation) };
    },
    async calculationPdf(scope, id) {
      const { stored, pdf } = await storedCalculationPdf(tariff, deps.pdfs, scope, id);
      return { id: stored.id, pdf };
    },
    alerts: {
      list: (scope, limit, cursor) =>
        listTariffAlerts(alerts, scope.accountId, scope.livemode, { limit, cursor: cursor ?? undefined }),
      create: (scope, input) => createAccountAlert(alerts, deps.clock.now().getTime(), scope, input),
      delete: (scope, id) => deleteAccountAlert(alerts, scope, id),
    },
    async history(code) {
      const found = await htsLineHistory(releases, code);
      return found.found
        ? { found: true, history: toApiHtsLineHistory(found.entries) }
        : { found: false, message: found.message };
    },
  };
}
