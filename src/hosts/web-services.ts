import { WebLoginRepository } from '../db/repositories/web-login.repository';
import { vesselTrack } from '../domain/tracking';
import { WebAccountService } from '../domain/web-sessions';
import { createMailer } from '../web/mailer';
import type { WebServices } from '../web/web-context';
import type { AppDependencies } from './app-dependencies';
import type { HostDocument } from '../http/host-document';

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
    quoteParcels: (request, testMode) => deps.parcel.quotes.quote(request, { testMode }),
    parcelReady: () => deps.parcel.reference.isLoaded(),
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
    clock: deps.clock,
    logger,
  };
}
