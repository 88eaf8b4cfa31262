import type { Knex } from 'knex';
import Decimal from 'decimal.js';
import { CreditBalanceTooLowError, CreditLedgerRepository } from './credit-ledger.repository';
import { ShipmentRepository } from './shipment.repository';
import { TrackingSubscriptionRepository } from './tracking-subscription.repository';
import {
  DuplicateSubscriptionError,
  InsufficientCreditsError,
  type TrackingUnitOfWork,
  type TrackingWriteContext,
} from '../../domain/tracking';

const isUniqueViolation = (error: unknown) => {
  const code = (error as { code?: string }).code ?? '';
  return code === 'ER_DUP_ENTRY' || code.startsWith('SQLITE_CONSTRAINT');
};

/**
 * Runs a subscription creation in one transaction: the duplicate check, the credit debit and the
 * inserts commit together or not at all. Races that slip past the checks surface as the same
 * domain errors (the unique active_key, the balance that may not go negative).
 */
export function trackingUnitOfWork(knex: Knex): TrackingUnitOfWork {
  return {
    async run<T>(work: (tx: TrackingWriteContext) => Promise<T>): Promise<T> {
      try {
        return await knex.transaction(async (trx) => {
          const subscriptions = new TrackingSubscriptionRepository(trx);
          const credits = new CreditLedgerRepository(trx);
          const shipments = new ShipmentRepository(trx);
          return work({
            findActiveSubscription: (accountId, livemode, type, reference) =>
              subscriptions.findActiveSubscription(accountId, livemode, type, reference, trx),
            ownsShipment: (accountId, livemode, shipmentId) => shipments.belongsTo(accountId, livemode, shipmentId),
            insertSubscription: (subscription, container) =>
              subscriptions.insertSubscription(subscription, container, trx),
            creditBalance: (accountId, creditType) => credits.balance(accountId, creditType),
            consumedSince: (accountId, creditType, since) => credits.consumedSince(accountId, creditType, since),
            consumeCredits: async (accountId, creditType, c, now) => {
              if (new Decimal(c.credits).lessThanOrEqualTo(0))
                throw new Error('a consumption debits a positive number of credits');
              const entry = await credits.append(
                accountId,
                creditType,
                {
                  kind: 'consume',
                  credits: `-${c.credits}`,
                  unitPrice: c.unitPrice,
                  amount: new Decimal(c.credits).times(c.unitPrice).toFixed(2),
                  currency: c.currency,
                  subjectId: c.subjectId,
                  reason: c.reason,
                },
                now,
              );
              return entry.id;
            },
          });
        });
      } catch (error) {
        if (error instanceof CreditBalanceTooLowError) throw new InsufficientCreditsError(error.balance, '1.00');
        if (isUniqueViolation(error)) throw new DuplicateSubscriptionError(null);
        throw error;
      }
    },
  };
}
