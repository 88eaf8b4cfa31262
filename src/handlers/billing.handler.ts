import type { operations } from '../generated/api';
import type { CallContext, OperationHandler } from '../http/operation';
import { type AccountService } from '../domain/access';
import type { BillingOwner, BillingService } from '../domain/billing';
import { DomainError } from '../domain/shared';
import { toApiBilling, toApiCheckoutSession } from './outputs/billing.output';

type BillingOperation =
  'getBilling' | 'createBillingCheckoutSession' | 'createBillingPortalSession' | 'receiveStripeWebhook';

/** The web application's billing page, where Stripe sends people back by default. */
const billingPage = (call: CallContext) => `${call.origin}/billing`;

/** Billing on the site host: what the account pays for, Checkout and portal links, and Stripe's events. */
export function billingHandlers(
  billing: BillingService,
  accounts: AccountService,
): { [K in BillingOperation]: OperationHandler<operations[K]> } {
  const ownerOf = async (call: CallContext): Promise<BillingOwner> => {
    const caller = call.caller;
    if (caller.kind !== 'account') throw new DomainError('unauthenticated', 'Authentication required.');
    const account = await accounts.accountById(caller.accountId);
    return { accountId: account.id, email: account.email, plan: account.plan, livemode: caller.mode === 'live' };
  };

  return {
    getBilling: async ({ call }) => ({ status: 200, body: toApiBilling(await billing.summary(await ownerOf(call))) }),

    createBillingCheckoutSession: async ({ body, call }) => {
      const checkout = await billing.createCheckout(await ownerOf(call), {
        product: body.product,
        credits: body.credits,
        successUrl: body.success_url ?? `${billingPage(call)}?checkout=success`,
        cancelUrl: body.cancel_url ?? `${billingPage(call)}?checkout=cancelled`,
      });
      return { status: 201, body: toApiCheckoutSession(checkout) };
    },

    createBillingPortalSession: async ({ body, call }) => {
      const owner = await ownerOf(call);
      const url = await billing.createPortal(owner, body?.return_url ?? billingPage(call));
      return { status: 201, body: { object: 'billing_portal_session', livemode: owner.livemode, url } };
    },

    receiveStripeWebhook: async ({ call }) => {
      const received = await billing.receive(call.rawBody ?? Buffer.alloc(0), call.header('stripe-signature') ?? '');
      return { status: 200, body: { received: true, duplicate: received.duplicate } };
    },
  };
}
