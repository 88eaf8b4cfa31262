import type { KeyMode, PlanName } from '../shared';

/** What a person can buy: the Tariff Pro plan, a pack of tracking credits, the monthly tracking subscription. */
export const billingProducts = ['tariff_pro', 'tracking_credits', 'tracking_subscription'] as const;
export type BillingProduct = (typeof billingProducts)[number];
export type RecurringProduct = Exclude<BillingProduct, 'tracking_credits'>;

/** Stripe's subscription statuses (docs.stripe.com/api/subscriptions/object#subscription_object-status). */
export type SubscriptionStatus =
  'incomplete' | 'incomplete_expired' | 'trialing' | 'active' | 'past_due' | 'canceled' | 'unpaid' | 'paused';

/** A subscription as we last learnt it from the payment provider, in one mode. */
export interface BillingSubscription {
  id: string;
  accountId: string;
  livemode: boolean;
  product: RecurringProduct;
  status: SubscriptionStatus;
  currentPeriodEnd: number | null;
  cancelAtPeriodEnd: boolean;
  /** When a renewal's payment first failed (cleared when an invoice is paid): the grace period runs from it. */
  paymentFailedAt: number | null;
  /** The provider's time of the newest event applied: an older event never overwrites a newer state. */
  providerUpdatedAt: number;
  createdAt: number;
  updatedAt: number;
}

/** A Checkout session we opened; credit packs are priced by us (the plan's tiers) when it is opened. */
export interface BillingCheckout {
  id: string;
  accountId: string;
  livemode: boolean;
  product: BillingProduct;
  credits: number | null;
  amount: string;
  currency: string;
  url: string;
  status: 'open' | 'completed';
  expiresAt: number | null;
  createdAt: number;
  completedAt: number | null;
}

/** What a verified provider event means to us; the provider adapter translates its events into these. */
export type BillingEventFacts =
  | { kind: 'checkout_completed'; checkoutId: string; paid: boolean }
  | { kind: 'subscription_changed'; subscription: SubscriptionSnapshot }
  | { kind: 'invoice_paid'; invoiceId: string; subscriptionId: string; periodEnd: number | null }
  | { kind: 'invoice_payment_failed'; invoiceId: string; subscriptionId: string }
  | { kind: 'ignored' };

export interface SubscriptionSnapshot {
  id: string;
  /** From the subscription's metadata, which our Checkout sessions set; null for one made elsewhere. */
  accountId: string | null;
  product: RecurringProduct | null;
  status: SubscriptionStatus;
  currentPeriodEnd: number | null;
  cancelAtPeriodEnd: boolean;
}

/** A provider event, verified: its id is the key that applies it exactly once. */
export interface BillingEvent {
  id: string;
  type: string;
  livemode: boolean;
  createdAt: number;
  facts: BillingEventFacts;
}

export interface BillingSummary {
  enabled: boolean;
  livemode: boolean;
  plan: PlanName;
  subscription: BillingSubscription | null;
  trackingSubscription: BillingSubscription | null;
  creditBalance: string;
  recentPurchases: BillingCheckout[];
  graceMs: number;
}

export const modeOf = (livemode: boolean): KeyMode => (livemode ? 'live' : 'test');
