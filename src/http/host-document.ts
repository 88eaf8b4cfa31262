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

/**
 * Where each host document is found parsed: the build's copy (scripts/copy-assets.ts), and the one a
 * run from src/ (jest, tsx) leaves for the next, since parsing the three documents takes about 0.8 s
 * of CPU and every test file builds the hosts anew.
 */
const parsedDir = path.join(projectRoot, 'dist', 'generated', 'openapi');
const sourceRunCacheDir = path.join(projectRoot, 'var', 'cache', 'openapi');

interface ParsedHostDocument {
  sha256: string;
  document: HostDocument['document'];
}

/** The YAML parsed: from JSON made from this very text, else parsed now (and kept as JSON for the next start). */
function parseHostYaml(host: HostName, yaml: string): HostDocument['document'] {
  const sha256 = crypto.createHash('sha256').update(yaml).digest('hex');
  for (const dir of [parsedDir, sourceRunCacheDir]) {
    const file = path.join(dir, `${host}.json`);
    if (!fs.existsSync(file)) continue;
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as ParsedHostDocument;
    if (parsed.sha256 === sha256) return parsed.document;
  }
  const document = YAML.parse(yaml) as HostDocument['document'];
  try {
    // Written whole under another name first: a process reading it meanwhile never sees half a file.
    fs.mkdirSync(sourceRunCacheDir, { recursive: true });
    const partial = path.join(sourceRunCacheDir, `${host}.json.${process.pid}`);
    fs.writeFileSync(partial, JSON.stringify({ sha256, document } satisfies ParsedHostDocument));
    fs.renameSync(partial, path.join(sourceRunCacheDir, `${host}.json`));
  } catch {
    // Only a cache: a read-only tree parses again at the next start.
  }
  return document;
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
