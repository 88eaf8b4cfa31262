import request from 'supertest';
import { loadWebConfig } from '../../src/config/web-config';
import { createTestApp } from '../support/app';
import { WebBrowser } from '../support/web-browser';
import {
  fakeStripeBilling,
  sendStripeEvent,
  startStripeFake,
  StripeFake,
  stripeEvent,
  stripeSubscription,
} from '../support/stripe-fake';
import { startWebApp, type WebApp } from '../support/web-site';

let app: WebApp;
let stripe: StripeFake;
const password = 'correct horse battery';
let counter = 0;

beforeAll(async () => {
  stripe = await startStripeFake();
  app = await startWebApp({
    billing: fakeStripeBilling(stripe),
    config: { trustProxy: true },
  });
});
afterAll(async () => {
  await app.close();
  await stripe.close();
});

async function signedIn(): Promise<{ browser: WebBrowser; email: string; accountId: string }> {
  const email = `pages${++counter}.${Date.now()}@example.com`;
  const browser = new WebBrowser(app.hosts.site, `198.51.100.${counter}`);
  await browser.get('/signup');
  expect((await browser.post('/signup', { email, password })).status).toBe(201);
  const link = new URL(await app.sink.linkFor(email, '/verify-email'));
  await browser.get(link.pathname + link.search);
  await browser.get('/login');
  expect((await browser.post('/login', { email, password })).status).toBe(303);
  const account = await app.db.knex('accounts').where({ email }).first();
  return { browser, email, accountId: account.id };
}

const rowsOf = (page: string) => [...page.matchAll(/<tr id="key-(key_[^"]+)">([\s\S]*?)<\/tr>/g)];

describe('Settings → Integrations', () => {
  it('generates a key of the session mode, shows its secret once, lists it by prefix and last four', async () => {
    const { browser, accountId } = await signedIn();
    await browser.get('/settings/integrations');
    const created = await browser.post('/settings/integrations/keys', { name: 'ERP production' });
    expect(created.status).toBe(201);
    const secret = /<code id="new-key-secret">(tl_test_[0-9A-Za-z]{32})<\/code>/.exec(created.text)![1];
    expect(created.text).toContain('data-copy="new-key-secret"');
    const row = await app.db.knex('api_keys').where({ account_id: accountId, mode: 'test' }).first();
    expect(row.name).toBe('ERP production');
    // The key works on the API, as one made by POST /api/keys does.
    await request(app.hosts.site).get('/api/keys').set('X-API-Key', secret).expect(200);
    const list = await browser.get('/settings/integrations');
    expect(list.text).not.toContain(secret);
    expect(list.text).toContain(`tl_test_…${secret.slice(-4)}`);
    // Live mode lists the live keys: the first one from sign-up.
    await browser.post('/dashboard/mode', { mode: 'live', back: '/settings/integrations' });
    const live = await browser.get('/settings/integrations');
    expect(rowsOf(live.text).map((match) => match[2].includes('Default key'))).toEqual([true]);
  });

  it('revokes and rotates with the grace chosen, through the same account service as the API', async () => {
    const { browser, accountId } = await signedIn();
    await browser.get('/settings/integrations');
    const made = await browser.post('/settings/integrations/keys', { name: 'to rotate' });
    const oldSecret = /<code id="new-key-secret">([^<]+)<\/code>/.exec(made.text)![1];
    const oldId = (await app.db.knex('api_keys').where({ account_id: accountId, name: 'to rotate' }).first()).id;
    const rotated = await browser.post(`/settings/integrations/keys/${oldId}/rotate`, { grace_period_seconds: '3600' });
    expect(rotated.status).toBe(201);
    expect(rotated.text).toContain('the old key stops in 1 hour');
    const newSecret = /<code id="new-key-secret">([^<]+)<\/code>/.exec(rotated.text)![1];
    expect(newSecret).not.toBe(oldSecret);
    const old = await app.db.knex('api_keys').where({ id: oldId }).first();
    expect(Number(old.expires_at) - app.clock.now().getTime()).toBe(3600_000);
    const again = await browser.post(`/settings/integrations/keys/${oldId}/rotate`, { grace_period_seconds: '0' });
    expect(again.status).toBe(409);
    expect(again.text).toContain('This key is revoked or already rotated');
    const newId = old.replaced_by;
    const revoked = await browser.post(`/settings/integrations/keys/${newId}/revoke`, {}, { 'HX-Request': 'true' });
    expect(revoked.status).toBe(200);
    // htmx gets the panel alone.
    expect(revoked.text.startsWith('<section id="keys-panel"')).toBe(true);
    expect(revoked.text).toContain('no longer works');
    await request(app.hosts.site).get('/api/keys').set('X-API-Key', newSecret).expect(401);
    const foreign = await browser.post('/settings/integrations/keys/key_nothere/revoke', {});
    expect(foreign.status).toBe(404);
  });
});

describe('OAuth clients on Integrations', () => {
  const token = (id: string, secret: string) =>
    request(app.hosts.site)
      .post('/oauth/token')
      .type('form')
      .auth(id, secret)
      .send({ grant_type: 'client_credentials' });

  it('creates a client of the session mode with the scopes ticked, its secret shown once; revoked, it issues no token', async () => {
    const { browser } = await signedIn();
    await browser.get('/settings/integrations');
    const none = await browser.post('/settings/integrations/clients', { name: 'no scopes' });
    expect(none.status).toBe(422);
    expect(none.text).toContain('Scopes must name at least one scope.');
    const created = await browser.post('/settings/integrations/clients', {
      name: 'Nightly sync',
      scopes: ['shipments:read', 'invoices:read', 'not:a-scope'],
    });
    expect(created.status).toBe(201);
    const id = /Client id: <code>(tlc_[^<]+)<\/code>/.exec(created.text)![1];
    const secret = /<code id="new-client-secret">(tl_cs_test_[0-9A-Za-z]{32})<\/code>/.exec(created.text)![1];
    const issued = await token(id, secret).expect(200);
    expect(issued.body.access_token).toMatch(/^tl_at_test_/);
    expect(issued.body.scope).toBe('invoices:read shipments:read');
    const revoked = await browser.post(`/settings/integrations/clients/${id}/revoke`, {}, { 'HX-Request': 'true' });
    expect(revoked.text.startsWith('<section id="clients-panel"')).toBe(true);
    expect(revoked.text).toContain('its tokens stop working');
    await token(id, secret).expect(401);
  });
});

describe('Overview', () => {
  it("shows the plan, today's use of each daily limit with its reset, and the tracking credits", async () => {
    const { browser, accountId } = await signedIn();
    const free = app.deps.access.entitlements.of('calculateTariff', 'free')!;
    for (let i = 0; i < 3; i++) await app.deps.access.quotas.take(`${accountId}:live`, free, app.clock.now());
    const page = (await browser.get('/dashboard')).text;
    expect(page).toMatch(/Tariff calculations and AI HTS searches<\/th>\s*<td>3 of 5<\/td>/);
    expect(page).toMatch(/Load plans<\/th>\s*<td>0 of 5<\/td>/);
    expect(page).toMatch(/Parcel quotes<\/th>\s*<td>0 of 5<\/td>/);
    expect(page).toContain('Resets 00:00 UTC, in');
    expect(page).toMatch(/<strong>0\.00<\/strong> credits/);
    expect(page).toContain('You are viewing <strong>test</strong> data');
  });
});

describe('Overview → billing', () => {
  it('sends a Free account to Stripe Checkout for Tariff Pro, and a paying one to the portal; Stripe says when the plan changes', async () => {
    const { browser, accountId } = await signedIn();
    await browser.get('/dashboard');
    await browser.post('/dashboard/mode', { mode: 'live', back: '/dashboard' });
    expect((await browser.get('/dashboard')).text).toContain('Upgrade to Tariff Pro');

    const upgrade = await browser.post('/dashboard/billing/upgrade', {});
    expect(upgrade.status).toBe(303);
    expect(upgrade.headers.location).toMatch(new RegExp(`^${stripe.url}/c/pay/cs_live_`));
    expect(stripe.calls.at(-1)?.body).toMatchObject({
      client_reference_id: accountId,
      success_url: expect.stringMatching(/\/dashboard\?checkout=success$/),
    });
    expect((await app.db.knex('accounts').where({ id: accountId }).first()).plan).toBe('free');

    stripe.down = true;
    try {
      const refused = await browser.post('/dashboard/billing/upgrade', {});
      expect(refused.status).toBe(502);
      expect(refused.text).toContain('Stripe did not');
    } finally {
      stripe.down = false;
    }

    const subscription = stripeSubscription({
      id: `sub_web_${accountId}`,
      accountId,
      product: 'tariff_pro',
      status: 'active',
      periodEnd: new Date(Date.now() + 30 * 24 * 3600 * 1000),
    });
    await sendStripeEvent(
      app,
      stripeEvent('customer.subscription.created', subscription, { createdAt: app.clock.now() }),
    ).expect(200);
    const paid = await browser.get('/dashboard');
    expect(paid.text).toContain('Manage billing');
    const portal = await browser.post('/dashboard/billing/portal', {});
    expect(portal.status).toBe(303);
    expect(portal.headers.location).toMatch(new RegExp(`^${stripe.url}/p/session/`));
  });
});

describe('headers and assets', () => {
  it('serves pages with a strict CSP, no caching, and fingerprinted assets cached for a year', async () => {
    const res = await request(app.hosts.site).get('/login').expect(200);
    const csp = res.headers['content-security-policy'];
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.text).not.toMatch(/<script>|style="|\son[a-z]+="/);
    const assets = [...new Set([...res.text.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]))];
    expect(assets).toHaveLength(4);
    for (const url of assets) {
      expect(url).toMatch(/\.[0-9a-f]{12}\.(js|css|svg)$/);
      const asset = await request(app.hosts.site).get(url).expect(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    await request(app.hosts.site).get('/assets/htmx.000000000000.js').expect(404);
  });

  it('writes the emailed link to the log when no SMTP server is set', async () => {
    const lines: string[] = [];
    const pino = (await import('pino')).default;
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const quiet = await createTestApp({ db: app.db, migrate: false, logger, config: { web: loadWebConfig({}) } });
    try {
      const browser = new WebBrowser(quiet.hosts.site, '203.0.113.250');
      await browser.get('/signup');
      expect((await browser.post('/signup', { email: `logged.${Date.now()}@example.com`, password })).status).toBe(201);
      const logged = lines.map((line) => JSON.parse(line)).find((entry) => entry.msg === 'email (no SMTP_URL set)');
      expect(logged.mail.text).toMatch(/http:\/\/localhost:3002\/verify-email\?token=[A-Za-z0-9_-]{43}/);
    } finally {
      await quiet.close();
    }
  });
});
