import express, { Express, RequestHandler } from 'express';
import { accessControl, adminGate } from '../http/access';
import { accessLog } from '../http/access-log';
import { apiVersioning } from '../http/api-version';
import { headAsGet } from '../http/head-as-get';
import { problemErrorHandler } from '../http/error-handler';
import { jsonDepthLimit } from '../http/json-depth';
import { expressAdapter, OperationHandler } from '../http/operation';
import { openApiValidation } from '../http/openapi-validation';
import { operationDispatch } from '../http/operation-dispatch';
import { keepRawBody } from '../http/raw-body';
import { requestMetrics } from '../http/request-metrics';
import { requestLogObserver } from '../http/request-log';
import { HttpProblem } from '../http/problem';
import { wrongHostHint } from '../http/wrong-host';
import { strictQueryNumbers } from '../http/strict-query-numbers';
import type { AppDependencies } from './app-dependencies';
import { HostDocument, HostOperation, loadHostDocument } from '../http/host-document';
import type { HostName } from '../http/host-names';
import { mainHostHandlers } from './main.host';
import { siteHostHandlers } from './site.host';
import { tariffHostHandlers } from './tariff.host';
import { createWebServices } from './web-services';
import { createWebApp } from '../web/web-app';

const handlersOf: Record<HostName, (deps: AppDependencies, document: HostDocument) => object> = {
  main: mainHostHandlers,
  tariff: tariffHostHandlers,
  site: siteHostHandlers,
};

const acceptsForm = (operation: HostOperation): boolean =>
  Object.keys((operation.definition.requestBody as { content?: object } | undefined)?.content ?? {}).includes(
    'application/x-www-form-urlencoded',
  );

/** The request content types that are neither JSON, a form nor multipart: the body is text as sent. */
const textTypes = (operation: HostOperation): string[] =>
  Object.keys((operation.definition.requestBody as { content?: object } | undefined)?.content ?? {}).filter(
    (type) => !type.includes('json') && type !== 'multipart/form-data' && type !== 'application/x-www-form-urlencoded',
  );

/**
 * Builds one host's Express app. The order is the path of a request (docs/architecture.md):
 * request id, access log, request metrics and the account request log → HEAD as GET → API version → body limits → OpenAPI validation →
 * access (authentication, entitlement, idempotency, quota) → the operation → a route another host
 * serves names that host → problem errors.
 */
export function createHostApp(host: HostName, deps: AppDependencies): Express {
  const document = loadHostDocument(host);
  const handlers = handlersOf[host](deps, document) as Record<string, OperationHandler<unknown>>;
  const app = express();
  app.disable('x-powered-by');
  // Weak ETags hash every body; API answers are not cached by validators, so skip the work.
  app.set('etag', false);
  app.set('trust proxy', deps.config.trustProxy);

  app.use(
    accessLog(
      deps.logger.child({ host }),
      requestMetrics(host, deps.metrics),
      requestLogObserver(host, deps.requestLog.recorder, deps.clock),
    ),
  );
  app.use(headAsGet());
  // The web application's pages and assets answer before the API's stack, which never sees their cookies.
  if (host === 'site') app.use(createWebApp(createWebServices(deps, document)));
  app.use(apiVersioning());
  // An operation that takes larger JSON bodies (bulk lines) says so with x-body-limit-bytes; its parser reads first.
  for (const operation of document.operations) {
    const limit = operation.definition['x-body-limit-bytes'];
    if (typeof limit === 'number') app[operation.method](operation.expressPath, express.json({ limit }));
    // A body taken as text (an EDI interchange) is read as a string, under the operation's limit.
    const text = textTypes(operation);
    if (text.length > 0) {
      app[operation.method](
        operation.expressPath,
        express.text({ type: text, limit: typeof limit === 'number' ? limit : deps.config.bodyLimitBytes }),
      );
    }
    // A signed body (Stripe's webhook) keeps its bytes for the signature check.
    if (operation.definition['x-keeps-raw-body'] === true)
      app[operation.method](
        operation.expressPath,
        express.json({ limit: deps.config.bodyLimitBytes, verify: keepRawBody }),
      );
  }
  app.use(express.json({ limit: deps.config.bodyLimitBytes }));
  app.use(jsonDepthLimit());
  // OAuth token requests are form-encoded (RFC 6749 §4.4.2): only the operations that take such a
  // body run the parser, so no other request pays for its content-type check.
  for (const operation of document.operations.filter(acceptsForm)) {
    app[operation.method](
      operation.expressPath,
      express.urlencoded({ extended: false, limit: deps.config.bodyLimitBytes }),
    );
  }
  // Checked before the validator reads the request: the admin token (a caller without it learns
  // nothing of the body's rules) and the syntax of numeric query parameters.
  for (const operation of document.operations) {
    const early = [adminGate(operation, deps.config.adminTokenSha256), strictQueryNumbers(operation, document)].filter(
      (h): h is RequestHandler => h !== null,
    );
    if (early.length > 0) app[operation.method](operation.expressPath, ...early);
  }
  app.use(openApiValidation(document, deps.config.validateResponses, deps.config.uploadTempDir));

  const chains = new Map<string, RequestHandler[]>();
  for (const operation of document.operations) {
    const handler = handlers[operation.operationId];
    if (!handler) throw new Error(`${host} host: no handler for ${operation.operationId}`);
    const route: RequestHandler = expressAdapter(host, deps.clock, handler);
    chains.set(operation.operationId, [
      ...accessControl(operation, deps.access, deps.clock, deps.config.metricsTokenSha256),
      route,
    ]);
  }
  app.use(operationDispatch(chains));

  app.use((_req, _res, next) => next(new HttpProblem('not-found', 'No such route.')));
  app.use(wrongHostHint(host, deps.config));
  app.use(problemErrorHandler);
  return app;
}

/** All three hosts, keyed by name. */
export function createHostApps(deps: AppDependencies): Record<HostName, Express> {
  return {
    main: createHostApp('main', deps),
    tariff: createHostApp('tariff', deps),
    site: createHostApp('site', deps),
  };
}
