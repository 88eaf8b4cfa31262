import express, { Router } from 'express';
import { LoadPlanRequestError } from '../domain/loadplan';
import type { DomainError } from '../domain/shared';
import { withDailyUse } from './daily-quota';
import {
  blankRow,
  loadPlanFormProblem,
  maxRows,
  newLoadPlanForm,
  readLoadPlanForm,
  toLoadPlanRequest,
} from './load-plan-form';
import { loadPlanPage } from './pages/load-plan-page';
import { sendPage, withForm } from './responses';
import { visitorOf } from './visitor';
import type { WebServices } from './web-context';

const path = '/tools/load-planner';

/**
 * The load planner's form carries a row of fields per item and may carry a pasted CSV: more fields
 * and bytes than the other forms (mounted before their parser, which then leaves the body alone).
 */
export const loadPlanFormParser = Router().post(
  path,
  express.urlencoded({ extended: false, limit: '512kb', parameterLimit: 10 + maxRows * 7 }),
);

/** The load planner page: the API's planner pool and its daily limit (signed in, under /tools). */
export function loadPlanRoutes(web: WebServices): Router {
  const router = Router();
  router.get(path, (_req, res) => sendPage(res, loadPlanPage(visitorOf(res), newLoadPlanForm(), { fields: {} }, null)));

  router.post(path, async (req, res) => {
    const visitor = visitorOf(res);
    const body = req.body as Record<string, unknown>;
    const form = readLoadPlanForm(body);
    if (body.action === 'add_row') {
      form.rows.push(blankRow());
      return sendPage(res, loadPlanPage(visitor, form, { fields: {} }, null));
    }
    const refused = (error: DomainError) =>
      loadPlanPage(
        visitor,
        form,
        {
          error: error.message,
          fields: Object.fromEntries(error.issues.map((issue) => [issue.field, issue.message])),
        },
        null,
      );
    await withForm(
      res,
      async () => {
        const { request, origins } = toLoadPlanRequest(form);
        const plan = await withDailyUse(web, visitor.signedIn!, loadPlanUse, async () => {
          try {
            return await web.loadPlanner.plan(request);
          } catch (error) {
            throw error instanceof LoadPlanRequestError ? loadPlanFormProblem(error, origins) : error;
          }
        });
        sendPage(res, loadPlanPage(visitor, form, { fields: {} }, { plan, itemIds: request.items.map((i) => i.id) }));
      },
      refused,
    );
  });
  return router;
}

const loadPlanUse = { operation: 'createLoadPlan', what: 'load plans' };
