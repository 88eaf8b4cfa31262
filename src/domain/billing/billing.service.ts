import Decimal from 'decimal.js';
import { conflict, type Clock, DomainError, newOutboxEvent, type OutboxEvent, type PlanName } from '../shared';
import type { PlanChangeRecord } from '../access';
import { creditPlanFor, type TrackingCreditService } from '../tracking';
import type {
  BillingCheckout,
  BillingEvent,
  BillingProduct,
  BillingSubscription,
  BillingSummary,
  RecurringProduct,
  SubscriptionSnapshot,
} from './model';
import type { BillingEventWrites, BillingStore, PaymentProvider } from './ports';

/** The account a billing call is for, in the mode of the key or session asking. */
export interface BillingOwner {
  accountId: string;
  email: string;
  plan: PlanName;
  livemode: boolean;
}

export interface CheckoutInput {
  product: BillingProduct;
  credits?: number;
  successUrl: string;
  cancelUrl: string;
}

export interface BillingServiceDeps {
  store: BillingStore;
  provider: PaymentProvider;
  clock: Clock;
  /** How long a failed renewal keeps Tariff Pro. */
  graceMs: number;
  trackingSubscriptionCredits: number;
  /** Called after a plan change, so this process's remembered keys carry the new plan from the next request. */
  onPlanChanged: () => void;
  /** The tracking credit balance, and the price of more at the plan's volume tiers this month. */
  credits: Pick<TrackingCreditService, 'balance' | 'quote'>;
  /** Events carry resources as the API shows them (the handlers' output mappers). */
  present: BillingPresenters;
}

export interface BillingPresenters {
  subscription(subscription: BillingSubscription): unknown;
  purchase(checkout: BillingCheckout): unknown;
  planChange(change: PlanChangeRecord): unknown;
}

/** Statuses in which a subscription is paid for (past_due keeps the plan only through the grace period). */
const paidStatuses = new Set(['active', 'trialing']);

const purchasesShown = 5;

/**
 * Billing: Checkout and portal sessions opened with the payment provider, and the provider's signed
 * events applied exactly once. A plan changes only on the provider's word, never on a redirect.
 */
export class BillingService {
  constructor(private readonly deps: BillingServiceDeps) {}

  private now(): number {
    return this.deps.clock.now().getTime();
  }

  /** Whether this server takes payments in the mode (Stripe keys configured for it). */
  enabled(livemode: boolean): boolean {
    return this.deps.provider.enabled(livemode);
  }

  private requireEnabled(livemode: boolean): void {
    if (!this.enabled(livemode))
      throw new DomainError(
        'not_configured',
        `Billing is not configured in ${livemode ? 'live' : 'test'} mode on this server (docs/billing.md).`,
      );
  }

  async summary(owner: BillingOwner): Promise<BillingSummary> {
    const subscriptions = await this.deps.store.subscriptions(owner.accountId, owner.livemode);
    const newest = (product: RecurringProduct) =>
      subscriptions.filter((s) => s.product === product).sort((a, b) => b.createdAt - a.createdAt)[0] ?? null;
    return {
      enabled: this.enabled(owner.livemode),
      livemode: owner.livemode,
      plan: owner.plan,
      subscription: newest('tariff_pro'),
      trackingSubscription: newest('tracking_subscription'),
      creditBalance: await this.deps.credits.balance(owner.accountId),
      recentPurchases: await this.deps.store.recentCheckouts(
        owner.accountId,
        owner.livemode,
        'tracking_credits',
        purchasesShown,
      ),
      graceMs: this.deps.graceMs,
    };
  }

  /** Opens a Checkout session; the product is the account's only once the provider's event says it is paid. */
  async createCheckout(owner: BillingOwner, input: CheckoutInput): Promise<BillingCheckout> {
    this.requireEnabled(owner.livemode);
    if (input.product === 'tracking_credits' && input.credits === undefined)
      throw new DomainError('invalid_input', 'A credit pack needs `credits`: how many to buy.', [
        { field: 'credits', message: 'required for tracking_credits' },
      ]);
    if (input.product !== 'tracking_credits' && input.credits !== undefined)
      throw new DomainError('invalid_input', '`credits` is for tracking_credits only.', [
        { field: 'credits', message: 'only for tracking_credits' },
      ]);
    if (input.product !== 'tracking_credits') await this.refuseSecondSubscription(owner, input.product);

    const customerId = await this.customerFor(owner);
    const now = this.now();
    let amount = '0.00';
    let line: Parameters<PaymentProvider['createCheckout']>[0]['line'];
    if (input.product === 'tracking_credits') {
      const credits = input.credits as number;
      const quote = await this.deps.credits.quote(owner.accountId, creditPlanFor(owner.plan), credits);
      amount = quote.amount;
      line = {
        kind: 'one_time',
        name: `${credits} tracking credit${credits === 1 ? '' : 's'}`,
        amountCents: new Decimal(quote.amount).times(100).toNumber(),
        currency: quote.currency,
        credits,
      };
    } else {
      line = { kind: 'recurring', product: input.product };
    }
    const session = await this.deps.provider.createCheckout({
      customerId,
      accountId: owner.accountId,
      livemode: owner.livemode,
      successUrl: input.successUrl,
      cancelUrl: input.cancelUrl,
      line,
    });
    const checkout: BillingCheckout = {
      id: session.id,
      accountId: owner.accountId,
      livemode: owner.livemode,
      product: input.product,
      credits: input.credits ?? null,
      amount,
      currency: 'USD',
      url: session.url,
      status: 'open',
      expiresAt: session.expiresAt,
      createdAt: now,
      completedAt: null,
    };
    await this.deps.store.insertCheckout(checkout);
    return checkout;
  }

  /** The provider's portal, where a person changes the card, cancels at period end, downloads invoices. */
  async createPortal(owner: BillingOwner, returnUrl: string): Promise<string> {
    this.requireEnabled(owner.livemode);
    return this.deps.provider.createPortal(owner.livemode, await this.customerFor(owner), returnUrl);
  }

  private async refuseSecondSubscription(owner: BillingOwner, product: RecurringProduct): Promise<void> {
    if (product === 'tariff_pro' && owner.livemode && owner.plan !== 'free')
      throw conflict('already_exists', `The account is on ${owner.plan}, which includes Tariff Pro.`);
    const current = (await this.deps.store.subscriptions(owner.accountId, owner.livemode)).find(
      (s) => s.product === product && s.status !== 'canceled' && s.status !== 'incomplete_expired',
    );
    if (current)
      throw conflict(
        'already_exists',
        `The account already has a ${product} subscription (${current.id}, ${current.status}); change it in the billing portal.`,
        { existing_subscription_id: current.id },
      );
  }

  private async customerFor(owner: BillingOwner): Promise<string> {
    const known = await this.deps.store.customerId(owner.accountId, owner.livemode);
    if (known) return known;
    const created = await this.deps.provider.createCustomer(owner.livemode, owner.accountId, owner.email);
    await this.deps.store.saveCustomer(owner.accountId, owner.livemode, created, this.now());
    return created;
  }

  /** Verifies and applies a provider webhook: false for an event applied before (acknowledged, nothing done). */
  async receive(rawBody: Buffer, signature: string): Promise<{ duplicate: boolean; event: BillingEvent }> {
    if (!this.deps.provider.enabled(true) && !this.deps.provider.enabled(false))
      throw new DomainError('not_configured', 'Billing is not configured on this server (docs/billing.md).');
    const event = this.deps.provider.verifyEvent(rawBody, signature);
    if (!event) {
      throw new DomainError('invalid_input', 'The Stripe-Signature header does not sign this body, or it is too old.', [
        { field: 'stripe-signature', in: 'headers', message: 'bad or stale signature' },
      ]);
    }
    let planChanged = false;
    const applied = await this.deps.store.applyOnce(event, async (writes) => {
      planChanged = await this.apply(event, writes);
    });
    if (planChanged) this.deps.onPlanChanged();
    return { duplicate: !applied, event };
  }

  /** The scheduled check: a Pro subscription unpaid past its grace period gives the plan back. */
  async expireGracePeriods(): Promise<number> {
    const now = this.now();
    let changed = 0;
    for (const lapsed of await this.deps.store.lapsedSubscriptions(now - this.deps.graceMs)) {
      await this.deps.store.inTransaction(async (writes) => {
        if (await this.settlePlan(writes, lapsed.accountId, now, `payment of ${lapsed.id} failed; grace period over`))
          changed += 1;
      });
    }
    if (changed > 0) this.deps.onPlanChanged();
    return changed;
  }

  private async apply(event: BillingEvent, writes: BillingEventWrites): Promise<boolean> {
    const facts = event.facts;
    switch (facts.kind) {
      case 'checkout_completed':
        return this.completeCheckout(event, facts.checkoutId, facts.paid, writes);
      case 'subscription_changed':
        return this.applySnapshot(event, facts.subscription, writes);
      case 'invoice_paid':
        return this.invoicePaid(event, facts.subscriptionId, facts.periodEnd, writes);
      case 'invoice_payment_failed':
        return this.paymentFailed(event, facts.subscriptionId, writes);
      case 'ignored':
        return false;
    }
  }

  private async completeCheckout(
    event: BillingEvent,
    checkoutId: string,
    paid: boolean,
    writes: BillingEventWrites,
  ): Promise<boolean> {
    const checkout = await writes.checkout(checkoutId);
    if (!checkout || checkout.status === 'completed' || checkout.livemode !== event.livemode) return false;
    // A subscription's checkout changes nothing by itself: its subscription events carry the state.
    if (checkout.product !== 'tracking_credits') {
      await writes.completeCheckout(checkout.id, event.createdAt);
      return false;
    }
    if (!paid) return false; // an asynchronous payment method: `checkout.session.async_payment_succeeded` follows
    await writes.completeCheckout(checkout.id, event.createdAt);
    // Test mode's tracking is the free sandbox: a test purchase is recorded and announced, never credited.
    if (checkout.livemode) {
      await writes.addCredits(
        checkout.accountId,
        {
          kind: 'purchase',
          credits: String(checkout.credits),
          unitPrice: new Decimal(checkout.amount).dividedBy(checkout.credits as number).toFixed(4),
          amount: checkout.amount,
          currency: checkout.currency,
          // subject_id names our own resources; Stripe's ids (up to 255 characters) go in the reason.
          reason: `Stripe Checkout ${checkout.id}`,
          actor: 'stripe',
        },
        event.createdAt,
      );
    }
    await writes.appendEvents([
      this.event(
        'billing.credits_purchased',
        checkout.accountId,
        checkout.livemode,
        this.deps.present.purchase({ ...checkout, status: 'completed', completedAt: event.createdAt }),
      ),
    ]);
    return false;
  }

  private async applySnapshot(
    event: BillingEvent,
    snapshot: SubscriptionSnapshot,
    writes: BillingEventWrites,
  ): Promise<boolean> {
    const known = await writes.subscription(snapshot.id);
    const accountId = known?.accountId ?? snapshot.accountId;
    const product = known?.product ?? snapshot.product;
    if (!accountId || !product) return false; // a subscription this service did not sell
    // Events come in any order: an older state never overwrites a newer one, and an ended
    // subscription stays ended (Stripe never reopens a canceled subscription).
    if (known && (known.status === 'canceled' || event.createdAt < known.providerUpdatedAt)) return false;
    const now = this.now();
    const paymentFailedAt = paidStatuses.has(snapshot.status) ? null : (known?.paymentFailedAt ?? null);
    await writes.saveSubscription({
      id: snapshot.id,
      accountId,
      livemode: event.livemode,
      product,
      status: snapshot.status,
      currentPeriodEnd: snapshot.currentPeriodEnd,
      cancelAtPeriodEnd: snapshot.cancelAtPeriodEnd,
      paymentFailedAt,
      providerUpdatedAt: event.createdAt,
      createdAt: known?.createdAt ?? now,
      updatedAt: now,
    });
    if (!event.livemode || product !== 'tariff_pro') return false;
    return this.settlePlan(writes, accountId, now, `subscription ${snapshot.id} ${snapshot.status}`);
  }

  private async invoicePaid(
    event: BillingEvent,
    subscriptionId: string,
    periodEnd: number | null,
    writes: BillingEventWrites,
  ): Promise<boolean> {
    const known = await writes.subscription(subscriptionId);
    if (!known) return false;
    await writes.saveSubscription({
      ...known,
      paymentFailedAt: null,
      currentPeriodEnd: periodEnd ?? known.currentPeriodEnd,
      updatedAt: this.now(),
    });
    // The monthly tracking subscription grants its credits once per paid invoice (the event id applies it once).
    if (known.product === 'tracking_subscription' && known.livemode) {
      await writes.addCredits(
        known.accountId,
        {
          kind: 'grant',
          credits: String(this.deps.trackingSubscriptionCredits),
          reason: `tracking subscription ${known.id}, period paid (${event.id})`,
          actor: 'stripe',
        },
        event.createdAt,
      );
    }
    return known.product === 'tariff_pro' && known.livemode
      ? this.settlePlan(writes, known.accountId, this.now(), `invoice of ${known.id} paid`)
      : false;
  }

  private async paymentFailed(event: BillingEvent, subscriptionId: string, writes: BillingEventWrites) {
    const known = await writes.subscription(subscriptionId);
    if (!known) return false;
    const failed = { ...known, paymentFailedAt: known.paymentFailedAt ?? event.createdAt, updatedAt: this.now() };
    await writes.saveSubscription(failed);
    await writes.appendEvents([
      this.event('billing.payment_failed', known.accountId, known.livemode, this.deps.present.subscription(failed)),
    ]);
    return false;
  }

  /**
   * Puts a Free or Tariff Pro account on the plan its live subscriptions pay for. Business is set by
   * an operator and never moved by billing.
   */
  private async settlePlan(writes: BillingEventWrites, accountId: string, now: number, reason: string) {
    const current = await writes.accountPlan(accountId);
    if (current === null || current === 'business') return false;
    const paying = (await writes.liveSubscriptions(accountId, 'tariff_pro')).some(
      (s) =>
        paidStatuses.has(s.status) ||
        (s.status === 'past_due' && s.paymentFailedAt !== null && now < s.paymentFailedAt + this.deps.graceMs),
    );
    const target: PlanName = paying ? 'tariff_pro' : 'free';
    if (target === current) return false;
    const change = await writes.changePlan(accountId, current, target, reason, now);
    await writes.appendEvents([
      this.event('billing.plan_changed', accountId, true, this.deps.present.planChange(change)),
    ]);
    return true;
  }

  /** Billing events are about the account: Stripe's ids (up to 255 characters) stay in the payload. */
  private event(type: string, accountId: string, livemode: boolean, object: unknown): OutboxEvent {
    const subject = { subjectType: 'account', subjectId: accountId };
    return newOutboxEvent(type, { accountId, livemode, ...subject, data: { object } }, this.now());
  }
}
