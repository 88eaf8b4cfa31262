import request from 'supertest';
import { sha256Hex } from '../../src/domain/access';
import { signUp } from '../support/accounts';
import { WebBrowser } from '../support/web-browser';
import { startWebApp, type WebApp } from '../support/web-site';

let app: WebApp;
let ipCounter = 0;
const freshIp = () => `192.0.2.${++ipCounter}`;
const password = 'correct horse battery';

beforeAll(async () => {
  app = await startWebApp({
    baseUrl: 'http://localhost:4000',
    config: { trustProxy: true },
  });
});
afterAll(async () => {
  await app.close();
});

let emailCounter = 0;
const newEmail = () => `person${++emailCounter}.${Date.now()}@example.com`;

/** Signs up on the page and follows the emailed link: a browser ready to sign in. */
async function signedUp(email = newEmail()): Promise<{ browser: WebBrowser; email: string; firstKey: string }> {
  const browser = new WebBrowser(app.hosts.site, freshIp());
  await browser.get('/signup');
  const res = await browser.post('/signup', { email, password });
  expect(res.status).toBe(201);
  const firstKey = /<code id="first-key">(tl_live_[0-9A-Za-z]{32})<\/code>/.exec(res.text)?.[1];
  expect(firstKey).toBeDefined();
  const link = await app.sink.linkFor(email, '/verify-email');
  const verified = await browser.get(new URL(link).pathname + new URL(link).search);
  expect(verified.status).toBe(200);
  return { browser, email, firstKey: firstKey! };
}

async function signedIn(): Promise<{ browser: WebBrowser; email: string; firstKey: string }> {
  const person = await signedUp();
  await person.browser.get('/login');
  const res = await person.browser.post('/login', { email: person.email, password });
  expect(res.status).toBe(303);
  expect(res.headers.location).toBe('/dashboard');
  return person;
}

describe('sign-up, verification and sign-in', () => {
  it('creates the account and first live key of POST /api/signup, emails a verification link, then signs in', async () => {
    const email = newEmail();
    const browser = new WebBrowser(app.hosts.site, freshIp());
    await browser.get('/signup');
    const res = await browser.post('/signup', { email: email.toUpperCase(), password });
    expect(res.status).toBe(201);
    const key = /<code id="first-key">(tl_live_[0-9A-Za-z]{32})<\/code>/.exec(res.text)![1];
    // The key works on the API as the API's own sign-up key does.
    const keys = await request(app.hosts.site).get('/api/keys').set('Authorization', `Bearer ${key}`).expect(200);
    expect(keys.body.data).toMatchObject([{ name: 'Default key', mode: 'live', status: 'active' }]);
    const account = await app.db.knex('accounts').where({ email }).first();
    expect(account.plan).toBe('free');
    const login = await app.db.knex('web_logins').where({ account_id: account.id }).first();
    expect(login.password_hash).toMatch(/^\$argon2id\$/);
    expect(login.email_verified_at).toBeNull();

    await browser.get('/login');
    const early = await browser.post('/login', { email, password });
    expect(early.status).toBe(403);
    expect(early.text).toContain('Verify your email first');

    const link = await app.sink.linkFor(email, '/verify-email');
    expect(link.startsWith('http://localhost:4000/verify-email?token=')).toBe(true);
    const url = new URL(link);
    const verified = await browser.get(url.pathname + url.search);
    expect(verified.status).toBe(200);
    expect(verified.text).toContain('Your email is verified');
    // A link works once.
    expect((await browser.get(url.pathname + url.search)).status).toBe(404);

    const signIn = await browser.post('/login', { email, password });
    expect(signIn.status).toBe(303);
    const cookie = (signIn.headers['set-cookie'] as unknown as string[]).find((line) =>
      line.startsWith('tl_session='),
    )!;
    expect(cookie).toMatch(/; Path=\/; HttpOnly; SameSite=Lax; Secure; Max-Age=604800$/);
    const overview = await browser.get('/dashboard');
    expect(overview.status).toBe(200);
    expect(overview.text).toContain('<strong>Free</strong>');
    expect(overview.text).toContain(email);
  });

  it('refuses an email already registered through the API (409) and a short password (422), fields marked', async () => {
    const taken = await signUp(app);
    const browser = new WebBrowser(app.hosts.site, freshIp());
    await browser.get('/signup');
    const conflict = await browser.post('/signup', { email: taken.email, password });
    expect(conflict.status).toBe(409);
    expect(conflict.text).toContain('An account with this email already exists.');
    expect(conflict.text).toMatch(/id="f-email"[^>]*aria-invalid="true"/);
    const short = await browser.post('/signup', { email: newEmail(), password: 'short' });
    expect(short.status).toBe(422);
    expect(short.text).toContain('Password must be at least 10 characters.');
    const invalid = await browser.post('/signup', { email: 'not-an-email', password });
    expect(invalid.status).toBe(422);
    expect(invalid.text).toContain('Email must be an email address.');
  });

  it('counts web sign-ups against the API sign-up limit of the address (5 a day)', async () => {
    const browser = new WebBrowser(app.hosts.site, freshIp());
    await browser.get('/signup');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await browser.post('/signup', { email: newEmail(), password })).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    expect(browser.lastPage).toContain('At most 5 sign-ups a day from one network address');
  });

  it('throttles failed sign-ins per account (5 in 15 min) with a clear message, even for the right password', async () => {
    const { email } = await signedUp();
    const browser = new WebBrowser(app.hosts.site, freshIp());
    await browser.get('/login');
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await browser.post('/login', { email, password: 'wrong password!' })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    const refused = await browser.post('/login', { email, password });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(800);
    expect(refused.text).toContain('Too many failed sign-ins for this account. Try again in 15 minutes');
    app.clock.advance(15 * 60_000 + 1000);
    expect((await browser.post('/login', { email, password })).status).toBe(303);
  });

  it('throttles failed sign-ins per address (20 in 15 min) across accounts', async () => {
    const browser = new WebBrowser(app.hosts.site, freshIp());
    await browser.get('/login');
    const statuses = new Set<number>();
    for (let i = 0; i < 20; i++) statuses.add((await browser.post('/login', { email: newEmail(), password })).status);
    expect([...statuses]).toEqual([401]);
    const refused = await browser.post('/login', { email: newEmail(), password });
    expect(refused.status).toBe(429);
    expect(refused.text).toContain('Too many failed sign-ins for your network address');
  });

  it('never signs a person in with an API key, and a session never authenticates the JSON API', async () => {
    const { browser, email, firstKey } = await signedIn();
    expect((await browser.get('/dashboard')).status).toBe(200);
    const other = new WebBrowser(app.hosts.site, freshIp());
    await other.get('/login');
    expect((await other.post('/login', { email, password: firstKey })).status).toBe(401);
    const keyed = await request(app.hosts.site).get('/dashboard').set('Authorization', `Bearer ${firstKey}`);
    expect(keyed.status).toBe(303);
    expect(keyed.headers.location).toBe('/login');
    const cookie = `tl_session=${browser.cookies.get('tl_session')}`;
    const api = await request(app.hosts.site).get('/api/keys').set('Cookie', cookie);
    expect(api.status).toBe(401);
    expect(api.headers['content-type']).toContain('application/problem+json');
  });

  it('logs out: the session row is gone and the pages ask to sign in again', async () => {
    const { browser } = await signedIn();
    await browser.get('/dashboard');
    const token = browser.cookies.get('tl_session')!;
    const res = await browser.post('/logout', {});
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/login');
    expect(
      await app.db
        .knex('web_sessions')
        .where({ id_hash: sha256Hex(token) })
        .first(),
    ).toBeUndefined();
    const again = await request(app.hosts.site).get('/dashboard').set('Cookie', `tl_session=${token}`);
    expect(again.status).toBe(303);
  });

  it('resets a password by an emailed link: sessions signed out, the new password works, the link works once', async () => {
    const { browser, email } = await signedIn();
    const stranger = new WebBrowser(app.hosts.site, freshIp());
    await stranger.get('/forgot-password');
    const sent = await stranger.post('/forgot-password', { email });
    expect(sent.text).toContain('If an account uses that email, a reset link is on its way');
    // An unknown email gets the same answer and no mail.
    const before = app.sink.mails.length;
    const unknown = await stranger.post('/forgot-password', { email: newEmail() });
    expect(unknown.text).toContain('If an account uses that email');
    const link = new URL(await app.sink.linkFor(email, '/reset-password'));
    await stranger.get(link.pathname + link.search);
    const newPassword = 'a brand new passphrase';
    const reset = await stranger.post('/reset-password', {
      token: link.searchParams.get('token')!,
      password: newPassword,
    });
    expect(reset.status).toBe(200);
    expect(reset.text).toContain('Your password is changed');
    expect(app.sink.mails.slice(before).filter((mail) => mail.data.includes('/reset-password'))).toHaveLength(0);
    expect((await browser.get('/dashboard')).status).toBe(303);
    const reused = await stranger.post('/reset-password', { token: link.searchParams.get('token')!, password });
    expect(reused.status).toBe(404);
    await stranger.get('/login');
    expect((await stranger.post('/login', { email, password })).status).toBe(401);
    expect((await stranger.post('/login', { email, password: newPassword })).status).toBe(303);
  });
});

describe('CSRF', () => {
  it('refuses a form without the token, with a wrong token, or sent from another site (403)', async () => {
    const { browser } = await signedIn();
    await browser.get('/settings/integrations');
    const keysBefore = await app.db.knex('api_keys').count({ n: '*' });
    const missing = await browser.post('/settings/integrations/keys', { _csrf: '', name: 'forged' });
    expect(missing.status).toBe(403);
    expect(missing.text).toContain('This form has expired or did not come from this page');
    const wrong = await browser.post('/settings/integrations/keys', { _csrf: 'x'.repeat(64), name: 'forged' });
    expect(wrong.status).toBe(403);
    const crossSite = await browser.post(
      '/settings/integrations/keys',
      { name: 'forged' },
      { 'Sec-Fetch-Site': 'cross-site' },
    );
    expect(crossSite.status).toBe(403);
    expect(await app.db.knex('api_keys').count({ n: '*' })).toEqual(keysBefore);
    const anonymous = new WebBrowser(app.hosts.site, freshIp());
    await anonymous.get('/login');
    expect((await anonymous.post('/login', { _csrf: '', email: newEmail(), password })).status).toBe(403);
    // The header htmx sends is taken as the field is.
    const viaHeader = await browser.post(
      '/settings/integrations/keys',
      { _csrf: '', name: 'by htmx' },
      {
        'X-CSRF-Token': browser.csrf(),
        'HX-Request': 'true',
      },
    );
    expect(viaHeader.status).toBe(201);
  });
});
