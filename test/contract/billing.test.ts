import request from 'supertest';
import { createTestApp, TestApp } from '../support/app';
import { setPlan, signUp, testKeyFor } from '../support/accounts';
import { accessTokenFor, siteClient } from '../support/account-api';
import { recordingAgenda } from '../support/recording-agenda';
import { smallLoadPlan } from '../support/load-plan-bodies';
import {
  fakeStripeBilling,
  sendStripeEvent,
  startStripeFake,
  StripeFake,
  stripeEvent,
  stripeInvoice,
  stripeSecrets,
  stripeSubscription,
} from '../support/stripe-fake';
import { billingGraceJobName, defineBillingGraceJob } from '../../src/jobs/billing-grace.job';

const day = 24 * 3600 * 1000;
let fake: StripeFake;
let app: TestApp;

beforeAll(async () => {
  fake = await startStripeFake();
  // Sign-ups come from their own client IPs (X-Forwarded-For), under the per-IP sign-up limit.
  app = await createTestApp({ billing: fakeStripeBilling(fake), config: { trustProxy: true } });
});
afterAll(async () => {
  await app.close();
  await fake.close();
});

/** A load plan: Free has 5 a day, Tariff Pro is unlimited, so the 6th call shows the plan in force. */
const planLoad = (key: string) =>
  request(app.hosts.main).post('/api/load-plans').set('X-API-Key', key).send(smallLoadPlan);

const at = (offsetMs = 0) => new Date(app.clock.now().getTime() + offsetMs);

async function freeAccount() {
  const account = await signUp(app);
  return { ...account, site: siteClient(app, account.key) };
}

async function subscribe(accountId: string, subscriptionId: string, status = 'active', offsetMs = 0) {
  return sendStripeEvent(
    app,
    stripeEvent(
      'customer.subscription.created',
      stripeSubscription({ id: subscriptionId, accountId, product: 'tariff_pro', status, periodEnd: at(30 * day) }),
      { createdAt: at(offsetMs) },
    ),
  ).expect(200);
}

const eventTypes = async (site: ReturnType<typeof siteClient>, type: string) =>
  (await site.get(`/api/events?type=${type}`).expect(200)).body.data;

describe('upgrade to Tariff Pro', () => {
  it('opens Checkout for the Pro price; the plan changes on the signed subscription event, not before, and counts at once', async () => {
    const { accountId, email, key, site } = await freeAccount();
    for (let i = 0; i < 5; i++) await planLoad(key).expect(200);
    await planLoad(key).expect(429);

    const checkout = await site.post('/api/billing/checkout-sessions', { product: 'tariff_pro' }).expect(201);
    expect(checkout.body).toMatchObject({
      object: 'checkout_session',
      livemode: true,
      product: 'tariff_pro',
      credits: null,
      url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/c\/pay\/cs_live_/),
    });
    const [customer, session] = fake.calls.slice(-2);
    expect(customer).toMatchObject({ path: '/v1/customers', livemode: true, body: { email } });
    expect(session).toMatchObject({
      path: '/v1/checkout/sessions',
      livemode: true,
      body: {
        mode: 'subscription',
        client_reference_id: accountId,
        line_items: { 0: { price: 'price_pro_live', quantity: '1' } },
        subscription_data: { metadata: { account_id: accountId, product: 'tariff_pro' } },
        success_url: expect.stringMatching(/\/billing\?checkout=success$/),
      },
    });
    // Coming back from Checkout changes nothing: only Stripe's word does.
    await sendStripeEvent(
      app,
      stripeEvent(
        'checkout.session.completed',
        { id: checkout.body.id, object: 'checkout.session', mode: 'subscription', payment_status: 'paid' },
        { createdAt: at() },
      ),
    ).expect(200, { received: true, duplicate: false });
    expect((await site.get('/api/billing').expect(200)).body).toMatchObject({ plan: 'free', subscription: null });

    await subscribe(accountId, `sub_up_${accountId}`);
    const billing = (await site.get('/api/billing').expect(200)).body;
    expect(billing).toMatchObject({
      object: 'billing',
      enabled: true,
      plan: 'tariff_pro',
      subscription: {
        id: `sub_up_${accountId}`,
        status: 'active',
        cancel_at_period_end: false,
        payment_failed_at: null,
        current_period_end: expect.any(String),
      },
    });
    await planLoad(key).expect(200); // unlimited from the next request
    const [changed] = await eventTypes(site, 'billing.plan_changed');
    expect(changed.data.object).toMatchObject({ from_plan: 'free', to_plan: 'tariff_pro', changed_by: 'stripe' });

    // One subscription at a time: the portal changes it.
    const again = await site.post('/api/billing/checkout-sessions', { product: 'tariff_pro' }).expect(409);
    expect(again.body.detail).toMatch(/includes Tariff Pro/);
    const portal = await site.post('/api/billing/portal-sessions').expect(201);
    expect(portal.body).toMatchObject({ object: 'billing_portal_session', livemode: true });
    expect(fake.calls.filter((c) => c.path === '/v1/customers' && c.body.email === email)).toHaveLength(1);
  });

  it('ends at the period end when cancelled, and falls back to Free when Stripe deletes it', async () => {
    const { accountId, key, site } = await freeAccount();
    const id = `sub_cancel_${accountId}`;
    await subscribe(accountId, id);
    await sendStripeEvent(
      app,
      stripeEvent(
        'customer.subscription.updated',
        stripeSubscription({
          id,
          accountId,
          product: 'tariff_pro',
          status: 'active',
          periodEnd: at(30 * day),
          cancelAtPeriodEnd: true,
        }),
        { createdAt: at(1000) },
      ),
    ).expect(200);
    expect((await site.get('/api/billing').expect(200)).body).toMatchObject({
      plan: 'tariff_pro',
      subscription: { cancel_at_period_end: true },
    });
    await sendStripeEvent(
      app,
      stripeEvent(
        'customer.subscription.deleted',
        stripeSubscription({ id, accountId, product: 'tariff_pro', status: 'canceled', periodEnd: at(30 * day) }),
        { createdAt: at(2000) },
      ),
    ).expect(200);
    expect((await site.get('/api/billing').expect(200)).body).toMatchObject({
      plan: 'free',
      subscription: { status: 'canceled' },
    });
    for (let i = 0; i < 5; i++) await planLoad(key).expect(200);
    await planLoad(key).expect(429);
    expect(
      (await eventTypes(site, 'billing.plan_changed')).map(
        (e: { data: { object: { to_plan: string } } }) => e.data.object.to_plan,
      ),
    ).toEqual(['free', 'tariff_pro']);
  });

  it('keeps Pro through the grace period after a failed payment, then moves the account to Free', async () => {
    const { accountId, site } = await freeAccount();
    const id = `sub_unpaid_${accountId}`;
    await subscribe(accountId, id);
    await sendStripeEvent(
      app,
      stripeEvent('invoice.payment_failed', stripeInvoice(`in_${accountId}`, id, at(30 * day)), {
        createdAt: at(1000),
      }),
    ).expect(200);
    await sendStripeEvent(
      app,
      stripeEvent(
        'customer.subscription.updated',
        stripeSubscription({ id, accountId, product: 'tariff_pro', status: 'past_due', periodEnd: at(30 * day) }),
        { createdAt: at(2000) },
      ),
    ).expect(200);
    const during = (await site.get('/api/billing').expect(200)).body;
    expect(during).toMatchObject({ plan: 'tariff_pro', subscription: { status: 'past_due' } });
    expect(
      Date.parse(during.subscription.grace_period_ends_at) - Date.parse(during.subscription.payment_failed_at),
    ).toBe(7 * day);
    const [failed] = await eventTypes(site, 'billing.payment_failed');
    expect(failed.data.object).toMatchObject({ id, grace_period_ends_at: during.subscription.grace_period_ends_at });

    const jobs = recordingAgenda();
    await defineBillingGraceJob(jobs.agenda, { billing: app.deps.billing });
    expect(jobs.scheduled).toEqual([{ interval: '1 hour', name: billingGraceJobName }]);
    app.clock.advance(6 * day);
    await jobs.run(billingGraceJobName);
    expect((await site.get('/api/billing').expect(200)).body.plan).toBe('tariff_pro');
    app.clock.advance(2 * day);
    await jobs.run(billingGraceJobName);
    expect((await site.get('/api/billing').expect(200)).body.plan).toBe('free');
    const [downgrade] = await eventTypes(site, 'billing.plan_changed');
    expect(downgrade.data.object).toMatchObject({ to_plan: 'free', reason: expect.stringMatching(/grace period/) });
  });
});

describe("Stripe's webhook", () => {
  it('applies a retried event once and an out-of-order one never resurrects a deleted subscription', async () => {
    const { accountId, site } = await freeAccount();
    const id = `sub_order_${accountId}`;
    const created = stripeEvent(
      'customer.subscription.created',
      stripeSubscription({ id, accountId, product: 'tariff_pro', status: 'active', periodEnd: at(30 * day) }),
      { createdAt: at() },
    );
    await sendStripeEvent(app, created).expect(200, { received: true, duplicate: false });
    await sendStripeEvent(app, created).expect(200, { received: true, duplicate: true });
    expect(await eventTypes(site, 'billing.plan_changed')).toHaveLength(1);

    // The deletion is delivered before an older update that still says active.
    const older = stripeEvent(
      'customer.subscription.updated',
      stripeSubscription({ id, accountId, product: 'tariff_pro', status: 'active', periodEnd: at(30 * day) }),
      { createdAt: at(1000) },
    );
    const deleted = stripeEvent(
      'customer.subscription.deleted',
      stripeSubscription({ id, accountId, product: 'tariff_pro', status: 'canceled', periodEnd: at(30 * day) }),
      { createdAt: at(2000) },
    );
    await sendStripeEvent(app, deleted).expect(200);
    await sendStripeEvent(app, older).expect(200, { received: true, duplicate: false });
    expect((await site.get('/api/billing').expect(200)).body).toMatchObject({
      plan: 'free',
      subscription: { status: 'canceled' },
    });
  });

  it('refuses a bad, stale or tampered signature with 400 and changes nothing', async () => {
    const { accountId, site } = await freeAccount();
    const event = stripeEvent(
      'customer.subscription.created',
      stripeSubscription({
        id: `sub_sig_${accountId}`,
        accountId,
        product: 'tariff_pro',
        status: 'active',
        periodEnd: at(30 * day),
      }),
      { createdAt: at() },
    );
    const bad = await sendStripeEvent(app, event, { secret: 'whsec_not_ours' }).expect(400);
    expect(bad.body).toMatchObject({
      type: 'https://docs.tradelane.dev/problems/validation-failed',
      errors: [{ pointer: '/headers/stripe-signature', message: 'bad or stale signature' }],
    });
    await sendStripeEvent(app, event, { signedAt: new Date(Date.now() - 10 * 60 * 1000) }).expect(400);
    const tampered = JSON.stringify({ ...event, type: 'customer.subscription.updated' });
    await sendStripeEvent(app, event, { body: tampered }).expect(400);
    await request(app.hosts.site).post('/api/billing/stripe-webhook').send(event).expect(400); // no signature
    expect((await site.get('/api/billing').expect(200)).body.plan).toBe('free');
    // None of them was recorded as applied: the genuine delivery is applied now.
    await sendStripeEvent(app, event).expect(200, { received: true, duplicate: false });
    expect((await site.get('/api/billing').expect(200)).body.plan).toBe('tariff_pro');
  });

  it('acknowledges events it does not use', async () => {
    await sendStripeEvent(
      app,
      stripeEvent('customer.created', { id: 'cus_other', object: 'customer' }, { createdAt: at() }),
    ).expect(200, { received: true, duplicate: false });
  });

  it('takes no body but JSON, and none over the size limit', async () => {
    await request(app.hosts.site)
      .post('/api/billing/stripe-webhook')
      .set('Stripe-Signature', 't=1,v1=00')
      .set('Content-Type', 'text/plain')
      .send('hello')
      .expect(415);
    await request(app.hosts.site)
      .post('/api/billing/stripe-webhook')
      .set('Stripe-Signature', 't=1,v1=00')
      .send({ id: 'evt_big', object: 'event', type: 'x', filler: 'x'.repeat(app.deps.config.bodyLimitBytes) })
      .expect(413);
  });
});

describe('tracking credits', () => {
  it('sells a pack at the plan price and credits it once however often Stripe retries, even at the same time', async () => {
    const { key, site } = await freeAccount();
    const checkout = await site
      .post('/api/billing/checkout-sessions', { product: 'tracking_credits', credits: 100 })
      .expect(201);
    expect(checkout.body).toMatchObject({
      product: 'tracking_credits',
      credits: 100,
      amount: '150.00',
      currency: 'USD',
    });
    expect(fake.calls.at(-1)?.body).toMatchObject({
      mode: 'payment',
      line_items: { 0: { quantity: '1', price_data: { currency: 'usd', unit_amount: '15000' } } },
      metadata: { product: 'tracking_credits', credits: '100' },
    });
    expect((await site.get('/api/billing').expect(200)).body.recent_purchases).toEqual([
      expect.objectContaining({ id: checkout.body.id, status: 'open', completed_at: null }),
    ]);
    const completed = stripeEvent(
      'checkout.session.completed',
      { id: checkout.body.id, object: 'checkout.session', mode: 'payment', payment_status: 'paid' },
      { createdAt: at() },
    );
    const answers = await Promise.all([sendStripeEvent(app, completed), sendStripeEvent(app, completed)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.map((a) => a.body.duplicate).sort()).toEqual([false, true]);
    await sendStripeEvent(app, completed).expect(200, { received: true, duplicate: true });

    const billing = (await site.get('/api/billing').expect(200)).body;
    expect(billing.credit_balance).toBe('100.00');
    expect(billing.recent_purchases[0]).toMatchObject({ status: 'completed', credits: 100, amount: '150.00' });
    const ledger = (
      await request(app.hosts.main).get('/api/tracking/credit-transactions').set('X-API-Key', key).expect(200)
    ).body.data;
    expect(ledger).toEqual([
      expect.objectContaining({
        kind: 'purchase',
        credits: '100.00',
        balance_after: '100.00',
        amount: { amount: '150.00', currency: 'USD' },
        unit_price: { amount: '1.50', currency: 'USD' },
      }),
    ]);
    const [purchased] = await eventTypes(site, 'billing.credits_purchased');
    expect(purchased.data.object).toMatchObject({ id: checkout.body.id, status: 'completed', credits: 100 });
  });

  it('grants the monthly tracking subscription its credits for each paid period', async () => {
    const { accountId, site } = await freeAccount();
    await site.post('/api/billing/checkout-sessions', { product: 'tracking_subscription' }).expect(201);
    expect(fake.calls.at(-1)?.body).toMatchObject({
      mode: 'subscription',
      line_items: { 0: { price: 'price_tracking_live' } },
    });
    const id = `sub_tracking_${accountId}`;
    await sendStripeEvent(
      app,
      stripeEvent(
        'customer.subscription.created',
        stripeSubscription({
          id,
          accountId,
          product: 'tracking_subscription',
          status: 'active',
          periodEnd: at(30 * day),
        }),
        { createdAt: at() },
      ),
    ).expect(200);
    const first = stripeEvent('invoice.paid', stripeInvoice(`in_1_${accountId}`, id, at(30 * day)), {
      createdAt: at(1),
    });
    await sendStripeEvent(app, first).expect(200);
    await sendStripeEvent(app, first).expect(200, { received: true, duplicate: true });
    await sendStripeEvent(
      app,
      stripeEvent('invoice.paid', stripeInvoice(`in_2_${accountId}`, id, at(60 * day)), { createdAt: at(30 * day) }),
    ).expect(200);
    const billing = (await site.get('/api/billing').expect(200)).body;
    expect(billing).toMatchObject({
      plan: 'free',
      credit_balance: '20.00',
      tracking_subscription: { id, status: 'active' },
    });
    await site.post('/api/billing/checkout-sessions', { product: 'tracking_subscription' }).expect(409);
  });
});

describe('test mode', () => {
  it("uses Stripe's test mode and never changes the live plan or balance", async () => {
    const { accountId, key } = await freeAccount();
    const test = siteClient(app, await testKeyFor(app, key));
    const checkout = await test.post('/api/billing/checkout-sessions', { product: 'tariff_pro' }).expect(201);
    expect(checkout.body).toMatchObject({ livemode: false, id: expect.stringMatching(/^cs_test_/) });
    expect(fake.calls.at(-1)).toMatchObject({
      livemode: false,
      body: { line_items: { 0: { price: 'price_pro_test' } } },
    });

    const subscription = stripeSubscription({
      id: `sub_test_${accountId}`,
      accountId,
      product: 'tariff_pro',
      status: 'active',
      periodEnd: at(30 * day),
      livemode: false,
    });
    // Signed with the live secret, a test event is refused; with the test secret it is applied in test mode only.
    const event = stripeEvent('customer.subscription.created', subscription, { createdAt: at(), livemode: false });
    await sendStripeEvent(app, event, { secret: stripeSecrets.live.webhookSecret }).expect(400);
    await sendStripeEvent(app, event).expect(200);
    expect((await test.get('/api/billing').expect(200)).body).toMatchObject({
      livemode: false,
      plan: 'free',
      subscription: { id: `sub_test_${accountId}`, livemode: false, status: 'active' },
    });
    expect((await siteClient(app, key).get('/api/billing').expect(200)).body).toMatchObject({
      livemode: true,
      plan: 'free',
      subscription: null,
    });

    const pack = await test
      .post('/api/billing/checkout-sessions', { product: 'tracking_credits', credits: 5 })
      .expect(201);
    await sendStripeEvent(
      app,
      stripeEvent(
        'checkout.session.completed',
        { id: pack.body.id, object: 'checkout.session', mode: 'payment', payment_status: 'paid' },
        { createdAt: at(), livemode: false },
      ),
    ).expect(200);
    expect((await test.get('/api/billing').expect(200)).body).toMatchObject({
      credit_balance: '0.00',
      recent_purchases: [expect.objectContaining({ id: pack.body.id, status: 'completed', livemode: false })],
    });
  });
});

describe('refusals', () => {
  it('names what a checkout request lacks, and the plans that already include Pro', async () => {
    const { site } = await freeAccount();
    const missing = await site.post('/api/billing/checkout-sessions', { product: 'tracking_credits' }).expect(400);
    expect(missing.body.errors).toEqual([{ pointer: '/body/credits', message: 'required for tracking_credits' }]);
    await site.post('/api/billing/checkout-sessions', { product: 'tariff_pro', credits: 3 }).expect(400);
    await site.post('/api/billing/checkout-sessions', { product: 'gold' }).expect(400);
    await site.post('/api/billing/checkout-sessions', { product: 'tariff_pro', credits: 0 }).expect(400);
    await site.get('/api/billing?expand=all').expect(400);

    const business = await signUp(app);
    await setPlan(app, business.email, 'business');
    await siteClient(app, business.key).post('/api/billing/checkout-sessions', { product: 'tariff_pro' }).expect(409);

    await request(app.hosts.site).get('/api/billing').expect(401);
    await request(app.hosts.site).post('/api/billing/checkout-sessions').send({ product: 'tariff_pro' }).expect(401);
    await request(app.hosts.site).post('/api/billing/portal-sessions').expect(401);
    for (const path of ['/api/billing/checkout-sessions', '/api/billing/portal-sessions']) {
      await site.post(path).set('Content-Type', 'text/plain').send('product=tariff_pro').expect(415);
      await site
        .post(path)
        .send({ product: 'tariff_pro', success_url: `https://x.example/${'a'.repeat(app.deps.config.bodyLimitBytes)}` })
        .expect(413);
    }
    await site.post('/api/billing/portal-sessions', { return_url: 'not a url' }).expect(400);
  });

  it('takes API keys only, and replays a Checkout session under its Idempotency-Key', async () => {
    const { key, site } = await freeAccount();
    const { token } = await accessTokenFor(app, key, ['webhooks:read']);
    for (const call of [
      request(app.hosts.site).get('/api/billing'),
      request(app.hosts.site).post('/api/billing/checkout-sessions').send({ product: 'tariff_pro' }),
      request(app.hosts.site).post('/api/billing/portal-sessions'),
    ]) {
      const refused = await call.set('Authorization', `Bearer ${token}`).expect(403);
      expect(refused.body.detail).toMatch(/use an API key/);
    }

    const first = await site
      .post('/api/billing/checkout-sessions', { product: 'tracking_credits', credits: 10 })
      .set('Idempotency-Key', 'pack-10')
      .expect(201);
    const again = await site
      .post('/api/billing/checkout-sessions', { product: 'tracking_credits', credits: 10 })
      .set('Idempotency-Key', 'pack-10')
      .expect(201);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(again.body.id).toBe(first.body.id);
    await site
      .post('/api/billing/checkout-sessions', { product: 'tracking_credits', credits: 20 })
      .set('Idempotency-Key', 'pack-10')
      .expect(422);
    await site.post('/api/billing/portal-sessions', {}).set('Idempotency-Key', 'portal-1').expect(201);
    await site
      .post('/api/billing/portal-sessions', { return_url: 'https://x.example/' })
      .set('Idempotency-Key', 'portal-1')
      .expect(422);

    // The same key while the first request still waits on Stripe: 409, retry later.
    fake.delayMs = 300;
    try {
      const [one, two] = await Promise.all([
        site.post('/api/billing/portal-sessions', {}).set('Idempotency-Key', 'portal-2'),
        new Promise((resolve) => setTimeout(resolve, 100)).then(() =>
          site.post('/api/billing/portal-sessions', {}).set('Idempotency-Key', 'portal-2'),
        ),
      ]);
      expect([one.status, two.status]).toEqual([201, 409]);
    } finally {
      fake.delayMs = 0;
    }
  });

  it('is 502 when Stripe does not answer, and nothing is recorded', async () => {
    const { site } = await freeAccount();
    fake.down = true;
    try {
      const refused = await site.post('/api/billing/checkout-sessions', { product: 'tariff_pro' }).expect(502);
      expect(refused.body).toMatchObject({
        type: 'https://docs.tradelane.dev/problems/upstream-unavailable',
        detail: expect.stringMatching(/^Stripe did not create the customer/),
      });
      await site.post('/api/billing/portal-sessions').expect(502);
    } finally {
      fake.down = false;
    }
    expect((await site.get('/api/billing').expect(200)).body.recent_purchases).toEqual([]);
  });
});

describe('without Stripe keys', () => {
  it('says billing is off, and refuses to sell', async () => {
    const bare = await createTestApp();
    try {
      const { key } = await signUp(bare);
      const site = siteClient(bare, key);
      expect((await site.get('/api/billing').expect(200)).body).toMatchObject({ enabled: false, plan: 'free' });
      const refused = await site.post('/api/billing/checkout-sessions', { product: 'tariff_pro' }).expect(501);
      expect(refused.body).toMatchObject({
        type: 'https://docs.tradelane.dev/problems/not-implemented',
        detail: expect.stringContaining('docs/billing.md'),
      });
      await site.post('/api/billing/portal-sessions').expect(501);
      await request(bare.hosts.site)
        .post('/api/billing/stripe-webhook')
        .set('Stripe-Signature', 't=1,v1=00')
        .send({ id: 'evt_1', object: 'event', type: 'invoice.paid' })
        .expect(501);
    } finally {
      await bare.close();
    }
  });
});
