import express, { type NextFunction, type Request, type Response, Router } from 'express';
import { type Assets, loadAssets, serveAssets } from './assets';
import { HttpProblem } from '../http/problem';
import { accountRoutes } from './account-routes';
import { bulkUploadParser } from './bulk-job-routes';
import { authRoutes } from './auth-routes';
import { developerRoutes } from './developer-routes';
import { requestLogRoutes } from './request-log-routes';
import { loadPlanFormParser, loadPlanRoutes } from './load-plan-routes';
import { messagePage } from './pages/auth-pages';
import { securityHeaders } from './security-headers';
import { toolRoutes } from './tool-routes';
import { trackingRoutes } from './tracking-routes';
import { workRoutes } from './work-routes';
import { csrfProblem, loadVisitor, visitorOf } from './visitor';
import type { WebServices } from './web-context';

/** The paths the web application answers; every other request goes on to the API. */
export const webPaths = [
  '/signup',
  '/login',
  '/logout',
  '/verify-email',
  '/forgot-password',
  '/reset-password',
  '/dashboard',
  '/settings',
  '/tools',
  '/tracking',
  '/developers',
  '/work',
];

/**
 * The web application on the site host: server-rendered pages, sessions in web_sessions, CSRF on
 * every form, its own assets. Built on the same domain services as the API (docs/web.md).
 */
export function createWebApp(web: WebServices, assets: Assets = loadAssets()): Router {
  const router = Router();
  router.use(serveAssets(assets));
  const pages = Router();
  pages.use(securityHeaders(web.config.secureCookies));
  pages.use(loadPlanFormParser);
  pages.use(express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 50 }));
  pages.use(loadVisitor(web, assets));
  pages.use(bulkUploadParser(web));
  pages.use((req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD') return next();
    const problem = csrfProblem(req, visitorOf(res));
    if (!problem) return next();
    res
      .status(403)
      .type('html')
      .send(messagePage(visitorOf(res), 'Form refused', problem).text);
  });
  pages.use(authRoutes(web));
  pages.use(accountRoutes(web));
  pages.use(toolRoutes(web));
  pages.use(loadPlanRoutes(web));
  pages.use(trackingRoutes(web));
  pages.use(requestLogRoutes(web));
  pages.use(developerRoutes(web));
  pages.use(workRoutes(web));
  pages.use((req: Request, res: Response) => {
    res
      .status(404)
      .type('html')
      .send(messagePage(visitorOf(res), 'Not found', `There is no page at ${req.path}.`).text);
  });
  pages.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    // An upload the multipart reader refused (too large, cut short): its problem's words, its status.
    if (error instanceof HttpProblem && error.status < 500 && res.locals.visitor)
      return res
        .status(error.status)
        .type('html')
        .send(messagePage(visitorOf(res), 'Upload refused', error.detail ?? error.message).text);
    web.logger.error({ err: error, path: req.path }, 'web page failed');
    const visitor = res.locals.visitor as ReturnType<typeof visitorOf> | undefined;
    res.status(500).type('html');
    if (!visitor) return res.send('Something went wrong on our side. Try again in a moment.');
    res.send(
      messagePage(visitor, 'Something went wrong', 'Something went wrong on our side. Try again in a moment.').text,
    );
  });
  const ours = (path: string) => webPaths.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
  router.use((req, res, next) => (ours(req.path) ? pages(req, res, next) : next()));
  return router;
}

export type { Assets };
