import type { operations } from '../generated/api';
import type { OperationHandler } from '../http/operation';
import type { ServiceMetrics } from '../observability/metrics';

/** GET /metrics on every host: the process's metrics as Prometheus text (access: src/http/metrics-access.ts). */
export function metricsHandler(metrics: ServiceMetrics): OperationHandler<operations['getMetrics']> {
  return async () => ({ status: 200, body: await metrics.text(), contentType: metrics.contentType });
}
