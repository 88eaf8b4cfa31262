import { type Request, Router } from 'express';
import type { Page } from '../domain/shared';
import { storedCalculationsPage } from './pages/stored-calculations-page';
import { alertsPage, historyPage } from './pages/tariff-alerts-pages';
import { refusedForm, sendPage, withForm, withResource } from './responses';
import { proGate } from './tariff-pro-routes';
import { accountScopeOf, visitorOf } from './visitor';
import type { Visitor, WebServices } from './web-context';

const pageSize = 50;
const cursorOf = (req: Request): string | null =>
  typeof req.query.cursor === 'string' && req.query.cursor !== '' ? req.query.cursor : null;
const olderHref = (path: string, page: Page<unknown>): string | null =>
  page.nextCursor ? `${path}?cursor=${encodeURIComponent(page.nextCursor)}` : null;
const words = (value: unknown): string[] =>
  (typeof value === 'string' ? value : '').split(/[\s,]+/).filter((word) => word !== '');

/** Stored calculations with their PDFs, alerts and a line's rate history, on the tariff host's services (signed in, under /tools). */
export function tariffProDataRoutes(web: WebServices): Router {
  const router = Router();
  const calculations = '/tools/pro/calculations';
  const alerts = '/tools/pro/alerts';
  router.use(calculations, proGate(web, 'listTariffCalculations'));
  router.use(alerts, proGate(web, 'listTariffAlerts'));
  router.use('/tools/pro/history', proGate(web, 'getHtsLineHistory'));

  router.get(calculations, async (req, res) => {
    const visitor = visitorOf(res);
    const found = await web.pro.calculations(accountScopeOf(visitor), pageSize, cursorOf(req));
    sendPage(res, storedCalculationsPage(visitor, found.data, olderHref(calculations, found)));
  });

  router.get(
    `${calculations}/:id/pdf`,
    withResource(async (req, res) => {
      const { id, pdf } = await web.pro.calculationPdf(accountScopeOf(visitorOf(res)), req.params.id as string);
      res.type('application/pdf').setHeader('Content-Disposition', `inline; filename="${id}.pdf"`).send(pdf);
    }),
  );

  async function renderAlerts(visitor: Visitor, req: Request, form = { values: {}, fields: {} }) {
    const found = await web.pro.alerts.list(accountScopeOf(visitor), pageSize, cursorOf(req));
    return alertsPage(visitor, found.data, form, olderHref(alerts, found));
  }

  router.get(alerts, async (req, res) => sendPage(res, await renderAlerts(visitorOf(res), req)));

  router.post(alerts, async (req, res) => {
    const visitor = visitorOf(res);
    const body = req.body as Record<string, unknown>;
    const values = {
      hts_prefixes: typeof body.hts_prefixes === 'string' ? body.hts_prefixes : '',
      countries: typeof body.countries === 'string' ? body.countries : '',
    };
    await withForm(
      res,
      async () => {
        await web.pro.alerts.create(accountScopeOf(visitor), {
          htsPrefixes: words(values.hts_prefixes),
          countries: words(values.countries),
        });
        res.redirect(303, alerts);
      },
      (error) => renderAlerts(visitor, req, refusedForm(error, values)),
    );
  });

  router.post(
    `${alerts}/:id/delete`,
    withResource(async (req, res) => {
      await web.pro.alerts.delete(accountScopeOf(visitorOf(res)), req.params.id as string);
      res.redirect(303, alerts);
    }),
  );

  router.get('/tools/pro/history', async (req, res) => {
    const visitor = visitorOf(res);
    const code = typeof req.query.hts_code === 'string' ? req.query.hts_code.trim().slice(0, 20) : '';
    if (!code) return sendPage(res, historyPage(visitor, code, null));
    const found = await web.pro.history(code);
    if (found.found)
      return sendPage(
        res,
        historyPage(visitor, code, { history: found.history, today: web.clock.now().toISOString().slice(0, 10) }),
      );
    sendPage(res.status(404), historyPage(visitor, code, { message: found.message }));
  });
  return router;
}
