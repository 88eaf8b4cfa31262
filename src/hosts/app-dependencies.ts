import type { Logger } from 'pino';
import type { Config } from '../config/config';
import type { Database } from '../db/knex';
import type { LoadPlanPool } from '../domain/loadplan';
import type { BulkFileReader } from '../domain/tariff';
import type { PdfRenderer } from '../domain/pdfs';
import type { JobQueue } from '../jobs/job-queue';
import type { ServiceMetrics } from '../observability/metrics';
import type { AccessServices } from '../http/access';
import type { ParcelServices, TariffServices } from '../handlers/services';
import type { Readiness } from '../http/readiness';
import type { TrackingServices } from './tracking-services';
import type { WebhookServices } from './webhook-services';
import type { BillingService } from '../domain/billing';
import type { Clock } from '../domain/shared';
import type { RequestLogServices } from './request-log-services';

/** Everything the hosts are built from; made once by the composition root (src/server.ts) or a test. */
export interface AppDependencies {
  config: Config;
  db: Database;
  logger: Logger;
  clock: Clock;
  readiness: Readiness;
  access: AccessServices;
  tariff: TariffServices;
  /** Worker threads that run load plans off the event loop; closed on shutdown. */
  loadPlanner: LoadPlanPool;
  /** Worker threads with a heap limit that parse uploaded bulk files; closed on shutdown. */
  bulkFiles: BulkFileReader;
  /** Worker threads that build PDFs (invoices, duty reports); closed on shutdown. */
  pdfs: PdfRenderer;
  parcel: ParcelServices;
  /** Enqueues jobs (the admin's on-demand HTS refresh) for this process's worker or another's. */
  jobs: JobQueue;
  tracking: TrackingServices;
  /** What GET /metrics serves: requests, jobs, imports of this process. */
  metrics: ServiceMetrics;
  /** Webhook endpoints and events for the site host, and the delivery the worker runs. */
  webhooks: WebhookServices;
  /** Checkout, the portal and Stripe's events (off without Stripe keys). */
  billing: BillingService;
  /** The account request log: the API's requests recorded in batches, read by Developers → Requests. */
  requestLog: RequestLogServices;
}
