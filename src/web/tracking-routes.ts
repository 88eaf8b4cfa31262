import { type Response, Router } from 'express';
import { DomainError } from '../domain/shared';
import { DuplicateSubscriptionError } from '../domain/tracking';
import { emptyForm, type FormState } from './pages/layout';
import { containerPage, type TrackedRow, trackingListPage } from './pages/tracking-page';
import { refusedForm, sendPage } from './responses';
import { signedInOnly, visitorOf } from './visitor';
import type { Visitor, WebServices } from './web-context';

/** The account's tracked containers in the session's mode, on the API's subscription service. */
export function trackingRoutes(web: WebServices): Router {
  const router = Router();
  const { subscriptions } = web.tracking;
  router.use('/tracking', signedInOnly);
  const scope = (visitor: Visitor) => {
    const { account, session } = visitor.signedIn!;
    return { account, livemode: session.mode === 'live' };
  };

  async function rows(visitor: Visitor): Promise<TrackedRow[]> {
    const { account, livemode } = scope(visitor);
    const page = await subscriptions.list(account.id, livemode, { limit: 100, cursor: null, status: null });
    const containers = await subscriptions.firstContainers(
      account.id,
      livemode,
      page.data.map((s) => s.id),
    );
    return page.data.reverse().map((subscription) => ({ subscription, container: containers.get(subscription.id) }));
  }

  router.get('/tracking', async (_req, res) => {
    const visitor = visitorOf(res);
    sendPage(res, trackingListPage(visitor, await rows(visitor), emptyForm));
  });

  /** A refusal shown on the list page, with the status it deserves (404, 402, 422…). */
  async function refused(res: Response, visitor: Visitor, error: unknown, form: FormState) {
    if (!(error instanceof DomainError)) throw error;
    sendPage(res, trackingListPage(visitor, await rows(visitor), form), error);
  }

  router.post('/tracking', async (req, res) => {
    const visitor = visitorOf(res);
    const { account, livemode } = scope(visitor);
    const posted = (req.body as { reference?: unknown }).reference;
    const reference = typeof posted === 'string' ? posted : '';
    try {
      try {
        // The same create as POST /api/tracking/subscriptions: a credit unless a test-mode sample (or covered).
        const created = await subscriptions.create({
          accountId: account.id,
          livemode,
          referenceType: 'container',
          reference,
          carrierScac: null,
          plan: account.plan,
          shipmentId: null,
        });
        if (!livemode) await web.tracking.refreshNow(created);
        res.redirect(303, `/tracking/containers/${created.containers[0].containerNumber}`);
      } catch (error) {
        // Already tracked: its page is what the person wants.
        if (!(error instanceof DuplicateSubscriptionError) || !error.existingId) throw error;
        const existing = await subscriptions.get(account.id, livemode, error.existingId);
        res.redirect(303, `/tracking/containers/${existing.containers[0]?.containerNumber ?? ''}`);
      }
    } catch (error) {
      const form = error instanceof DomainError ? refusedForm(error, { reference }) : emptyForm;
      await refused(res, visitor, error, form);
    }
  });

  router.get('/tracking/containers/:container', async (req, res) => {
    const visitor = visitorOf(res);
    const { account, livemode } = scope(visitor);
    try {
      const container = await subscriptions.getContainer(account.id, livemode, req.params.container);
      sendPage(res, containerPage(visitor, container, await web.tracking.track(livemode, container)));
    } catch (error) {
      await refused(res, visitor, error, { ...emptyForm, error: error instanceof Error ? error.message : '' });
    }
  });
  return router;
}
