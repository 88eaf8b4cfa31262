import fs from 'node:fs';
import path from 'node:path';
import express, { Express } from 'express';
import YAML from 'yaml';
import { generatedDir } from '../../src/config/paths';
import type { HostName } from '../../src/hosts/host-names';

/**
 * Test-only bookkeeping for the spec-coverage check: every response a test receives is logged with
 * the host and operation it belongs to, and global-teardown.ts fails the run when an operation's
 * declared status never appeared.
 */
export interface StatusRecord {
  host: HostName;
  operationId: string;
  status: number;
}

export interface OperationRoute {
  method: string;
  path: string;
  operationId: string;
  statuses: string[];
  pattern: RegExp;
}

const httpMethods = ['get', 'put', 'post', 'delete', 'patch'];

type OpenApiOperation = { operationId: string; responses: Record<string, unknown> };

export function hostDocument(host: HostName): { paths: Record<string, Record<string, OpenApiOperation>> } {
  return YAML.parse(fs.readFileSync(path.join(generatedDir, 'openapi', `${host}.yaml`), 'utf8'));
}

export function operationRoutes(host: HostName): OperationRoute[] {
  const routes: OperationRoute[] = [];
  for (const [route, item] of Object.entries(hostDocument(host).paths)) {
    const pattern = new RegExp(`^${route.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+').replace(/\{[^}]+\}/g, '[^/]+')}$`);
    for (const [method, operation] of Object.entries(item)) {
      if (!httpMethods.includes(method)) continue;
      routes.push({ method: method.toUpperCase(), path: route, operationId: operation.operationId, statuses: Object.keys(operation.responses), pattern });
    }
  }
  return routes;
}

export function statusLogDir(): string | undefined {
  return process.env.STATUS_LOG_DIR;
}

/** Wraps a host app so that each response is logged against its operation. */
export function withStatusLog(host: HostName, app: Express): Express {
  const dir = statusLogDir();
  if (!dir) return app;
  const routes = operationRoutes(host);
  const file = path.join(dir, `${process.pid}.jsonl`);
  const outer = express();
  outer.disable('x-powered-by');
  outer.use((req, res, next) => {
    const pathname = req.originalUrl.split('?')[0];
    const route = routes.find((r) => r.method === req.method && r.pattern.test(pathname));
    if (route) {
      res.on('finish', () => {
        const record: StatusRecord = { host, operationId: route.operationId, status: res.statusCode };
        fs.appendFileSync(file, `${JSON.stringify(record)}\n`);
      });
    }
    next();
  });
  outer.use(app);
  return outer;
}

export function readStatusLog(dir: string): StatusRecord[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.jsonl'))
    .flatMap((name) => fs.readFileSync(path.join(dir, name), 'utf8').split('\n').filter(Boolean))
    .map((line) => JSON.parse(line) as StatusRecord);
}
