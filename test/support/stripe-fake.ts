import Stripe from 'stripe';
import request from 'supertest';
import { sendJson, startLocalServer, type LocalServer } from './local-http-server';
import type { TestApp } from './app';
import type { BillingConfig } from '../../src/config/billing-config';

/** Stripe's form encoding (`a[b][0][c]=v`, as the SDK sends it) back into an object. */
function decodeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/\[|\]\[|\]/).filter((part) => part !== '');
    let node = root as Record<string, unknown>;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  return root;
}

export interface StripeFake {
  url: string;
  server: LocalServer;
  /** The API calls Stripe received, decoded, with the mode their key was for. */
  calls: Array<{ method: string; path: string; livemode: boolean; body: Record<string, unknown> }>;
  /** While true, every call answers Stripe's 500 `api_error` (and tells the SDK not to retry). */
  down: boolean;
  /** Milliseconds each answer waits (a slow Stripe). */
  delayMs: number;
  close(): Promise<void>;
}

/**
 * A local Stripe API answering the calls billing makes (customers, Checkout sessions, portal
 * sessions) with the shapes Stripe documents (docs.stripe.com/api), over real HTTP.
 */
export async function startStripeFake(): Promise<StripeFake> {
  let sequence = 0;
  const fake = {} as StripeFake;
  fake.calls = [];
  fake.down = false;
  fake.delayMs = 0;
  fake.server = await startLocalServer(async (req, res) => {
    if (fake.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, fake.delayMs));
    const livemode = /^Bearer sk_live_/.test(req.headers.authorization ?? '');
    const body = decodeForm(req.body);
    fake.calls.push({ method: req.method, path: req.url.pathname, livemode, body });
    if (fake.down) {
      sendJson(
        res,
        500,
        { error: { type: 'api_error', message: 'Something went wrong on Stripe.' } },
        {
          'Stripe-Should-Retry': 'false',
        },
      );
      return;
    }
    const id = (prefix: string) =>
      `${prefix}_${livemode ? 'live' : 'test'}_${(++sequence).toString().padStart(6, '0')}`;
    switch (`${req.method} ${req.url.pathname}`) {
      case 'POST /v1/customers':
        return sendJson(res, 200, {
          id: id('cus'),
          object: 'customer',
          email: body.email,
          metadata: body.metadata ?? {},
          livemode,
        });
      case 'POST /v1/checkout/sessions': {
        const sessionId = id('cs');
        return sendJson(res, 200, {
          id: sessionId,
          object: 'checkout.session',
          url: `${fake.url}/c/pay/${sessionId}`,
          mode: body.mode,
          customer: body.customer,
          client_reference_id: body.client_reference_id,
          metadata: body.metadata ?? {},
          success_url: body.success_url,
          cancel_url: body.cancel_url,
          status: 'open',
          payment_status: 'unpaid',
          expires_at: Math.floor(Date.now() / 1000) + 24 * 3600,
          livemode,
        });
      }
      case 'POST /v1/billing_portal/sessions':
        return sendJson(res, 200, {
          id: id('bps'),
          object: 'billing_portal.session',
          customer: body.customer,
          return_url: body.return_url,
          url: `${fake.url}/p/session/${id('bps')}`,
          livemode,
        });
      default:
        return sendJson(res, 404, {
          error: {
            type: 'invalid_request_error',
            message: `Unrecognized request URL (${req.method}: ${req.url.pathname})`,
          },
        });
    }
  });
  fake.url = fake.server.url;
  fake.close = () => fake.server.close();
  return fake;
}

export const stripeSecrets = {
  live: { secretKey: 'sk_live_fake', webhookSecret: 'whsec_live_fake' },
  test: { secretKey: 'sk_test_fake', webhookSecret: 'whsec_test_fake' },
};

/** Billing settings pointing at the fake, in both modes. */
export function fakeStripeBilling(fake: StripeFake): BillingConfig {
  const mode = (m: 'live' | 'test') => ({
    ...stripeSecrets[m],
    tariffProPriceId: `price_pro_${m}`,
    trackingSubscriptionPriceId: `price_tracking_${m}`,
  });
  return {
    live: mode('live'),
    test: mode('test'),
    apiBase: new URL(fake.url),
    graceMs: 7 * 24 * 3600 * 1000,
    trackingSubscriptionCredits: 10,
  };
}

let eventSequence = 0;

/** A Stripe event (docs.stripe.com/api/events/object) as Stripe sends it. */
export function stripeEvent(
  type: string,
  object: Record<string, unknown>,
  options: { createdAt: Date; livemode?: boolean; id?: string },
): Record<string, unknown> {
  return {
    id: options.id ?? `evt_${(++eventSequence).toString().padStart(8, '0')}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(options.createdAt.getTime() / 1000),
    livemode: options.livemode ?? true,
    pending_webhooks: 1,
    type,
    data: { object },
  };
}

/** Stripe's subscription object, API version 2026-10-28 (the period lives on its items). */
export function stripeSubscription(fields: {
  id: string;
  accountId: string;
  product: 'tariff_pro' | 'tracking_subscription';
  status: string;
  periodEnd: Date;
  cancelAtPeriodEnd?: boolean;
  livemode?: boolean;
}): Record<string, unknown> {
  const mode = fields.livemode === false ? 'test' : 'live';
  return {
    id: fields.id,
    object: 'subscription',
    customer: 'cus_x',
    status: fields.status,
    cancel_at_period_end: fields.cancelAtPeriodEnd ?? false,
    metadata: { account_id: fields.accountId, product: fields.product },
    livemode: fields.livemode ?? true,
    items: {
      object: 'list',
      data: [
        {
          id: `si_${fields.id}`,
          object: 'subscription_item',
          current_period_end: Math.floor(fields.periodEnd.getTime() / 1000),
          price: {
            id: fields.product === 'tariff_pro' ? `price_pro_${mode}` : `price_tracking_${mode}`,
            object: 'price',
          },
        },
      ],
    },
  };
}

/** Stripe's invoice of a subscription's period. */
export function stripeInvoice(id: string, subscriptionId: string, periodEnd: Date, livemode = true) {
  return {
    id,
    object: 'invoice',
    livemode,
    parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId, metadata: {} } },
    lines: { object: 'list', data: [{ period: { end: Math.floor(periodEnd.getTime() / 1000) } }] },
  };
}

/** Posts an event to our webhook, signed as Stripe signs it (the SDK's own test signature). */
export function sendStripeEvent(
  app: TestApp,
  event: Record<string, unknown>,
  options: { secret?: string; signedAt?: Date; body?: string } = {},
) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? (event.livemode === false ? stripeSecrets.test : stripeSecrets.live).webhookSecret,
    timestamp: Math.floor((options.signedAt ?? new Date()).getTime() / 1000),
  });
  return request(app.hosts.site)
    .post('/api/billing/stripe-webhook')
    .set('Content-Type', 'application/json')
    .set('Stripe-Signature', signature)
    .send(options.body ?? payload);
}
