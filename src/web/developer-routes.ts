import { type Request, Router } from 'express';
import { allPages, DomainError } from '../domain/shared';
import type { WebhookEndpoint } from '../domain/webhooks';
import type { FormState } from './pages/layout';
import {
  endpointPage,
  type EndpointOutcome,
  eventPage,
  eventsPage,
  type EndpointsOutcome,
  webhooksPage,
} from './pages/developers-pages';
import { refusedForm, sendPage, withForm, withResource } from './responses';
import { accountScopeOf, signedInOnly, visitorOf } from './visitor';
import type { Visitor, WebServices } from './web-context';

/** The delivery log and the event list show this many rows a page. */
const pageSize = 50;

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** What the last action did, as its redirect said (`?queued=evt_…`, `?done=enabled`); our words, never the URL's. */
function noticeOf(req: Request): string | undefined {
  const queued = text(req.query.queued);
  if (/^evt_[a-z0-9]{1,40}$/.test(queued))
    return `Event ${queued} queued: the delivery worker sends it within seconds (reload to see the attempt).`;
  if (req.query.done === 'enabled') return 'Endpoint enabled.';
  if (req.query.done === 'disabled') return 'Endpoint disabled: no events are sent to it.';
  return undefined;
}

/** Developers → Webhooks and Events: the account's endpoints, deliveries and events, on the API's webhook service. */
export function developerRoutes(web: WebServices): Router {
  const router = Router();
  const { webhooks } = web;
  router.use('/developers', signedInOnly);
  router.get('/developers', (_req, res) => res.redirect(303, '/developers/requests'));

  const owner = (visitor: Visitor) => accountScopeOf(visitor);
  async function endpointsOf(visitor: Visitor): Promise<WebhookEndpoint[]> {
    const endpoints: WebhookEndpoint[] = [];
    for await (const endpoint of allPages((cursor) => webhooks.list(owner(visitor), 100, cursor)))
      endpoints.push(endpoint);
    return endpoints;
  }

  const renderEndpoints = async (visitor: Visitor, outcome: EndpointsOutcome) =>
    webhooksPage(visitor, await endpointsOf(visitor), outcome);

  router.get('/developers/webhooks', async (_req, res) => sendPage(res, await renderEndpoints(visitorOf(res), {})));

  router.post('/developers/webhooks', async (req, res) => {
    const visitor = visitorOf(res);
    const body = req.body as Record<string, unknown>;
    const values = { url: text(body.url), events: text(body.events), description: text(body.description) };
    await withForm(
      res,
      async () => {
        const created = await webhooks.create(owner(visitor), {
          url: values.url,
          events: values.events.split(',').map((type) => type.trim()),
          description: values.description === '' ? null : values.description.slice(0, 200),
        });
        sendPage(res.status(201), await renderEndpoints(visitor, { created }));
      },
      async (error) => renderEndpoints(visitor, { form: endpointForm(error, values) }),
    );
  });

  async function renderEndpoint(visitor: Visitor, id: string, outcome: EndpointOutcome) {
    const endpoint = await webhooks.get(owner(visitor), id);
    const attempts = await webhooks.attempts(owner(visitor), id, pageSize);
    return endpointPage(visitor, endpoint, attempts.data, outcome);
  }

  router.get(
    '/developers/webhooks/:id',
    withResource(async (req, res) =>
      sendPage(res, await renderEndpoint(visitorOf(res), req.params.id as string, { message: noticeOf(req) })),
    ),
  );

  // Actions answer with a redirect to the page (a reload, as its delivery log asks, sends nothing twice),
  // except a rotation: its new secret is shown on the answer, this once.
  router.post(
    '/developers/webhooks/:id/test',
    withResource(async (req, res) => {
      const id = req.params.id as string;
      const event = await webhooks.ping(owner(visitorOf(res)), id);
      res.redirect(303, `/developers/webhooks/${id}?queued=${event.id}`);
    }),
  );

  router.post(
    '/developers/webhooks/:id/status',
    withResource(async (req, res) => {
      const id = req.params.id as string;
      const status = (req.body as Record<string, unknown>).status === 'enabled' ? 'enabled' : 'disabled';
      await webhooks.update(owner(visitorOf(res)), id, { status });
      res.redirect(303, `/developers/webhooks/${id}?done=${status}`);
    }),
  );

  router.post(
    '/developers/webhooks/:id/rotate-secret',
    withResource(async (req, res) => {
      const visitor = visitorOf(res);
      const id = req.params.id as string;
      const { secret } = await webhooks.rotateSecret(owner(visitor), id);
      sendPage(res, await renderEndpoint(visitor, id, { secret }));
    }),
  );

  router.post(
    '/developers/webhooks/:id/delete',
    withResource(async (req, res) => {
      await webhooks.remove(owner(visitorOf(res)), req.params.id as string);
      res.redirect(303, '/developers/webhooks');
    }),
  );

  router.get('/developers/events', async (req, res) => {
    const visitor = visitorOf(res);
    const type = text(req.query.type).slice(0, 100);
    const cursor = text(req.query.cursor);
    const found = await listEvents(visitor, type, cursor);
    const older = found.nextCursor
      ? `/developers/events?${new URLSearchParams({ ...(type ? { type } : {}), cursor: found.nextCursor }).toString()}`
      : null;
    sendPage(res, eventsPage(visitor, found.data, { type, olderHref: older }));
  });

  /** A cursor the person edited by hand is as good as none: the first page. */
  async function listEvents(visitor: Visitor, type: string, cursor: string) {
    const filter = type === '' ? {} : { type };
    try {
      return await webhooks.listEvents(owner(visitor), filter, pageSize, cursor === '' ? undefined : cursor);
    } catch (error) {
      if (!(error instanceof DomainError) || cursor === '') throw error;
      return webhooks.listEvents(owner(visitor), filter, pageSize);
    }
  }

  const renderEvent = async (visitor: Visitor, id: string, outcome: EndpointOutcome) =>
    eventPage(visitor, await webhooks.getEvent(owner(visitor), id), await endpointsOf(visitor), outcome);

  router.get(
    '/developers/events/:id',
    withResource(async (req, res) =>
      sendPage(res, await renderEvent(visitorOf(res), req.params.id as string, { message: noticeOf(req) })),
    ),
  );

  // To one endpoint (its page's button) the answer is that endpoint's page; to all, the event's.
  router.post(
    '/developers/events/:id/redeliver',
    withResource(async (req, res) => {
      const visitor = visitorOf(res);
      const id = req.params.id as string;
      // The event must be the account's before anything else is said about it (404 otherwise).
      await webhooks.getEvent(owner(visitor), id);
      const endpointId = text((req.body as Record<string, unknown>).endpoint_id);
      await withForm(
        res,
        async () => {
          const { endpoints } = await webhooks.redeliver(owner(visitor), id, endpointId || undefined);
          if (endpoints.length === 0)
            return sendPage(
              res,
              await renderEvent(visitor, id, {
                message: 'No enabled endpoint subscribes to this event type: nothing was sent.',
              }),
            );
          const page = endpointId ? `/developers/webhooks/${endpointId}` : `/developers/events/${id}`;
          res.redirect(303, `${page}?queued=${id}`);
        },
        async (error) => renderEvent(visitor, id, { form: refusedForm(error, {}) }),
      );
    }),
  );
  return router;
}

/** A refused endpoint: the events field is one box here, where the API points at one item of its list. */
function endpointForm(error: DomainError, values: Record<string, string>): FormState {
  const form = refusedForm(error, values);
  const fields: Record<string, string> = {};
  for (const [field, message] of Object.entries(form.fields))
    fields[field.startsWith('events') ? 'events' : field] = field.startsWith('events')
      ? 'must be *, a family with .* or a family.verb'
      : message;
  return { ...form, error: error.message, fields };
}
