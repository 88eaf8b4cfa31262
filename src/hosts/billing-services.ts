import type { Knex } from 'knex';
import type { BillingConfig } from '../config/billing-config';
import { BillingRepository } from '../db/repositories/billing.repository';
import type { AccountService } from '../domain/access';
import { BillingService, StripeGateway } from '../domain/billing';
import type { Clock } from '../domain/shared';
import type { TrackingCreditService } from '../domain/tracking';
import { toApiPlanChange } from '../handlers/outputs/access.output';
import { toApiBillingSubscription, toApiCreditPurchase } from '../handlers/outputs/billing.output';

/** Billing through Stripe on one database; off in a mode without that mode's Stripe keys. */
export function createBillingServices(
  knex: Knex,
  config: BillingConfig,
  clock: Clock,
  accounts: AccountService,
  credits: TrackingCreditService,
): BillingService {
  return new BillingService({
    store: new BillingRepository(knex),
    provider: new StripeGateway(config),
    clock,
    graceMs: config.graceMs,
    trackingSubscriptionCredits: config.trackingSubscriptionCredits,
    onPlanChanged: () => accounts.planChangedElsewhere(),
    credits,
    present: {
      subscription: (subscription) => toApiBillingSubscription(subscription, config.graceMs),
      purchase: toApiCreditPurchase,
      planChange: toApiPlanChange,
    },
  });
}
