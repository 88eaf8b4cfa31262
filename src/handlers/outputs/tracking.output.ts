import Decimal from 'decimal.js';
import type { components } from '../../generated/api';
import { isoTime, isoTimeOrNull } from './time';
import type { PlanName } from '../../domain/shared';
import {
  billingOf,
  carrierByCode,
  type CreditBalanceSummary,
  discountPercent,
  type LedgerEntry,
  type SubscriptionWithContainers,
  trackingCreditPricing,
} from '../../domain/tracking';

type Schemas = components['schemas'];

/** A decimal as the API's money: at least cents, more only when the stored price has them. */
export function money(amount: string, currency: string): Schemas['CreditAmount'] {
  const value = new Decimal(amount);
  return { amount: value.toFixed(Math.max(2, value.decimalPlaces())), currency };
}

export function toApiTrackingSubscription(s: SubscriptionWithContainers): Schemas['TrackingSubscription'] {
  return {
    id: s.id,
    object: 'tracking_subscription',
    livemode: s.livemode,
    reference_type: s.referenceType,
    reference: s.reference,
    carrier_scac: s.carrierScac,
    carrier_name: carrierByCode(s.carrierScac)?.name ?? null,
    carrier_source: s.carrierSource,
    status: s.status,
    failure_reason: s.failureReason,
    containers: s.containers.map((c) => ({ id: c.id, container_number: c.containerNumber, status: c.status })),
    credit_transaction_id: s.creditEntryId,
    billing: billingOf(s),
    shipment_id: s.shipmentId,
    last_refresh_attempt_at: isoTimeOrNull(s.lastAttemptAt),
    last_refreshed_at: isoTimeOrNull(s.lastSuccessAt),
    last_refresh_error: s.lastError,
    stopped_at: isoTimeOrNull(s.stoppedAt),
    created_at: isoTime(s.createdAt),
    updated_at: isoTime(s.updatedAt),
  };
}

export function toApiCreditTransaction(entry: LedgerEntry): Schemas['TrackingCreditTransaction'] {
  const currency = entry.currency ?? trackingCreditPricing.currency;
  return {
    id: entry.id,
    object: 'tracking_credit_transaction',
    account_id: entry.accountId,
    kind: entry.kind,
    credits: entry.credits,
    balance_after: entry.balanceAfter,
    unit_price: entry.unitPrice === null ? null : money(entry.unitPrice, currency),
    amount: entry.amount === null ? null : money(entry.amount, currency),
    subscription_id: entry.kind === 'consume' ? entry.subjectId : null,
    reason: entry.reason,
    created_at: isoTime(entry.createdAt),
  };
}

export function toApiCreditBalance(summary: CreditBalanceSummary, plan: PlanName): Schemas['TrackingCreditBalance'] {
  return {
    object: 'tracking_credit_balance',
    livemode: summary.livemode,
    plan,
    // Every key draws on the balance (test mode's sample containers are free without it).
    unlimited: false,
    balance: summary.balance,
    used_this_month: summary.usedThisMonth,
    list_price: money(summary.listPrice, summary.currency),
    next_unit_price: money(summary.nextUnitPrice, summary.currency),
    next_discount_percent: summary.nextDiscountPercent,
    tiers: summary.tiers.map((t) => ({
      up_to: t.upTo,
      unit_price: money(t.unitPrice, summary.currency),
      discount_percent: discountPercent(t.unitPrice),
    })),
  };
}
