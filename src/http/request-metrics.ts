import type { Request } from 'express';
import type { ResponseObserver } from './access-log';
import type { HostName } from './host-names';
import type { ServiceMetrics } from '../observability/metrics';

/** The operation the OpenAPI validator matched (it sets req.openapi before validating), or "unmatched". */
function operationOf(req: Request): string {
  return (req as { openapi?: { schema?: { operationId?: string } } }).openapi?.schema?.operationId ?? 'unmatched';
}

/** Counts and times every response by host, operation and status (499 when the client went away). */
export function requestMetrics(host: HostName, metrics: ServiceMetrics): ResponseObserver {
  return (req, status, milliseconds) => metrics.recordRequest(host, operationOf(req), status, milliseconds / 1000);
}
