import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { ImportStep } from '../domain/shared';

/**
 * The service's Prometheus metrics, served as text by `GET /metrics` on every host: requests and
 * latency per host, operation and status; job runs by outcome; reference-data import progress.
 * One registry per running service (and per test app), never prom-client's global one.
 */
export class ServiceMetrics {
  readonly registry = new Registry();

  private readonly requests = new Counter({
    name: 'tradelane_http_requests_total',
    help: 'HTTP requests answered, by host, operation (operationId; "unmatched" for no route) and status (499: the client went away).',
    labelNames: ['host', 'operation', 'status'] as const,
    registers: [this.registry],
  });

  private readonly latency = new Histogram({
    name: 'tradelane_http_request_duration_seconds',
    help: 'Time from a request arriving to its response finishing, by host, operation and status.',
    labelNames: ['host', 'operation', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  private readonly jobRuns = new Counter({
    name: 'tradelane_job_runs_total',
    help: 'Job runs finished in this process, by job and outcome (success or failure).',
    labelNames: ['job', 'outcome'] as const,
    registers: [this.registry],
  });

  private readonly importDone = new Gauge({
    name: 'tradelane_reference_import_done_steps',
    help: 'Files (HTS releases) or importers (parcel) of the current or last reference-data import done, by dataset.',
    labelNames: ['dataset'] as const,
    registers: [this.registry],
  });

  private readonly importPlanned = new Gauge({
    name: 'tradelane_reference_import_planned_steps',
    help: 'Files or importers the current or last reference-data import has to go through, by dataset.',
    labelNames: ['dataset'] as const,
    registers: [this.registry],
  });

  private readonly importRows = new Counter({
    name: 'tradelane_reference_import_rows_total',
    help: 'Rows (HTS) or records (parcel) read by reference-data imports, by dataset.',
    labelNames: ['dataset'] as const,
    registers: [this.registry],
  });

  private readonly requestLogDropped = new Counter({
    name: 'tradelane_request_log_dropped_total',
    help: 'Request log records lost, by reason: buffer_full (the database fell behind the API) or write_failed.',
    labelNames: ['reason'] as const,
    registers: [this.registry],
  });

  /** With `process: true`, also prom-client's process and Node.js metrics (CPU, memory, event loop lag, GC). */
  constructor(options: { process?: boolean } = {}) {
    if (options.process) collectDefaultMetrics({ register: this.registry, prefix: 'tradelane_' });
  }

  /** The counter and histogram children of each host, operation and status seen: labels are hashed once, not per request. */
  private readonly requestSeries = new Map<
    string,
    { count: { inc(): void }; latency: { observe(value: number): void } }
  >();

  recordRequest(host: string, operation: string, status: number, seconds: number): void {
    const key = `${host} ${operation} ${status}`;
    let series = this.requestSeries.get(key);
    if (!series) {
      const labels = { host, operation, status: String(status) };
      series = { count: this.requests.labels(labels), latency: this.latency.labels(labels) };
      this.requestSeries.set(key, series);
    }
    series.count.inc();
    series.latency.observe(seconds);
  }

  recordRequestLogDropped(reason: 'buffer_full' | 'write_failed', count: number): void {
    this.requestLogDropped.inc({ reason }, count);
  }

  recordJobRun(job: string, outcome: 'success' | 'failure'): void {
    this.jobRuns.inc({ job, outcome });
  }

  recordImportStep(step: ImportStep): void {
    this.importDone.set({ dataset: step.dataset }, step.done);
    this.importPlanned.set({ dataset: step.dataset }, step.total);
    this.importRows.inc({ dataset: step.dataset }, step.rows);
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }
}
