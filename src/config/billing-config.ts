import { ConfigError, Env, integer } from './config';

/** One Stripe mode's credentials and prices (Stripe keeps test and live apart; so do we). */
export interface StripeModeConfig {
  secretKey: string;
  webhookSecret: string;
  /** The recurring price of Tariff Pro (199 USD a month). */
  tariffProPriceId: string;
  /** The recurring price of the monthly tracking subscription; unset: not sold. */
  trackingSubscriptionPriceId: string | null;
}

/** Billing settings (docs/billing.md). Without a mode's key and webhook secret, billing is off in that mode. */
export interface BillingConfig {
  live: StripeModeConfig | null;
  test: StripeModeConfig | null;
  /** STRIPE_API_BASE: another Stripe API address (a local fake in tests, stripe-mock); Stripe's own when unset. */
  apiBase: URL | null;
  /** How long a Pro subscription whose payment failed keeps the plan before it falls back to Free. */
  graceMs: number;
  /** Credits the monthly tracking subscription grants each paid period. */
  trackingSubscriptionCredits: number;
}

const day = 24 * 3600 * 1000;

function modeConfig(env: Env, prefix: 'STRIPE' | 'STRIPE_TEST', keyPrefix: string): StripeModeConfig | null {
  const secretKey = env[`${prefix}_SECRET_KEY`] ?? '';
  const webhookSecret = env[`${prefix}_WEBHOOK_SECRET`] ?? '';
  if (secretKey === '' && webhookSecret === '') return null;
  if (!secretKey.startsWith(keyPrefix) && !secretKey.startsWith(keyPrefix.replace('sk_', 'rk_')))
    throw new ConfigError(`${prefix}_SECRET_KEY must be a Stripe ${keyPrefix}… (or restricted) key`);
  if (!webhookSecret.startsWith('whsec_'))
    throw new ConfigError(`${prefix}_WEBHOOK_SECRET must be the endpoint's signing secret (whsec_…)`);
  const tariffProPriceId = env[`${prefix}_PRICE_TARIFF_PRO`] ?? '';
  if (!tariffProPriceId.startsWith('price_'))
    throw new ConfigError(`${prefix}_PRICE_TARIFF_PRO must be the Tariff Pro price id (price_…)`);
  const tracking = env[`${prefix}_PRICE_TRACKING_SUBSCRIPTION`] ?? '';
  return { secretKey, webhookSecret, tariffProPriceId, trackingSubscriptionPriceId: tracking === '' ? null : tracking };
}

export function loadBillingConfig(env: Env = process.env): BillingConfig {
  const base = env.STRIPE_API_BASE ?? '';
  let apiBase: URL | null = null;
  if (base !== '') {
    try {
      apiBase = new URL(base);
    } catch {
      throw new ConfigError(`STRIPE_API_BASE must be a URL, got "${base}"`);
    }
  }
  return {
    live: modeConfig(env, 'STRIPE', 'sk_live_'),
    test: modeConfig(env, 'STRIPE_TEST', 'sk_test_'),
    apiBase,
    graceMs: integer(env, 'BILLING_GRACE_DAYS', 7, 0, 60) * day,
    trackingSubscriptionCredits: integer(env, 'TRACKING_SUBSCRIPTION_CREDITS', 10, 1, 100_000),
  };
}
