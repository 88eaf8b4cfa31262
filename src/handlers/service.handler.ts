import fs from 'node:fs';
import path from 'node:path';
import { builtDocsDir } from '../config/paths';
import type { HostDocument } from '../hosts/host-document';
import type { Readiness } from '../hosts/readiness';
import type { OperationHandler } from '../http/operation';
import { HttpProblem } from '../http/problem';
import type { operations } from '../generated/api';

export interface ServiceHandlers {
  getHealth: OperationHandler<operations['getHealth']>;
  getReadiness: OperationHandler<operations['getReadiness']>;
  getOpenApiDocument: OperationHandler<operations['getOpenApiDocument']>;
  getApiReference: OperationHandler<operations['getApiReference']>;
}

/** Health, readiness and self-description: the same four operations on every host. */
export function serviceHandlers(hostDocument: HostDocument, readiness: Readiness): ServiceHandlers {
  const docsFile = path.join(builtDocsDir, `${hostDocument.host}.html`);
  let docsHtml: Buffer | undefined;
  return {
    getHealth: async () => ({ status: 200, body: { status: 'ok' } }),

    getReadiness: async () => {
      const report = await readiness.report();
      const body = { status: report.ready ? ('ready' as const) : ('not_ready' as const), checks: report.checks };
      return report.ready ? { status: 200, body } : { status: 503, body, headers: { 'Retry-After': '5' } };
    },

    getOpenApiDocument: async () => ({ status: 200, body: hostDocument.yaml, contentType: 'application/yaml; charset=utf-8' }),

    getApiReference: async () => {
      if (!docsHtml) {
        // Built by `npm run build:docs` (part of `npm start`); read once, then served from memory.
        if (!fs.existsSync(docsFile)) throw new HttpProblem('not-ready', 'The API reference has not been built: run npm run build:docs.');
        docsHtml = fs.readFileSync(docsFile);
      }
      return { status: 200, body: docsHtml.toString('utf8'), contentType: 'text/html; charset=utf-8' };
    },
  };
}
