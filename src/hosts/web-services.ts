import { WebLoginRepository } from '../db/repositories/web-login.repository';
import { vesselTrack } from '../domain/tracking';
import { WebAccountService } from '../domain/web-sessions';
import { createMailer } from '../web/mailer';
import type { WebServices } from '../web/web-context';
import { accountApiServicesOf } from './account-api-services';
import type { AppDependencies } from './app-dependencies';
import type { HostDocument } from '../http/host-document';
import { calculateDuty, type DutyEngineDependencies } from '../domain/tariff';
import { webTariffProServices } from './web-tariff-pro-services';
import { findHtsLine } from '../domain/hts';
import { toDutyInput } from '../handlers/inputs/tariff.input';
import { toApiSearchResult } from '../handlers/outputs/classify.output';
import { toApiHtsLine } from '../handlers/outputs/hts.output';
import { toFormA, toFormB } from '../handlers/outputs/tariff.output';
import { unlimitedRemaining } from '../handlers/tariff.handler';
import type { WebTariffServices } from '../web/web-context';

/** The spec is the source of the scope list: components.schemas.OAuthScope.enum of the site host's document. */
function oauthScopesOf(document: HostDocument): string[] {
  const schemas = (document.document.components as { schemas?: Record<string, { enum?: string[] }> } | undefined)
    ?.schemas;
  const scopes = schemas?.OAuthScope?.enum;
  if (!scopes) throw new Error('site host document: no OAuthScope enum');
  return scopes;
}

/** The web application's services: its people and sessions, over the same access and tracking services as the API. */
export function createWebServices(deps: AppDependencies, document: HostDocument): WebServices {
  const { config } = deps;
  const logger = deps.logger.child({ host: 'site', part: 'web' });
  const accountApi = accountApiServicesOf(deps);
  return {
    people: new WebAccountService({
      accounts: deps.access.accounts,
      logins: new WebLoginRepository(deps.db.knex),
      mailer: createMailer(config.web.smtpUrl, config.web.mailFrom, logger),
      clock: deps.clock,
      baseUrl: config.web.baseUrl,
    }),
    access: deps.access,
    billing: deps.billing,
    webhooks: deps.webhooks.endpoints,
    requestLog: deps.requestLog.log,
    work: {
      shipments: accountApi.shipments,
      invoices: accountApi.invoices,
      documents: accountApi.documents,
      ltl: accountApi.ltl,
      invoicePdf: (invoice) => deps.pdfs.invoice(invoice),
    },
    quoteParcels: (request, testMode) => deps.parcel.quotes.quote(request, { testMode }),
    parcelReady: () => deps.parcel.reference.isLoaded(),
    tariff: webTariffServices(deps),
    pro: webTariffProServices(deps, engineOn(deps)),
    loadPlanner: deps.loadPlanner,
    tracking: {
      subscriptions: deps.tracking.subscriptions,
      refreshNow: async (subscription) => {
        if (subscription.livemode) throw new Error('a live subscription is refreshed by the job, never from a page');
        await deps.tracking.refresh.refreshSubscription(subscription);
      },
      track: (livemode, container) =>
        vesselTrack(deps.tracking.providers.trackFor(livemode), container, deps.clock.now().getTime()),
    },
    oauthScopes: oauthScopesOf(document),
    creditBalance: (accountId) => deps.tracking.credits.balance(accountId),
    config: config.web,
    addressing: config,
    clock: deps.clock,
    logger,
  };
}

/** The duty calculator on a day, as the API's handlers build it (the rules loaded; the page checks ready()). */
const engineOn =
  (deps: AppDependencies) =>
  (today: string): DutyEngineDependencies => ({
    lines: deps.tariff.lines,
    rules: deps.tariff.rules.current(),
    today: () => today,
  });

/** The tariff tools over the calculator, lookup and search the API's handlers call, mapped to the API's shapes by its own mappers. */
function webTariffServices(deps: AppDependencies): WebTariffServices {
  const { tariff } = deps;
  return {
    ready: () => tariff.rules.isLoaded(),
    async calculate(body, today, remaining) {
      const result = await calculateDuty(toDutyInput(body), engineOn(deps)(today));
      return { formA: toFormA(result, body.hts_code, remaining), formB: toFormB(result, body.hts_code) };
    },
    async lookup(code, date) {
      const found = await findHtsLine(tariff.hts.stores.releases, code, date);
      return found.found ? { found: true, line: toApiHtsLine(found, date) } : found;
    },
    async search(request, receivedAt, remaining) {
      const result = await tariff.searchPool.search(request, receivedAt.getTime());
      return toApiSearchResult(request.query, result, remaining);
    },
    unlimitedRemaining,
  };
}
