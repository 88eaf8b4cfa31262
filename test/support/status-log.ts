import fs from 'node:fs';
import path from 'node:path';
import express, { Express } from 'express';
import { loadHostDocument } from '../../src/hosts/host-document';
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
  /** The operation as the host's document states it. */
  definition: Record<string, unknown>;
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&');

/** The host's operations (from the same derived document the app serves), with matchers for their paths. */
export function operationRoutes(host: HostName): OperationRoute[] {
  return loadHostDocument(host).operations.map((operation) => ({
    method: operation.method.toUpperCase(),
    path: operation.path,
    operationId: operation.operationId,
    statuses: Object.keys(operation.definition.responses as Record<string, unknown>),
    pattern: new RegExp(`^${operation.path.split(/\{[^}]+\}/).map(escapeRegExp).join('[^/]+')}$`),
    definition: operation.definition,
  }));
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
