import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Config } from '../config/config';
import { RequestLogRepository } from '../db/repositories/request-log.repository';
import { RequestLogService, RequestRecorder, requestOwnerOf } from '../domain/request-log';
import type { AccountService } from '../domain/access';
import type { Clock } from '../domain/shared';
import type { ServiceMetrics } from '../observability/metrics';

export interface RequestLogServices {
  /** Buffers the API's requests and writes them in batches; stopped (and flushed) on shutdown. */
  recorder: RequestRecorder;
  /** Reads the account's log (Developers → Requests). */
  log: RequestLogService;
}

/** The account request log on one database: its batched writer and its reader. */
export function createRequestLogServices(
  knex: Knex,
  config: Config['requestLog'],
  clock: Clock,
  metrics: ServiceMetrics,
  logger: Logger,
  accounts: AccountService,
): RequestLogServices {
  const store = new RequestLogRepository(knex);
  const recorder = new RequestRecorder(store, {
    ...config,
    onDropped(reason, count, error) {
      metrics.recordRequestLogDropped(reason, count);
      if (error !== undefined) logger.warn({ err: error, records: count }, 'request log batch not written');
    },
    // A Bearer credential is an API key or an access token; authenticateBearer tells them apart.
    ownerOfCredential: async (secret) => requestOwnerOf(await accounts.authenticateBearer(secret)),
  });
  return { recorder, log: new RequestLogService({ store, clock }) };
}
