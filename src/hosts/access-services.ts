import type { Database } from '../db/knex';
import { AccountRepository } from '../db/repositories/account.repository';
import { IdempotencyRecordRepository } from '../db/repositories/idempotency-record.repository';
import { QuotaCounterRepository } from '../db/repositories/quota-counter.repository';
import type { AccessServices } from '../http/access';
import { AccountService, Entitlements, QuotaService } from '../domain/access';
import type { Clock } from '../domain/shared';

export function createAccessServices(db: Database, clock: Clock): AccessServices {
  return {
    accounts: new AccountService({ accounts: new AccountRepository(db.knex), clock }),
    entitlements: Entitlements.load(),
    quotas: new QuotaService(new QuotaCounterRepository(db)),
    idempotency: new IdempotencyRecordRepository(db.knex),
  };
}
