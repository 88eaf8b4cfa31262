import Stripe from 'stripe';
import type {
  BillingEvent,
  BillingEventFacts,
  RecurringProduct,
  SubscriptionSnapshot,
  SubscriptionStatus,
} from './model';
import type { CheckoutRequest, PaymentProvider } from './ports';
import { DomainError } from '../shared';

/** One Stripe mode's credentials and prices (src/config/billing-config.ts reads them). */
export interface StripeModeConfig {
  secretKey: string;
  webhookSecret: string;
  tariffProPriceId: string;
  trackingSubscriptionPriceId: string | null;
}

export interface StripeGatewaySettings {
  live: StripeModeConfig | null;
  test: StripeModeConfig | null;
  /** Another API address (a local fake in tests); Stripe's own when null. */
  apiBase: URL | null;
}

/** Stripe's default signature tolerance: an event signed longer ago than this is refused as a replay. */
const signatureToleranceSeconds = 300;

interface Mode {
  config: StripeModeConfig;
  client: Stripe;
}

/** Stripe's failures (no answer, a 5xx, a refused request) as the caller should see them: an upstream that did not serve. */
async function calling<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError)
      throw new DomainError('upstream_unavailable', `Stripe did not ${what}: ${error.message}`);
    throw error;
  }
}

const seconds = (at: number | null | undefined): number | null => (typeof at === 'number' ? at * 1000 : null);

/**
 * The payment provider on Stripe's official SDK: one client per mode (a live key never serves a test
 * account and the reverse), Checkout and the customer portal, and webhook events verified with the
 * SDK and translated into billing's own facts.
 */
export class StripeGateway implements PaymentProvider {
  private readonly modes: { live: Mode | null; test: Mode | null };

  constructor(settings: StripeGatewaySettings) {
    const client = (config: StripeModeConfig): Mode => ({
      config,
      client: new Stripe(config.secretKey, {
        maxNetworkRetries: 2,
        timeout: 10_000,
        telemetry: false,
        ...(settings.apiBase
          ? {
              host: settings.apiBase.hostname,
              port: settings.apiBase.port || (settings.apiBase.protocol === 'https:' ? 443 : 80),
              protocol: settings.apiBase.protocol === 'http:' ? 'http' : 'https',
            }
          : {}),
      }),
    });
    this.modes = {
      live: settings.live ? client(settings.live) : null,
      test: settings.test ? client(settings.test) : null,
    };
  }

  enabled(livemode: boolean): boolean {
    return this.modeOf(livemode) !== null;
  }

  private modeOf(livemode: boolean): Mode | null {
    return livemode ? this.modes.live : this.modes.test;
  }

  private mode(livemode: boolean): Mode {
    const mode = this.modeOf(livemode);
    if (!mode) throw new Error(`Stripe is not configured in ${livemode ? 'live' : 'test'} mode`);
    return mode;
  }

  async createCustomer(livemode: boolean, accountId: string, email: string): Promise<string> {
    const customer = await calling('create the customer', () =>
      this.mode(livemode).client.customers.create(
        { email, metadata: { account_id: accountId } },
        // One customer per account and mode, however often the first purchase is retried.
        { idempotencyKey: `customer-${accountId}-${livemode ? 'live' : 'test'}` },
      ),
    );
    return customer.id;
  }

  async createCheckout(request: CheckoutRequest): Promise<{ id: string; url: string; expiresAt: number | null }> {
    const { config, client } = this.mode(request.livemode);
    const common = {
      customer: request.customerId,
      client_reference_id: request.accountId,
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
    };
    const line = request.line;
    const session = await calling('open a Checkout session', () =>
      line.kind === 'recurring'
        ? client.checkout.sessions.create({
            ...common,
            mode: 'subscription',
            line_items: [{ price: this.priceOf(config, line.product), quantity: 1 }],
            metadata: { account_id: request.accountId, product: line.product },
            // The subscription's own events name the account and product, whatever order they come in.
            subscription_data: { metadata: { account_id: request.accountId, product: line.product } },
          })
        : client.checkout.sessions.create({
            ...common,
            mode: 'payment',
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: line.currency.toLowerCase(),
                  unit_amount: line.amountCents,
                  product_data: { name: line.name },
                },
              },
            ],
            metadata: { account_id: request.accountId, product: 'tracking_credits', credits: String(line.credits) },
          }),
    );
    if (!session.url) throw new Error(`Stripe gave Checkout session ${session.id} no URL`);
    return { id: session.id, url: session.url, expiresAt: seconds(session.expires_at) };
  }

  private priceOf(config: StripeModeConfig, product: RecurringProduct): string {
    if (product === 'tariff_pro') return config.tariffProPriceId;
    if (config.trackingSubscriptionPriceId) return config.trackingSubscriptionPriceId;
    throw new Error('the tracking subscription has no Stripe price configured');
  }

  async createPortal(livemode: boolean, customerId: string, returnUrl: string): Promise<string> {
    const session = await calling('open a portal session', () =>
      this.mode(livemode).client.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }),
    );
    return session.url;
  }

  verifyEvent(rawBody: Buffer, signature: string): BillingEvent | null {
    // Each mode's endpoint has its own signing secret; the one that verifies tells the mode.
    for (const mode of [this.modes.live, this.modes.test]) {
      if (!mode) continue;
      let event: Stripe.Event;
      try {
        event = mode.client.webhooks.constructEvent(
          rawBody,
          signature,
          mode.config.webhookSecret,
          signatureToleranceSeconds,
        );
      } catch {
        continue;
      }
      if (event.livemode !== (mode === this.modes.live)) continue; // signed for the other mode
      return {
        id: event.id,
        type: event.type,
        livemode: event.livemode,
        createdAt: event.created * 1000,
        facts: factsOf(event, mode.config),
      };
    }
    return null;
  }
}

const idOf = (ref: string | { id: string } | null | undefined): string | null =>
  ref == null ? null : typeof ref === 'string' ? ref : ref.id;

function productOf(metadata: Stripe.Metadata | null | undefined, priceId: string | null, config: StripeModeConfig) {
  const named = metadata?.product;
  if (named === 'tariff_pro' || named === 'tracking_subscription') return named;
  if (priceId === config.tariffProPriceId) return 'tariff_pro';
  if (priceId !== null && priceId === config.trackingSubscriptionPriceId) return 'tracking_subscription';
  return null;
}

function snapshotOf(subscription: Stripe.Subscription, config: StripeModeConfig): SubscriptionSnapshot {
  const item = subscription.items?.data?.[0];
  return {
    id: subscription.id,
    accountId: subscription.metadata?.account_id ?? null,
    product: productOf(subscription.metadata, item?.price?.id ?? null, config),
    status: subscription.status as SubscriptionStatus,
    currentPeriodEnd: seconds(item?.current_period_end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end === true,
  };
}

function invoiceSubscription(invoice: Stripe.Invoice): string | null {
  return idOf(invoice.parent?.subscription_details?.subscription);
}

/** What a Stripe event says, for the events billing listens to; the others are acknowledged and ignored. */
function factsOf(event: Stripe.Event, config: StripeModeConfig): BillingEventFacts {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return {
        kind: 'checkout_completed',
        checkoutId: event.data.object.id,
        paid: event.data.object.payment_status !== 'unpaid',
      };
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const snapshot = snapshotOf(event.data.object, config);
      // A deleted subscription is over, whatever status its last snapshot shows.
      return {
        kind: 'subscription_changed',
        subscription: event.type === 'customer.subscription.deleted' ? { ...snapshot, status: 'canceled' } : snapshot,
      };
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const subscriptionId = invoiceSubscription(event.data.object);
      if (!subscriptionId) return { kind: 'ignored' };
      const invoiceId = event.data.object.id ?? '';
      return event.type === 'invoice.paid'
        ? {
            kind: 'invoice_paid',
            invoiceId,
            subscriptionId,
            periodEnd: seconds(event.data.object.lines?.data?.[0]?.period?.end),
          }
        : { kind: 'invoice_payment_failed', invoiceId, subscriptionId };
    }
    default:
      return { kind: 'ignored' };
  }
}
