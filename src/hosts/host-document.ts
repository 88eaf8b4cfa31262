import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { generatedDir } from '../config/paths';
import type { HostName } from './host-names';

export interface HostOperation {
  operationId: string;
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** OpenAPI template, e.g. `/api/shipments/{id}`. */
  path: string;
  /** Express route, e.g. `/api/shipments/:id`. */
  expressPath: string;
  /** The operation object as the spec states it (x- extensions included). */
  definition: Record<string, unknown>;
}

export interface HostDocument {
  host: HostName;
  /** The derived document as published at GET /openapi.yaml. */
  yaml: string;
  document: Record<string, unknown> & { paths: Record<string, Record<string, Record<string, unknown>>> };
  operations: HostOperation[];
}

const methods = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Loads the document `npm run generate` derived for a host from openapi/spec.yaml. */
export function loadHostDocument(host: HostName): HostDocument {
  const yaml = fs.readFileSync(path.join(generatedDir, 'openapi', `${host}.yaml`), 'utf8');
  const document = YAML.parse(yaml) as HostDocument['document'];
  const operations: HostOperation[] = [];
  for (const [route, item] of Object.entries(document.paths)) {
    for (const method of methods) {
      const definition = item[method] as Record<string, unknown> | undefined;
      if (!definition) continue;
      operations.push({
        operationId: String(definition.operationId),
        method,
        path: route,
        expressPath: route.replace(/\{([^}]+)\}/g, ':$1'),
        definition,
      });
    }
  }
  return { host, yaml, document, operations };
}
