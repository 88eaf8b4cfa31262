import type { components } from '../../generated/api';
import type { BillingCheckout, BillingSubscription, BillingSummary } from '../../domain/billing';
import { isoTime, isoTimeOrNull } from './time';

type Schemas = components['schemas'];

export function toApiBillingSubscription(s: BillingSubscription, graceMs: number): Schemas['BillingSubscription'] {
  return {
    id: s.id,
    object: 'billing_subscription',
    livemode: s.livemode,
    product: s.product,
    status: s.status,
    current_period_end: isoTimeOrNull(s.currentPeriodEnd),
    cancel_at_period_end: s.cancelAtPeriodEnd,
    payment_failed_at: isoTimeOrNull(s.paymentFailedAt),
    grace_period_ends_at: s.paymentFailedAt === null ? null : isoTime(s.paymentFailedAt + graceMs),
    updated_at: isoTime(s.updatedAt),
  };
}

export function toApiCreditPurchase(c: BillingCheckout): Schemas['CreditPurchase'] {
  return {
    id: c.id,
    object: 'credit_purchase',
    livemode: c.livemode,
    credits: c.credits ?? 0,
    amount: c.amount,
    currency: c.currency,
    status: c.status,
    created_at: isoTime(c.createdAt),
    completed_at: isoTimeOrNull(c.completedAt),
  };
}

export function toApiCheckoutSession(c: BillingCheckout): Schemas['BillingCheckoutSession'] {
  return {
    id: c.id,
    object: 'checkout_session',
    livemode: c.livemode,
    product: c.product,
    credits: c.credits,
    amount: c.amount,
    currency: c.currency,
    url: c.url,
    expires_at: isoTimeOrNull(c.expiresAt),
    created_at: isoTime(c.createdAt),
  };
}

export function toApiBilling(summary: BillingSummary): Schemas['Billing'] {
  const subscription = (s: BillingSubscription | null) =>
    s === null ? null : toApiBillingSubscription(s, summary.graceMs);
  return {
    object: 'billing',
    livemode: summary.livemode,
    enabled: summary.enabled,
    plan: summary.plan,
    subscription: subscription(summary.subscription),
    tracking_subscription: subscription(summary.trackingSubscription),
    credit_balance: summary.creditBalance,
    recent_purchases: summary.recentPurchases.map(toApiCreditPurchase),
  };
}
