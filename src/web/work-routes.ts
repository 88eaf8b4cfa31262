import { type Request, type Response, Router } from 'express';
import { shipmentActions, type ShipmentAction, shipmentStatuses } from '../domain/shipments';
import { attachmentDisposition } from '../http/content-disposition';
import type { Page } from '../domain/shared';
import type { FormState } from './pages/layout';
import { planLabels } from './pages/overview-page';
import { shipmentPage, shipmentsPage } from './pages/shipment-pages';
import { documentsPage, invoicePage, invoicesPage, ltlRequestsPage, workNotInPlanPage } from './pages/work-pages';
import { refusedForm, sendPage, withForm, withResource } from './responses';
import { accountScopeOf, signedInOnly, visitorOf } from './visitor';
import type { Visitor, WebServices } from './web-context';

const pageSize = 50;
/** A shipment's page lists this many of its invoices and documents. */
const paperworkShown = 20;

const cursorOf = (req: Request): string | null =>
  typeof req.query.cursor === 'string' && req.query.cursor !== '' ? req.query.cursor : null;

/** The link to the next page of a list, keeping its filters. */
const olderHref = (path: string, page: Page<unknown>, filters: Record<string, string> = {}): string | null =>
  page.nextCursor ? `${path}?${new URLSearchParams({ ...filters, cursor: page.nextCursor }).toString()}` : null;

/**
 * The account's work (shipments, invoices, documents, LTL requests) in the session's mode, on the
 * services the account API calls; the business plan's, as the API is (entitlements.yaml).
 */
export function workRoutes(web: WebServices): Router {
  const router = Router();
  const { shipments, invoices, documents, ltl } = web.work;
  const scope = (res: Response) => accountScopeOf(visitorOf(res));

  router.use('/work', signedInOnly, (_req, res, next) => {
    const { plan } = visitorOf(res).signedIn!.account;
    if (web.access.entitlements.of('listShipments', plan)) return next();
    sendPage(res.status(403), workNotInPlanPage(visitorOf(res), planLabels[plan]));
  });
  router.get('/work', (_req, res) => res.redirect(303, '/work/shipments'));

  router.get('/work/shipments', async (req, res) => {
    const asked = req.query.status;
    const status = shipmentStatuses.find((known) => known === asked) ?? null;
    const found = await shipments.list(scope(res), status ? { status } : {}, pageSize, cursorOf(req));
    const older = olderHref('/work/shipments', found, status ? { status } : {});
    sendPage(res, shipmentsPage(visitorOf(res), found.data, { status, olderHref: older }));
  });

  async function renderShipment(visitor: Visitor, id: string, form?: FormState) {
    const owner = accountScopeOf(visitor);
    const view = await shipments.get(owner, id);
    const [billed, filed] = await Promise.all([
      invoices.list(owner, { shipmentId: id }, paperworkShown, null),
      documents.list(owner, { shipmentId: id }, paperworkShown, null),
    ]);
    return shipmentPage(visitor, { view, invoices: billed.data, documents: filed.data, form });
  }

  router.get(
    '/work/shipments/:id',
    withResource(async (req, res) => sendPage(res, await renderShipment(visitorOf(res), req.params.id as string))),
  );

  // The state machine's buttons: book (tracking starts), depart, arrive, deliver, cancel, as the API's actions.
  for (const action of Object.keys(shipmentActions) as ShipmentAction[])
    router.post(
      `/work/shipments/:id/${action}`,
      withResource(async (req, res) => {
        const id = req.params.id as string;
        const visitor = visitorOf(res);
        await withForm(
          res,
          async () => {
            await shipments.transition(scope(res), id, action);
            res.redirect(303, `/work/shipments/${id}`);
          },
          (error) => renderShipment(visitor, id, refusedForm(error, {})),
        );
      }),
    );

  router.get('/work/invoices', async (req, res) => {
    const found = await invoices.list(scope(res), {}, pageSize, cursorOf(req));
    sendPage(res, invoicesPage(visitorOf(res), found.data, olderHref('/work/invoices', found)));
  });

  router.get(
    '/work/invoices/:id',
    withResource(async (req, res) =>
      sendPage(res, invoicePage(visitorOf(res), await invoices.get(scope(res), req.params.id as string))),
    ),
  );

  router.get(
    '/work/invoices/:id/pdf',
    withResource(async (req, res) => {
      const invoice = await invoices.get(scope(res), req.params.id as string);
      const pdf = await web.work.invoicePdf(invoice);
      res
        .type('application/pdf')
        .setHeader('Content-Disposition', `inline; filename="${invoice.number ?? invoice.id}.pdf"`)
        .send(pdf);
    }),
  );

  router.get('/work/documents', async (req, res) => {
    const found = await documents.list(scope(res), {}, pageSize, cursorOf(req));
    sendPage(res, documentsPage(visitorOf(res), found.data, olderHref('/work/documents', found)));
  });

  router.get(
    '/work/documents/:id/content',
    withResource(async (req, res) => {
      const { document, data } = await documents.content(scope(res), req.params.id as string);
      // An attachment in its stored type: never shown inline on our origin, whatever the file holds.
      res
        .type(document.contentType)
        .setHeader('Content-Disposition', attachmentDisposition(document.filename))
        .send(data);
    }),
  );

  router.get('/work/ltl-requests', async (req, res) => {
    const found = await ltl.list(scope(res), undefined, pageSize, cursorOf(req));
    sendPage(res, ltlRequestsPage(visitorOf(res), found.data, olderHref('/work/ltl-requests', found)));
  });
  return router;
}
