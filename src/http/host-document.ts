import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { generatedDir, projectRoot } from '../config/paths';
import { HostName, hostNames } from './host-names';

export interface HostOperation {
  operationId: string;
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** OpenAPI template, e.g. `/api/shipments/{id}`. */
  path: string;
  /** Express route, e.g. `/api/shipments/:id`. */
  expressPath: string;
  /** Matches the request paths of the route (a parameter is one path segment). */
  pattern: RegExp;
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

const escapeRegExp = (text: string): string => text.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&');
const pathPattern = (route: string): RegExp =>
  new RegExp(
    `^${route
      .split(/\{[^}]+\}/)
      .map(escapeRegExp)
      .join('[^/]+')}$`,
  );

/** Where the build leaves each host document parsed (scripts/copy-assets.ts). */
const parsedDir = path.join(projectRoot, 'dist', 'generated', 'openapi');

/** The YAML parsed: from the build's JSON when it was made from this very text, else parsed now. */
function parseHostYaml(host: HostName, yaml: string): HostDocument['document'] {
  const parsedFile = path.join(parsedDir, `${host}.json`);
  if (fs.existsSync(parsedFile)) {
    const parsed = JSON.parse(fs.readFileSync(parsedFile, 'utf8')) as {
      sha256: string;
      document: HostDocument['document'];
    };
    if (parsed.sha256 === crypto.createHash('sha256').update(yaml).digest('hex')) return parsed.document;
  }
  return YAML.parse(yaml) as HostDocument['document'];
}

/** Loads the document `npm run generate` derived for a host from openapi/spec.yaml. */
export function loadHostDocument(host: HostName): HostDocument {
  const yaml = fs.readFileSync(path.join(generatedDir, 'openapi', `${host}.yaml`), 'utf8');
  const document = parseHostYaml(host, yaml);
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
        pattern: pathPattern(route),
        definition,
      });
    }
  }
  return { host, yaml, document, operations };
}

let everyHostDocument: HostDocument[] | undefined;

/** The documents of all hosts, read once (for what one host says about the others). */
export function allHostDocuments(): HostDocument[] {
  everyHostDocument ??= hostNames.map(loadHostDocument);
  return everyHostDocument;
}

/** What a host serves, in its own words: its `servers` entry's description. */
export function hostRole(document: HostDocument): string {
  const [server] = document.document.servers as Array<{ description?: string }>;
  return server?.description ?? document.host;
}
