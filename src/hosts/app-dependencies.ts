import type { Logger } from 'pino';
import type { Config } from '../config/config';
import type { Database } from '../db/knex';
import type { Clock } from '../domain/clock';
import type { AccessServices } from './access-services';
import type { Readiness } from './readiness';
import type { TariffServices } from './tariff-services';
import type { TrackingServices } from './tracking-services';

/** Everything the hosts are built from; made once by the composition root (src/server.ts) or a test. */
export interface AppDependencies {
  config: Config;
  db: Database;
  logger: Logger;
  clock: Clock;
  readiness: Readiness;
  access: AccessServices;
  tariff: TariffServices;
  tracking: TrackingServices;
}
