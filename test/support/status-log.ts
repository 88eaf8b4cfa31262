import fs from 'node:fs';
import path from 'node:path';
import express, { Express, Request, Response } from 'express';
import { loadHostDocument } from '../../src/http/host-document';
import type { HostName } from '../../src/http/host-names';
import type { RecordedExchange } from '../../scripts/lib/recorded-examples';

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

/** The host's operations (from the same derived document the app serves), with matchers for their paths. */
export function operationRoutes(host: HostName): OperationRoute[] {
  return loadHostDocument(host).operations.map((operation) => ({
    method: operation.method.toUpperCase(),
    path: operation.path,
    operationId: operation.operationId,
    statuses: Object.keys(operation.definition.responses as Record<string, unknown>),
    pattern: operation.pattern,
    definition: operation.definition,
  }));
}

export function statusLogDir(): string | undefined {
  return process.env.STATUS_LOG_DIR;
}

/** Set by `npm run examples`: where each test process writes the successful JSON exchanges it saw. */
export function examplesRecordDir(): string | undefined {
  return process.env.EXAMPLES_RECORD_DIR;
}

/** Keeps what the client is sent, to record it once the response is finished. */
function captureBody(res: Response): () => string {
  const chunks: Buffer[] = [];
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  res.end = ((...args: unknown[]) => {
    if (typeof args[0] === 'string' || Buffer.isBuffer(args[0])) chunks.push(Buffer.from(args[0] as string));
    return end(...args);
  }) as Response['end'];
  return () => Buffer.concat(chunks).toString('utf8');
}

/** The request and its successful JSON response, as openapi/examples/ keeps them. */
function recordExchange(
  file: string,
  host: HostName,
  route: OperationRoute,
  req: Request,
  res: Response,
  body: string,
): void {
  if (res.statusCode < 200 || res.statusCode >= 300 || !String(res.getHeader('content-type') ?? '').includes('json'))
    return;
  const exchange: RecordedExchange = {
    host,
    operationId: route.operationId,
    request: {
      method: req.method,
      url: req.originalUrl,
      ...(req.body !== undefined && Object.keys(req.body as object).length > 0 ? { body: req.body as unknown } : {}),
    },
    response: { status: res.statusCode, body: JSON.parse(body) as unknown },
  };
  fs.appendFileSync(file, `${JSON.stringify(exchange)}\n`);
}

/** Wraps a host app so that each response is logged against its operation (and recorded for examples when asked). */
export function withStatusLog(host: HostName, app: Express): Express {
  const dir = statusLogDir();
  if (!dir) return app;
  const routes = operationRoutes(host);
  const file = path.join(dir, `${process.pid}.jsonl`);
  const recordDir = examplesRecordDir();
  const outer = express();
  outer.disable('x-powered-by');
  outer.use((req, res, next) => {
    const pathname = req.originalUrl.split('?')[0];
    // A HEAD is its GET without the body (src/http/head-as-get.ts): its status counts for the GET.
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    const route = routes.find((r) => r.method === method && r.pattern.test(pathname));
    if (route) {
      const sent = recordDir && req.method !== 'HEAD' ? captureBody(res) : null;
      res.on('finish', () => {
        const record: StatusRecord = { host, operationId: route.operationId, status: res.statusCode };
        fs.appendFileSync(file, `${JSON.stringify(record)}\n`);
        if (recordDir && sent)
          recordExchange(path.join(recordDir, `${process.pid}.jsonl`), host, route, req, res, sent());
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
