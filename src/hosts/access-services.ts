import type { Database } from '../db/knex';
import { AccountRepository } from '../db/repositories/account.repository';
import { IdempotencyRecordRepository } from '../db/repositories/idempotency-record.repository';
import { QuotaCounterRepository } from '../db/repositories/quota-counter.repository';
import { AccountService } from '../domain/access/account.service';
import { Entitlements } from '../domain/access/entitlements';
import { QuotaService } from '../domain/access/quota.service';
import type { Clock } from '../domain/shared/clock';
import type { AccessServices } from '../http/access';


export function createAccessServices(db: Database, clock: Clock): AccessServices {
  return {
    accounts: new AccountService({ accounts: new AccountRepository(db.knex), clock }),
    entitlements: Entitlements.load(),
    quotas: new QuotaService(new QuotaCounterRepository(db)),
    idempotency: new IdempotencyRecordRepository(db.knex),
  };
}
