import type { Request, RequestHandler } from 'express';
import type { HostName } from './host-names';
import type { ServiceMetrics } from '../observability/metrics';

/** The operation the OpenAPI validator matched (it sets req.openapi before validating), or "unmatched". */
function operationOf(req: Request): string {
  return (req as { openapi?: { schema?: { operationId?: string } } }).openapi?.schema?.operationId ?? 'unmatched';
}

/** Counts and times every response by host, operation and status (499 when the client went away). */
export function requestMetrics(host: HostName, metrics: ServiceMetrics): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    res.once('close', () => {
      metrics.recordRequest(host, operationOf(req), res.writableFinished ? res.statusCode : 499, (performance.now() - started) / 1000);
    });
    next();
  };
}
