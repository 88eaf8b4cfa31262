import { type Request, Router } from 'express';
import { parseStatusFilter, type RequestLogFilter } from '../domain/request-log';
import { DomainError } from '../domain/shared';
import { type KeyLabels, requestPage, requestsPage } from './pages/request-log-pages';
import { refusedForm, sendPage, withResource } from './responses';
import { accountScopeOf, signedInOnly, visitorOf } from './visitor';
import type { Visitor, WebServices } from './web-context';

/** The request log shows this many rows a page. */
const pageSize = 50;

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** Developers → Requests: the account's API request log, on the request log service. */
export function requestLogRoutes(web: WebServices): Router {
  const router = Router();
  router.use('/developers/requests', signedInOnly);

  /** The account's keys of both modes by id, as the integrations page names them. */
  async function keyLabels(visitor: Visitor): Promise<KeyLabels> {
    const keys = await web.access.accounts.listKeys({
      accountId: visitor.signedIn!.account.id,
      mode: 'live',
      expiring: false,
    });
    return new Map(keys.map((key) => [key.id, `${key.prefix}…${key.last4}${key.name ? ` · ${key.name}` : ''}`]));
  }

  router.get('/developers/requests', async (req, res) => {
    const visitor = visitorOf(res);
    const values = { status: text(req.query.status).slice(0, 10), path: text(req.query.path).slice(0, 255) };
    let filter: RequestLogFilter;
    try {
      filter = { status: parseStatusFilter(values.status), pathPrefix: values.path || undefined };
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      const form = { ...refusedForm(error, values), error: error.message };
      return sendPage(res, requestsPage(visitor, [], new Map(), { form, olderHref: null }), error);
    }
    const found = await listRequests(visitor, filter, text(req.query.cursor));
    const kept = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''));
    const older = found.nextCursor
      ? `/developers/requests?${new URLSearchParams({ ...kept, cursor: found.nextCursor }).toString()}`
      : null;
    sendPage(
      res,
      requestsPage(visitor, found.data, await keyLabels(visitor), { form: { values, fields: {} }, olderHref: older }),
    );
  });

  /** A cursor the person edited by hand is as good as none: the first page. */
  async function listRequests(visitor: Visitor, filter: RequestLogFilter, cursor: string) {
    const owner = accountScopeOf(visitor);
    try {
      return await web.requestLog.list(owner, filter, pageSize, cursor === '' ? undefined : cursor);
    } catch (error) {
      if (!(error instanceof DomainError) || cursor === '') throw error;
      return web.requestLog.list(owner, filter, pageSize);
    }
  }

  router.get(
    '/developers/requests/:requestId',
    withResource(async (req: Request, res) => {
      const visitor = visitorOf(res);
      const entry = await web.requestLog.get(accountScopeOf(visitor), req.params.requestId as string);
      sendPage(res, requestPage(visitor, entry, await keyLabels(visitor)));
    }),
  );
  return router;
}
