import type { operations } from '../generated/hosts/tariff';
import type { TariffServices } from './services';
import { htsRefreshJobName } from '../jobs/hts-refresh.job';
import type { JobQueue } from '../jobs/job-queue';
import type { OperationHandler } from '../http/operation';
import { htsNotReady } from '../http/problem';
import { accountModeOf } from '../http/caller-scope';
import {
  rateHistoryTable,
  tariffAlertsTable,
  toApiHtsChangeSet,
  toApiHtsLine,
  toApiHtsLineHistory,
  toApiQueuedJob,
  toApiTariffAlert,
} from './outputs/hts.output';
import { listTableFormatOf, tableFileResponse, tableFormatOf } from './inputs/table-format';
import { listResponse } from './outputs/list';
import {
  createAccountAlert,
  deleteAccountAlert,
  findHtsLine,
  htsChangeView,
  htsLineHistory,
  HtsLookupFailure,
  type HtsReleaseStore,
  listHtsChanges,
  listHtsChangeSets,
  listTariffAlerts,
} from '../domain/hts';
import { allPages, DomainError, isCalendarDate } from '../domain/shared';

type Handlers = {
  [
    K in
      | 'getHtsLine'
      | 'getHtsLineHistory'
      | 'listHtsChangeSets'
      | 'listHtsLineChanges'
      | 'createTariffAlert'
      | 'listTariffAlerts'
      | 'deleteTariffAlert'
      | 'refreshHtsNow'
  ]: OperationHandler<operations[K]>;
};

const defaultPageSize = 20;

/** A lookup that found nothing: a malformed code is 400, an empty database 503, anything else 404. */
async function lookupProblem(failure: HtsLookupFailure, releases: HtsReleaseStore): Promise<Error> {
  if (failure.reason === 'invalid_code')
    return new DomainError('invalid_input', failure.message, [{ field: 'code', in: 'path', message: failure.message }]);
  if ((await releases.count()) === 0) return htsNotReady();
  return new DomainError('not_found', failure.message);
}

function invalidQuery(field: string, message: string): DomainError {
  return new DomainError('invalid_input', `${field} ${message}`, [{ field, in: 'query', message }]);
}

/** The day to resolve a lookup on. The spec's format only checks the shape, so 2030-02-30 is refused here. */
function lookupDate(date: string | undefined, receivedAt: Date): string {
  if (date === undefined) return receivedAt.toISOString().slice(0, 10);
  if (!isCalendarDate(date)) throw invalidQuery('date', 'must be a calendar date YYYY-MM-DD');
  return date;
}

/** `since` as epoch ms: a date is its midnight UTC. */
function sinceMs(since: string): number {
  const ms = Date.parse(since);
  if (!isCalendarDate(since.slice(0, 10)) || Number.isNaN(ms))
    throw invalidQuery('since', 'must be a calendar date or an RFC 3339 time');
  return ms;
}

/** The tariff host's HTS data: line lookups, history, change sets, alerts, and the admin's refresh. */
export function htsHandlers(tariff: TariffServices, jobs: JobQueue): Handlers {
  const { releases, changes, alerts } = tariff.hts.stores;
  return {
    getHtsLine: async ({ params, query, call }) => {
      const date = lookupDate(query.date, call.receivedAt);
      const found = await findHtsLine(releases, params.code, date);
      if (!found.found) throw await lookupProblem(found, releases);
      return { status: 200, body: toApiHtsLine(found, date) };
    },

    getHtsLineHistory: async ({ params, query, call }) => {
      const history = await htsLineHistory(releases, params.code);
      if (!history.found) throw await lookupProblem(history, releases);
      const view = toApiHtsLineHistory(history.entries);
      const format = tableFormatOf(query.format, call);
      return format
        ? tableFileResponse(rateHistoryTable(view), format, `hts-${view.hts_code}-history`)
        : { status: 200, body: view };
    },

    listHtsChangeSets: async ({ query }) => {
      const page = await listHtsChangeSets(tariff.hts.stores, {
        sinceMs: query.since === undefined ? undefined : sinceMs(query.since),
        cursor: query.cursor,
        limit: query.limit ?? defaultPageSize,
      });
      return { status: 200, ...listResponse(page, toApiHtsChangeSet, '/api/tariff/changes', { ...query }) };
    },

    listHtsLineChanges: async ({ params, query }) => {
      if (!(await changes.findById(params.change_set_id)))
        throw new DomainError('not_found', `No change set ${params.change_set_id}.`);
      const page = await listHtsChanges(changes, params.change_set_id, {
        cursor: query.cursor,
        limit: query.limit ?? defaultPageSize,
      });
      return {
        status: 200,
        ...listResponse(page, htsChangeView, `/api/tariff/changes/${params.change_set_id}/lines`, { ...query }),
      };
    },

    createTariffAlert: async ({ body, call }) => {
      const alert = await createAccountAlert(alerts, call.receivedAt.getTime(), accountModeOf(call), {
        htsPrefixes: body.hts_prefixes,
        countries: body.countries,
      });
      return { status: 201, body: toApiTariffAlert(alert) };
    },

    listTariffAlerts: async ({ query, call }) => {
      const { accountId, livemode } = accountModeOf(call);
      const format = listTableFormatOf(query, call);
      if (format) {
        const all = allPages((cursor) => listTariffAlerts(alerts, accountId, livemode, { cursor, limit: 500 }));
        const views = [];
        for await (const alert of all) views.push(toApiTariffAlert(alert));
        return tableFileResponse(tariffAlertsTable(views), format, 'tariff-alerts');
      }
      const page = await listTariffAlerts(alerts, accountId, livemode, {
        cursor: query.cursor,
        limit: query.limit ?? defaultPageSize,
      });
      return { status: 200, ...listResponse(page, toApiTariffAlert, '/api/tariff/alerts', { ...query }) };
    },

    deleteTariffAlert: async ({ params, call }) => {
      await deleteAccountAlert(alerts, accountModeOf(call), params.alert_id);
      return { status: 204, body: undefined };
    },

    refreshHtsNow: async () => ({ status: 202, body: toApiQueuedJob(await jobs.runNow(htsRefreshJobName)) }),
  };
}
