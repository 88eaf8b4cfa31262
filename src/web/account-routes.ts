import { type Request, type Response, Router } from 'express';
import { type CredentialActor, dailyUsage, keyStatus } from '../domain/access';
import type { BillingOwner } from '../domain/billing';
import { DomainError, invalidInput, type KeyMode } from '../domain/shared';
import type { Html } from './html';
import { graceChoices, integrationsPage, keysPanel, type KeysOutcome } from './pages/integrations-page';
import { type ClientsOutcome, clientsPanel } from './pages/oauth-clients-panel';
import { overviewPage } from './pages/overview-page';
import { refusedForm, sendPage } from './responses';
import { visitorOf } from './visitor';
import type { Visitor, WebServices } from './web-context';

/** The person signed in owns the account: they reach live and test keys alike, as its live key does. */
const ownerOf = (visitor: Visitor): CredentialActor => ({
  accountId: visitor.signedIn!.account.id,
  mode: 'live',
  expiring: false,
});

/** Billing is the account's, in the mode the person is viewing (test mode buys in Stripe's test mode). */
const billingOwnerOf = (visitor: Visitor): BillingOwner => {
  const { account, session } = visitor.signedIn!;
  return { accountId: account.id, email: account.email, plan: account.plan, livemode: session.mode === 'live' };
};

/** A page inside the app goes back to where the form was, never to another site. */
const backTo = (value: unknown): string =>
  typeof value === 'string' && /^\/[a-z/-]*$/.test(value) ? value : '/dashboard';

/** The overview, the test/live toggle and Settings → Integrations; signed-in people only. */
export function accountRoutes(web: WebServices): Router {
  const router = Router();
  const { accounts, entitlements, quotas } = web.access;
  const now = () => web.clock.now();

  router.use(['/dashboard', '/settings'], (_req, res, next) => {
    if (visitorOf(res).signedIn) return next();
    res.redirect(303, '/login');
  });

  async function overview(visitor: Visitor, notice?: string): Promise<Html> {
    const { account, session } = visitor.signedIn!;
    const at = now();
    const [usage, creditBalance, keys] = await Promise.all([
      dailyUsage(entitlements, quotas, account.id, account.plan, at),
      web.creditBalance(account.id),
      accounts.listKeys(ownerOf(visitor)),
    ]);
    const activeKeys = keys.filter((key) => key.mode === session.mode && keyStatus(key, at.getTime()) === 'active');
    return overviewPage(visitor, {
      usage,
      creditBalance,
      activeKeys: activeKeys.length,
      now: at,
      billingEnabled: web.billing.enabled(session.mode === 'live'),
      notice,
    });
  }

  router.get('/dashboard', async (_req, res) => sendPage(res, await overview(visitorOf(res))));

  // Stripe's pages: Checkout for Tariff Pro, the portal for a paid plan. The plan changes on Stripe's event, not here.
  const viaStripe =
    (open: (owner: BillingOwner, back: string) => Promise<string>) => async (req: Request, res: Response) => {
      const visitor = visitorOf(res);
      try {
        res.redirect(303, await open(billingOwnerOf(visitor), `${req.protocol}://${req.get('host')}/dashboard`));
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        sendPage(res, await overview(visitor, error.message), error);
      }
    };
  router.post(
    '/dashboard/billing/upgrade',
    viaStripe(
      async (owner, back) =>
        (
          await web.billing.createCheckout(owner, {
            product: 'tariff_pro',
            successUrl: `${back}?checkout=success`,
            cancelUrl: `${back}?checkout=cancelled`,
          })
        ).url,
    ),
  );
  router.post(
    '/dashboard/billing/portal',
    viaStripe((owner, back) => web.billing.createPortal(owner, back)),
  );

  router.post('/dashboard/mode', async (req, res) => {
    const body = req.body as Record<string, unknown>;
    const mode: KeyMode = body.mode === 'live' ? 'live' : 'test';
    await web.people.setMode(visitorOf(res).signedIn!.session, mode);
    res.redirect(303, backTo(body.back));
  });

  router.get('/settings', (_req, res) => res.redirect(303, '/settings/integrations'));

  const renderKeys = async (visitor: Visitor, outcome: KeysOutcome): Promise<Html> =>
    keysPanel(visitor, await accounts.listKeys(ownerOf(visitor)), outcome, now().getTime());
  const renderClients = async (visitor: Visitor, outcome: ClientsOutcome): Promise<Html> =>
    clientsPanel(visitor, await accounts.listClients(ownerOf(visitor)), web.oauthScopes, outcome);

  /** The changed panel alone for htmx, the whole page (both panels) otherwise. */
  async function sendPanel(
    req: Request,
    res: Response,
    changed: { keys: KeysOutcome } | { clients: ClientsOutcome },
    error?: DomainError,
  ): Promise<void> {
    const visitor = visitorOf(res);
    const keys = 'keys' in changed ? changed.keys : {};
    const clients = 'clients' in changed ? changed.clients : {};
    if (req.headers['hx-request'] === 'true')
      return sendPage(
        res,
        'keys' in changed ? await renderKeys(visitor, keys) : await renderClients(visitor, clients),
        error,
      );
    const panels = [await renderKeys(visitor, keys), await renderClients(visitor, clients)];
    sendPage(res, integrationsPage(visitor, panels), error);
  }
  const sendKeys = (req: Request, res: Response, outcome: KeysOutcome, error?: DomainError) =>
    sendPanel(req, res, { keys: outcome }, error);

  router.get('/settings/integrations', (req, res) => sendKeys(req, res, {}));

  router.post('/settings/integrations/keys', async (req, res) => {
    const visitor = visitorOf(res);
    const raw = (req.body as Record<string, unknown>).name;
    const name = typeof raw === 'string' && raw.trim() !== '' ? raw.trim().slice(0, 100) : null;
    const created = await accounts.createKey(ownerOf(visitor), visitor.signedIn!.session.mode, name);
    await sendKeys(req, res.status(201), { created });
  });

  router.post('/settings/integrations/keys/:keyId/revoke', async (req, res) => {
    const visitor = visitorOf(res);
    const key = await keyAction(req, res, () => accounts.revokeKey(ownerOf(visitor), String(req.params.keyId)));
    if (key)
      await sendKeys(req, res, { message: `Revoked ${key.name ?? 'the key'} (…${key.last4}): it no longer works.` });
  });

  router.post('/settings/integrations/keys/:keyId/rotate', async (req, res) => {
    const visitor = visitorOf(res);
    const asked = Number((req.body as Record<string, unknown>).grace_period_seconds);
    const grace = graceChoices.find((choice) => choice.seconds === asked) ?? graceChoices[2];
    const rotated = await keyAction(req, res, () =>
      accounts.rotateKey(ownerOf(visitor), String(req.params.keyId), grace.seconds),
    );
    if (rotated)
      await sendKeys(req, res.status(201), {
        created: rotated.replacement,
        message: `Rotated …${rotated.old.last4}: the old key stops ${grace.label}.`,
      });
  });

  /** The session's mode: a test session makes test clients, as a test key would. */
  const modeActor = (visitor: Visitor): CredentialActor => ({
    ...ownerOf(visitor),
    mode: visitor.signedIn!.session.mode,
  });

  router.post('/settings/integrations/clients', async (req, res) => {
    const visitor = visitorOf(res);
    const body = req.body as Record<string, unknown>;
    const asked = ([] as unknown[]).concat(body.scopes ?? []).filter((s): s is string => typeof s === 'string');
    const name = typeof body.name === 'string' && body.name.trim() !== '' ? body.name.trim().slice(0, 100) : null;
    const scopes = asked.filter((scope) => web.oauthScopes.includes(scope));
    if (scopes.length === 0) {
      const error = invalidInput('scopes', 'must name at least one scope');
      const form = refusedForm(error, { name: name ?? '', scopes: '' });
      return sendPanel(req, res, { clients: { form } }, error);
    }
    const created = await accounts.createClient(modeActor(visitor), name, scopes);
    await sendPanel(req, res.status(201), { clients: { created } });
  });

  router.post('/settings/integrations/clients/:clientId/revoke', async (req, res) => {
    const visitor = visitorOf(res);
    try {
      const client = await accounts.revokeClient(ownerOf(visitor), String(req.params.clientId));
      await sendPanel(req, res, {
        clients: { message: `Revoked ${client.name ?? client.id}: its tokens stop working.` },
      });
    } catch (error) {
      if (!(error instanceof DomainError) || error.kind !== 'not_found') throw error;
      await sendPanel(req, res, { clients: { form: refusedForm(error, {}) } }, error);
    }
  });

  /** A key action refused by the domain (not found, already rotated) is shown on the panel, not as an error page. */
  async function keyAction<T>(req: Request, res: Response, action: () => Promise<T>): Promise<T | null> {
    try {
      return await action();
    } catch (error) {
      if (!(error instanceof DomainError) || !['not_found', 'conflict', 'forbidden'].includes(error.kind)) throw error;
      await sendKeys(req, res, { form: refusedForm(error, {}) }, error);
      return null;
    }
  }
  return router;
}
