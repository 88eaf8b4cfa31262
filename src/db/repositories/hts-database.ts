import type { Knex } from 'knex';
import { HtsChangeRepository } from './hts-change.repository';
import { HtsReleaseRepository } from './hts-release.repository';
import { OutboxEventRepository } from './outbox-event.repository';
import { TariffAlertRepository } from './tariff-alert.repository';
import type { HtsDatabase, HtsStores } from '../../domain/hts';

function htsStores(knex: Knex): HtsStores {
  return {
    releases: new HtsReleaseRepository(knex),
    changes: new HtsChangeRepository(knex),
    alerts: new TariffAlertRepository(knex),
    outbox: new OutboxEventRepository(knex),
  };
}

/**
 * The HTS capability's storage on one knex instance. Inside transaction() every repository runs
 * on the transaction (on SQLite, the only connection: a query outside it would wait forever).
 */
export function htsDatabase(knex: Knex): HtsDatabase {
  return {
    stores: htsStores(knex),
    transaction: (work) => knex.transaction((trx) => work(htsStores(trx))),
  };
}
