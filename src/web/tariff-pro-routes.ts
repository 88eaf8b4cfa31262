import { type NextFunction, type Request, type Response, Router } from 'express';
import { DomainError } from '../domain/shared';
import type { FormState } from './pages/layout';
import { simulatorPage } from './pages/simulator-page';
import { proNotInPlanPage } from './pages/tariff-pro-layout';
import { sendPage, withForm } from './responses';
import { simulationForm, simulatorFieldOf, simulatorValues } from './simulator-form';
import { visitorOf } from './visitor';
import type { WebServices } from './web-context';

/**
 * A Tariff Pro page is open to the plans the API operation it stands for is (entitlements.yaml);
 * another plan gets the 403 page saying what Tariff Pro includes and how to get it.
 */
export const proGate =
  (web: WebServices, operation: string) =>
  (_req: Request, res: Response, next: NextFunction): void => {
    const visitor = visitorOf(res);
    const { account, session } = visitor.signedIn!;
    if (web.access.entitlements.of(operation, account.plan)) return next();
    sendPage(res.status(403), proNotInPlanPage(visitor, web.billing.enabled(session.mode === 'live')));
  };

/** The simulator on the tariff host's engine: scenarios side by side, ranked (signed in, under /tools). */
export function simulatorRoutes(web: WebServices): Router {
  const router = Router();
  const path = '/tools/pro/simulator';
  router.use(path, proGate(web, 'simulateTariff'));
  router.get('/tools/pro', (_req, res) => res.redirect(303, path));
  router.get(path, (_req, res) => sendPage(res, simulatorPage(visitorOf(res), { values: {}, fields: {} }, null)));
  router.post(path, async (req, res) => {
    const visitor = visitorOf(res);
    const values = simulatorValues(req.body as Record<string, unknown>);
    let rows: number[] = [];
    await withForm(
      res,
      async () => {
        const form = simulationForm(values);
        rows = form.rows;
        if (!web.tariff.ready()) throw new DomainError('busy', 'The duty rules are still loading; retry shortly.');
        const today = web.clock.now().toISOString().slice(0, 10);
        const simulation = await web.pro.simulate(form.product, form.scenarios, today);
        sendPage(res, simulatorPage(visitor, { values, fields: {} }, simulation));
      },
      (error) => simulatorPage(visitor, refusedSimulation(error, values, rows), null),
    );
  });
  return router;
}

function refusedSimulation(error: DomainError, values: Record<string, string>, rows: number[]): FormState {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[simulatorFieldOf(issue.field, rows)] = issue.message.replace(/\.$/, '');
  return { values, fields, error: error.message };
}
