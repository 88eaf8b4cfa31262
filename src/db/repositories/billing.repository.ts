import type { Knex } from 'knex';
import { AccountRepository } from './account.repository';
import { CreditLedgerRepository } from './credit-ledger.repository';
import { OutboxEventRepository } from './outbox-event.repository';
import { toBool, toDecimalString, toNumber, toNumberOrNull } from '../row-values';
import { isUniqueViolation } from '../unique-violation';
import { newId, type PlanName } from '../../domain/shared';
import type {
  BillingCheckout,
  BillingEvent,
  BillingEventWrites,
  BillingProduct,
  BillingStore,
  BillingSubscription,
  RecurringProduct,
  SubscriptionStatus,
} from '../../domain/billing';
import type { PlanChangeRecord } from '../../domain/access';

type Row = Record<string, unknown>;

const toSubscription = (r: Row): BillingSubscription => ({
  id: r.id as string,
  accountId: r.account_id as string,
  livemode: toBool(r.livemode),
  product: r.product as RecurringProduct,
  status: r.status as SubscriptionStatus,
  currentPeriodEnd: toNumberOrNull(r.current_period_end),
  cancelAtPeriodEnd: toBool(r.cancel_at_period_end),
  paymentFailedAt: toNumberOrNull(r.payment_failed_at),
  providerUpdatedAt: toNumber(r.provider_updated_at),
  createdAt: toNumber(r.created_at),
  updatedAt: toNumber(r.updated_at),
});

const subscriptionRow = (s: BillingSubscription): Row => ({
  id: s.id,
  account_id: s.accountId,
  livemode: s.livemode,
  product: s.product,
  status: s.status,
  current_period_end: s.currentPeriodEnd,
  cancel_at_period_end: s.cancelAtPeriodEnd,
  payment_failed_at: s.paymentFailedAt,
  provider_updated_at: s.providerUpdatedAt,
  created_at: s.createdAt,
  updated_at: s.updatedAt,
});

const toCheckout = (r: Row): BillingCheckout => ({
  id: r.id as string,
  accountId: r.account_id as string,
  livemode: toBool(r.livemode),
  product: r.product as BillingProduct,
  credits: toNumberOrNull(r.credits),
  amount: toDecimalString(r.amount),
  currency: r.currency as string,
  url: r.url as string,
  status: r.status as BillingCheckout['status'],
  expiresAt: toNumberOrNull(r.expires_at),
  createdAt: toNumber(r.created_at),
  completedAt: toNumberOrNull(r.completed_at),
});

/** Thrown inside applyOnce's transaction to roll it back when the event was applied before. */
class AlreadyApplied extends Error {}

/** The writes of one billing change, on one transaction. */
function eventWrites(trx: Knex.Transaction): BillingEventWrites {
  return {
    async subscription(id) {
      const row = await trx('billing_subscriptions').where({ id }).forUpdate().first();
      return row ? toSubscription(row) : null;
    },
    async saveSubscription(subscription) {
      // An upsert: MySQL counts an update that changes nothing as 0 rows, so "update, else insert" would not do.
      await trx('billing_subscriptions').insert(subscriptionRow(subscription)).onConflict('id').merge();
    },
    async checkout(id) {
      const row = await trx('billing_checkouts').where({ id }).forUpdate().first();
      return row ? toCheckout(row) : null;
    },
    async completeCheckout(id, at) {
      await trx('billing_checkouts').where({ id }).update({ status: 'completed', completed_at: at });
    },
    async liveSubscriptions(accountId, product) {
      return (await trx('billing_subscriptions').where({ account_id: accountId, livemode: true, product })).map(
        toSubscription,
      );
    },
    async accountPlan(accountId) {
      const row = await trx('accounts').where({ id: accountId }).forUpdate().first('plan');
      return row ? (row.plan as PlanName) : null;
    },
    async changePlan(accountId, from, to, reason, at) {
      const change: PlanChangeRecord = {
        id: newId('pch', at),
        accountId,
        fromPlan: from,
        toPlan: to,
        changedBy: 'stripe',
        reason,
        changedAt: at,
      };
      await new AccountRepository(trx).changePlan(change);
      return change;
    },
    async addCredits(accountId, entry, at) {
      await new CreditLedgerRepository(trx).append(accountId, 'tracking', entry, at);
    },
    async appendEvents(events) {
      await new OutboxEventRepository(trx).append(events, trx);
    },
  };
}

/** Billing's records (customers, subscriptions, Checkout sessions, applied provider events). */
export class BillingRepository implements BillingStore {
  constructor(private readonly knex: Knex) {}

  async customerId(accountId: string, livemode: boolean): Promise<string | null> {
    const row = await this.knex('billing_customers').where({ account_id: accountId, livemode }).first();
    return row ? (row.provider_customer_id as string) : null;
  }

  async saveCustomer(accountId: string, livemode: boolean, customerId: string, at: number): Promise<void> {
    try {
      await this.knex('billing_customers').insert({
        account_id: accountId,
        livemode,
        provider_customer_id: customerId,
        created_at: at,
      });
    } catch (error) {
      // Two first purchases at once: the provider's idempotency key gave both the same customer.
      if (!isUniqueViolation(error)) throw error;
    }
  }

  async insertCheckout(c: BillingCheckout): Promise<void> {
    await this.knex('billing_checkouts').insert({
      id: c.id,
      account_id: c.accountId,
      livemode: c.livemode,
      product: c.product,
      credits: c.credits,
      amount: c.amount,
      currency: c.currency,
      url: c.url,
      status: c.status,
      expires_at: c.expiresAt,
      created_at: c.createdAt,
      completed_at: c.completedAt,
    });
  }

  async subscriptions(accountId: string, livemode: boolean): Promise<BillingSubscription[]> {
    return (await this.knex('billing_subscriptions').where({ account_id: accountId, livemode })).map(toSubscription);
  }

  async recentCheckouts(
    accountId: string,
    livemode: boolean,
    product: 'tracking_credits',
    limit: number,
  ): Promise<BillingCheckout[]> {
    const rows = await this.knex('billing_checkouts')
      .where({ account_id: accountId, livemode, product })
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(limit);
    return rows.map(toCheckout);
  }

  async applyOnce(event: BillingEvent, work: (writes: BillingEventWrites) => Promise<void>): Promise<boolean> {
    try {
      await this.knex.transaction(async (trx) => {
        try {
          await trx('billing_provider_events').insert({
            id: event.id,
            type: event.type,
            livemode: event.livemode,
            received_at: event.createdAt,
          });
        } catch (error) {
          if (isUniqueViolation(error)) throw new AlreadyApplied();
          throw error;
        }
        await work(eventWrites(trx));
      });
      return true;
    } catch (error) {
      if (error instanceof AlreadyApplied) return false;
      throw error;
    }
  }

  async lapsedSubscriptions(failedBefore: number): Promise<BillingSubscription[]> {
    const rows = await this.knex('billing_subscriptions')
      .where({ livemode: true, product: 'tariff_pro' })
      .andWhere('payment_failed_at', '<', failedBefore)
      .join('accounts', 'accounts.id', 'billing_subscriptions.account_id')
      .andWhere('accounts.plan', 'tariff_pro')
      .select('billing_subscriptions.*');
    return rows.map(toSubscription);
  }

  async inTransaction(work: (writes: BillingEventWrites) => Promise<void>): Promise<void> {
    await this.knex.transaction((trx) => work(eventWrites(trx)));
  }
}
