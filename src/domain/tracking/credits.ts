import Decimal from 'decimal.js';
import type { PlanName } from '../shared';

/**
 * Tracking is paid per use: one tracking subscription consumes one tracking credit. What a credit
 * costs depends on the plan and on the account's volume in the calendar month (UTC), priced
 * graduated like a tax band: the 150th credit of a month on Tariff Pro costs the second tier's price.
 * Tiers are data; change them here (and in the docs), never in code paths.
 */

export type CreditPlan = 'free' | 'tariff_pro';

/** The price list an account plan buys at: business accounts get Tariff Pro's volume tiers. */
export function creditPlanFor(plan: PlanName): CreditPlan {
  return plan === 'free' ? 'free' : 'tariff_pro';
}

export interface PriceTier {
  /** Last credit number (in the month) this tier covers; null for "and above". */
  upTo: number | null;
  unitPrice: string;
}

export const trackingCreditPricing = {
  currency: 'USD',
  listPrice: '1.50',
  tiers: {
    free: [{ upTo: null, unitPrice: '1.50' }],
    tariff_pro: [
      { upTo: 100, unitPrice: '1.20' }, // 20% off list
      { upTo: 1_000, unitPrice: '0.75' }, // 50% off
      { upTo: 10_000, unitPrice: '0.45' }, // 70% off
      { upTo: null, unitPrice: '0.15' }, // 90% off
    ],
  } satisfies Record<CreditPlan, PriceTier[]>,
} as const;

export const trackingCreditType = 'tracking';

function tierFor(plan: CreditPlan, nth: number): PriceTier {
  const tiers: readonly PriceTier[] = trackingCreditPricing.tiers[plan];
  return tiers.find((t) => t.upTo === null || nth <= t.upTo) ?? tiers[tiers.length - 1];
}

/** Discount against the list price, in whole percent. */
export function discountPercent(unitPrice: string): number {
  const list = new Decimal(trackingCreditPricing.listPrice);
  return list.minus(unitPrice).times(100).dividedBy(list).toDecimalPlaces(0, Decimal.ROUND_DOWN).toNumber();
}

export interface CreditQuoteLine {
  quantity: number;
  unitPrice: string;
  amount: string;
  discountPercent: number;
}

export interface CreditQuote {
  plan: CreditPlan;
  quantity: number;
  currency: string;
  amount: string;
  lines: CreditQuoteLine[];
}

/** Price of `quantity` credits for an account that has already used `usedThisMonth` this month. */
export function quoteCredits(plan: CreditPlan, quantity: number, usedThisMonth: number): CreditQuote {
  if (!Number.isInteger(quantity) || quantity < 0) throw new Error('quantity must be a whole number of credits');
  const lines: CreditQuoteLine[] = [];
  let nth = usedThisMonth + 1;
  let left = quantity;
  while (left > 0) {
    const tier = tierFor(plan, nth);
    const inTier = tier.upTo === null ? left : Math.min(left, tier.upTo - nth + 1);
    lines.push({
      quantity: inTier,
      unitPrice: tier.unitPrice,
      amount: new Decimal(tier.unitPrice).times(inTier).toFixed(2),
      discountPercent: discountPercent(tier.unitPrice),
    });
    nth += inTier;
    left -= inTier;
  }
  return {
    plan,
    quantity,
    currency: trackingCreditPricing.currency,
    amount: lines.reduce((sum, l) => sum.plus(l.amount), new Decimal(0)).toFixed(2),
    lines,
  };
}

/** Account plans that track the containers of the account's own shipments without a credit. */
export const plansCoveringOwnShipments: readonly PlanName[] = ['business'];

export type SubscriptionCharge =
  | { covered: true; credits: '0.00'; reason: 'own_shipment' }
  | { covered: false; credits: '1.00'; unitPrice: string; currency: string; discountPercent: number };

/**
 * What one new tracking subscription costs. On an account plan, containers of the account's own
 * shipments are covered; anything else consumes one credit, valued at the plan's current tier.
 */
export function chargeForSubscription(plan: PlanName, usedThisMonth: number, ownShipment: boolean): SubscriptionCharge {
  if (ownShipment && plansCoveringOwnShipments.includes(plan))
    return { covered: true, credits: '0.00', reason: 'own_shipment' };
  const tier = tierFor(creditPlanFor(plan), usedThisMonth + 1);
  return {
    covered: false,
    credits: '1.00',
    unitPrice: tier.unitPrice,
    currency: trackingCreditPricing.currency,
    discountPercent: discountPercent(tier.unitPrice),
  };
}

export function hasEnoughCredits(balance: string, needed: string): boolean {
  return new Decimal(balance).greaterThanOrEqualTo(needed);
}

/** A grant (admin path or a purchase) adds a positive number of credits with at most two decimals. */
export function validateGrant(credits: string): string {
  let value: Decimal;
  try {
    value = new Decimal(credits.trim());
  } catch {
    throw new Error(`${credits} is not a number of credits`);
  }
  if (value.decimalPlaces() > 2) throw new Error(`${credits} has more than 2 decimals`);
  if (value.lessThanOrEqualTo(0)) throw new Error('a grant must add a positive number of credits');
  return value.toFixed(2);
}

export function startOfMonthUtc(now: number): number {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}
