import fs from 'node:fs';
import path from 'node:path';
import { builtDocsDir } from '../config/paths';
import { allHostDocuments, HostDocument, hostRole } from '../http/host-document';
import { HostAddressing, hostAddresses, withHostAddresses } from '../http/host-addresses';
import type { Readiness } from '../http/readiness';
import { currentApiVersion } from '../http/api-version';
import type { CallContext, OperationHandler } from '../http/operation';
import { HttpProblem, problemKinds, ProblemKind } from '../http/problem';
import type { operations } from '../generated/api';
import { prefersHtml } from './outputs/html-page';
import { landingPageHtml, problemTypeHtml, problemTypeOf } from './outputs/service.output';

export interface ServiceHandlers {
  getHealth: OperationHandler<operations['getHealth']>;
  getReadiness: OperationHandler<operations['getReadiness']>;
  getOpenApiDocument: OperationHandler<operations['getOpenApiDocument']>;
  getApiReference: OperationHandler<operations['getApiReference']>;
  getLandingPage: OperationHandler<operations['getLandingPage']>;
  getProblemType: OperationHandler<operations['getProblemType']>;
}

const html = 'text/html; charset=utf-8';

/** Health, readiness and self-description: the same operations on every host. */
export function serviceHandlers(
  hostDocument: HostDocument,
  readiness: Readiness,
  addressing: HostAddressing,
): ServiceHandlers {
  const { host } = hostDocument;
  const docsFile = path.join(builtDocsDir, `${host}.html`);
  let docsHtml: string | undefined;
  // The documents name the hosts by placeholders; a reader sees the addresses they reached us at.
  const addressesFor = (call: CallContext) => hostAddresses(addressing, host, call.origin);
  return {
    getHealth: async () => ({ status: 200, body: { status: 'ok' } }),

    getReadiness: async () => {
      const report = await readiness.report();
      const body = { status: report.ready ? ('ready' as const) : ('not_ready' as const), checks: report.checks };
      return report.ready ? { status: 200, body } : { status: 503, body, headers: { 'Retry-After': '5' } };
    },

    getOpenApiDocument: async ({ call }) => ({
      status: 200,
      body: withHostAddresses(hostDocument.yaml, addressesFor(call)),
      contentType: 'application/yaml; charset=utf-8',
    }),

    getApiReference: async ({ call }) => {
      if (docsHtml === undefined) {
        // Built by `npm run build:docs` (part of `npm start`); read once, then served from memory.
        if (!fs.existsSync(docsFile))
          throw new HttpProblem('not-ready', 'The API reference has not been built: run npm run build:docs.');
        docsHtml = fs.readFileSync(docsFile, 'utf8');
      }
      return { status: 200, body: withHostAddresses(docsHtml, addressesFor(call)), contentType: html };
    },

    getLandingPage: async ({ call }) => {
      const addresses = addressesFor(call);
      const url = addresses[host];
      const body = {
        object: 'landing_page' as const,
        name: 'Tradelane API',
        host,
        url,
        api_version: currentApiVersion,
        links: {
          reference: `${url}/docs`,
          spec: `${url}/openapi.yaml`,
          quickstart: `${url}/docs#section/quickstart`,
          problems: `${url}/docs#section/errors`,
        },
        hosts: allHostDocuments().map((document) => ({
          host: document.host,
          url: addresses[document.host],
          serves: hostRole(document),
        })),
      };
      return prefersHtml(call.header('accept'))
        ? { status: 200, body: landingPageHtml(body), contentType: html }
        : { status: 200, body };
    },

    getProblemType: async ({ params, call }) => {
      if (!Object.hasOwn(problemKinds, params.type))
        throw new HttpProblem('not-found', `There is no problem type "${params.type}".`);
      const body = problemTypeOf(params.type as ProblemKind);
      return prefersHtml(call.header('accept'))
        ? { status: 200, body: problemTypeHtml(body), contentType: html }
        : { status: 200, body };
    },
  };
}
