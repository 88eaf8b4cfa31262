import type { PlanChangeRecord } from '../access';
import type { OutboxEvent, PlanName } from '../shared';
import type { NewLedgerEntry } from '../tracking';
import type { BillingCheckout, BillingEvent, BillingSubscription, RecurringProduct } from './model';

export interface CheckoutRequest {
  customerId: string;
  accountId: string;
  livemode: boolean;
  successUrl: string;
  cancelUrl: string;
  /** A recurring product, by the provider's price, or a one-time line we priced. */
  line:
    | { kind: 'recurring'; product: RecurringProduct }
    | { kind: 'one_time'; name: string; amountCents: number; currency: string; credits: number };
}

/** The payment provider (Stripe), as billing needs it; live and test are the provider's two modes. */
export interface PaymentProvider {
  enabled(livemode: boolean): boolean;
  createCustomer(livemode: boolean, accountId: string, email: string): Promise<string>;
  createCheckout(request: CheckoutRequest): Promise<{ id: string; url: string; expiresAt: number | null }>;
  createPortal(livemode: boolean, customerId: string, returnUrl: string): Promise<string>;
  /** Verifies a webhook's signature and translates it; null when the signature is bad or stale. */
  verifyEvent(rawBody: Buffer, signature: string): BillingEvent | null;
}

/** The writes one provider event makes, in one transaction with the record that it was applied. */
export interface BillingEventWrites {
  subscription(id: string): Promise<BillingSubscription | null>;
  saveSubscription(subscription: BillingSubscription): Promise<void>;
  checkout(id: string): Promise<BillingCheckout | null>;
  completeCheckout(id: string, at: number): Promise<void>;
  /** The account's live subscriptions of a product (the plan follows them). */
  liveSubscriptions(accountId: string, product: RecurringProduct): Promise<BillingSubscription[]>;
  accountPlan(accountId: string): Promise<PlanName | null>;
  changePlan(accountId: string, from: PlanName, to: PlanName, reason: string, at: number): Promise<PlanChangeRecord>;
  addCredits(accountId: string, entry: NewLedgerEntry, at: number): Promise<void>;
  appendEvents(events: OutboxEvent[]): Promise<void>;
}

export interface BillingStore {
  customerId(accountId: string, livemode: boolean): Promise<string | null>;
  saveCustomer(accountId: string, livemode: boolean, customerId: string, at: number): Promise<void>;
  insertCheckout(checkout: BillingCheckout): Promise<void>;
  subscriptions(accountId: string, livemode: boolean): Promise<BillingSubscription[]>;
  recentCheckouts(
    accountId: string,
    livemode: boolean,
    product: 'tracking_credits',
    limit: number,
  ): Promise<BillingCheckout[]>;
  /** Runs `work` once per event id: false (and nothing written) when the event was applied before. */
  applyOnce(event: BillingEvent, work: (writes: BillingEventWrites) => Promise<void>): Promise<boolean>;
  /** Live Tariff Pro subscriptions whose payment failed before `failedBefore`. */
  lapsedSubscriptions(failedBefore: number): Promise<BillingSubscription[]>;
  /** Runs `work` in one transaction, for a job's change that no provider event carries. */
  inTransaction(work: (writes: BillingEventWrites) => Promise<void>): Promise<void>;
}
