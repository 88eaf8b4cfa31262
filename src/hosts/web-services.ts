import { WebLoginRepository } from '../db/repositories/web-login.repository';
import { WebAccountService } from '../domain/web-sessions';
import { createMailer } from '../web/mailer';
import type { WebServices } from '../web/web-context';
import type { AppDependencies } from './app-dependencies';

/** The web application's services: its people and sessions, over the same access and tracking services as the API. */
export function createWebServices(deps: AppDependencies): WebServices {
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
    creditBalance: (accountId) => deps.tracking.credits.balance(accountId),
    config: config.web,
    clock: deps.clock,
    logger,
  };
}
