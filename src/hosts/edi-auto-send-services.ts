import type { Knex } from 'knex';
import { ediSendServiceOf } from './account-api-services';
import { AccountRepository } from '../db/repositories/account.repository';
import { EdiPartnerRepository } from '../db/repositories/edi-partner.repository';
import { OutboxEventRepository } from '../db/repositories/outbox-event.repository';
import type { Entitlements } from '../domain/access';
import { EdiAutoSend, type EdiAutoSendDeps } from '../domain/edi';

/**
 * The worker's sender of documents on events (`edi.auto-send`): an account sends automatically only
 * while its plan includes sending (`sendEdiDocument` in the service's entitlements), as a call would need.
 */
export function createEdiAutoSend(
  knex: Knex,
  entitlements: Entitlements,
  clock: () => number,
  skipped: EdiAutoSendDeps['skipped'],
): EdiAutoSend {
  const accounts = new AccountRepository(knex);
  return new EdiAutoSend({
    events: new OutboxEventRepository(knex),
    partners: new EdiPartnerRepository(knex),
    sending: ediSendServiceOf(knex, clock),
    mayAutoSend: async (accountId) => {
      const account = await accounts.findById(accountId);
      return account !== null && entitlements.of('sendEdiDocument', account.plan) !== null;
    },
    clock,
    skipped,
  });
}
