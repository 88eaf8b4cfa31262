import type { Logger } from 'pino';
import type { WebConfig } from '../config/web-config';
import type { Account } from '../domain/access';
import type { BillingService } from '../domain/billing';
import type { DocumentService } from '../domain/documents';
import type { Invoice, InvoiceService } from '../domain/invoices';
import type { LtlQuoteService } from '../domain/ltl';
import type { RequestLogService } from '../domain/request-log';
import type { ShipmentService } from '../domain/shipments';
import type { WebhookEndpointService } from '../domain/webhooks';
import type { AccessServices } from '../http/access';
import type { HostAddressing } from '../http/host-addresses';
import type { HostName } from '../http/host-names';
import type { LoadPlanPool } from '../domain/loadplan';
import type { QuoteRequest, QuoteResult } from '../domain/parcel';
import type { AccountScope, Clock, Page, TableFormat } from '../domain/shared';
import type { TariffAlert, TariffAlertInput } from '../domain/hts';
import type { BulkJob, BulkJobKind, BulkJobService, SimulationProduct, SimulationScenario } from '../domain/tariff';
import type { UploadedFile } from '../http/multipart-upload';
import type {
  ContainerResource,
  TrackingSubscription,
  TrackingSubscriptionService,
  TrackPoint,
} from '../domain/tracking';
import type { WebAccountService, WebSessionRecord } from '../domain/web-sessions';
import type { components } from '../generated/api';
import type { Assets } from './assets';

/** What the web application is built from: the same domain services the API's handlers call. */
export interface WebServices {
  people: WebAccountService;
  access: AccessServices;
  /** The account's tracking credit balance, from the tracking capability's ledger. */
  creditBalance(accountId: string): Promise<string>;
  /** Parcel quotes from the quote service the API uses (test mode never reaches a carrier). */
  quoteParcels(request: QuoteRequest, testMode: boolean): Promise<QuoteResult>;
  parcelReady(): boolean;
  tariff: WebTariffServices;
  /** The Tariff Pro tools: simulator, bulk jobs, stored calculations, alerts and rate history, as the tariff host runs them. */
  pro: WebTariffProServices;
  /** The load planner's worker pool, the one POST /api/load-plans plans on. */
  loadPlanner: Pick<LoadPlanPool, 'plan'>;
  /** Container tracking: the subscription service the API's handlers call, and the vessel's stored track. */
  tracking: {
    subscriptions: TrackingSubscriptionService;
    /** Reads a test-mode subscription from the sandbox at once (no upstream), so its page is not empty. */
    refreshNow(subscription: TrackingSubscription): Promise<void>;
    track(livemode: boolean, container: ContainerResource): Promise<TrackPoint[]>;
  };
  /** Webhook endpoints, their delivery log, test pings and events: the service behind /api/webhook-endpoints and /api/events. */
  webhooks: WebhookEndpointService;
  /** The account's API request log (Developers → Requests), as the API's middleware recorded it. */
  requestLog: RequestLogService;
  /** The account's work (business plan): the services behind /api/shipments, /api/invoices, /api/documents, /api/ltl-quote-requests. */
  work: WorkServices;
  /** Stripe Checkout and the customer portal, the service the billing API uses. */
  billing: BillingService;
  /** The OAuth scopes a client may be given, as the spec lists them (OAuthScope). */
  oauthScopes: readonly string[];
  config: WebConfig;
  /** The three hosts' names and ports, to show each host's address as the visitor reaches it. */
  addressing: HostAddressing;
  clock: Clock;
  logger: Logger;
}

/** One request's view of the person: their session when signed in, and the CSRF token its forms carry. */
export interface Visitor {
  signedIn: { session: WebSessionRecord; account: Account } | null;
  csrfToken: string;
  assets: Assets;
  /** The path asked for, to mark the current page in the navigation. */
  path: string;
  /** Each host's address as seen from the site host this visitor reached (for the API examples pages show). */
  hosts: Record<HostName, string>;
}

type Schemas = components['schemas'];

export interface WorkServices {
  shipments: ShipmentService;
  invoices: InvoiceService;
  documents: DocumentService;
  ltl: LtlQuoteService;
  /** The invoice's PDF, drawn on the PDF worker threads GET /api/invoices/{id}/pdf uses. */
  invoicePdf(invoice: Invoice): Promise<Buffer>;
}

/** The tariff tools' services: the calculator, the HTS lookup and the AI search the API's handlers run, in the API's shapes. */
export interface WebTariffServices {
  /** Whether the duty rules are loaded (until then the API answers 503). */
  ready(): boolean;
  /** One calculation, as the tariff host (form A, with `remaining`) and the main host (form B) answer it. */
  calculate(
    body: Schemas['TariffCalculationRequest'],
    today: string,
    remaining: number,
  ): Promise<{ formA: Schemas['TariffCalculationFormA']; formB: Schemas['TariffCalculationFormB'] }>;
  /** The line in force on a day, as GET /api/tariff/hts/{code} finds it; a lookup failure otherwise. */
  lookup(
    code: string,
    date: string,
  ): Promise<{ found: true; line: Schemas['HtsLine'] } | { found: false; reason: string; message: string }>;
  /** The AI search as POST /api/tariff/public/ai-search runs it (on the search threads); throws HtsSearchError. */
  search(
    request: { query: string; context?: Record<string, string> },
    receivedAt: Date,
    remaining: number,
  ): Promise<Schemas['HtsSearchResult']>;
  /** Form A's `remaining` for a plan without a daily limit. */
  unlimitedRemaining: number;
}

/** The Tariff Pro tools over the services the tariff host's handlers call, in the API's shapes. */
export interface WebTariffProServices {
  /** One product across scenarios, as POST /api/tariff/simulations answers (the API's engine and output mapper). */
  simulate(
    product: SimulationProduct,
    scenarios: SimulationScenario[],
    today: string,
  ): Promise<Schemas['TariffSimulation']>;
  /** The bulk jobs the API creates, lists and reads (the worker runs them). */
  bulkJobs: BulkJobService;
  /** A job from an uploaded CSV or XLSX, read on the bulk file reader's threads as POST /api/tariff/bulk-jobs reads it. */
  startBulkJob(scope: AccountScope, file: UploadedFile, kind: BulkJobKind): Promise<BulkJob>;
  /** A succeeded job's results file, as GET /api/tariff/bulk-jobs/{id}/results?format= answers. */
  bulkResults(job: BulkJob, format: TableFormat): Promise<Buffer>;
  /** A succeeded job's PDF duty report, as GET /api/tariff/bulk-jobs/{id}/report.pdf answers. */
  bulkReport(job: BulkJob): Promise<Buffer>;
  /** Where uploaded files wait while they are read (the API's upload folder). */
  uploadTempDir: string;
  /** The stored calculations of the account's mode, newest first, as GET /api/tariff/calculations lists them. */
  calculations(
    scope: AccountScope,
    limit: number,
    cursor: string | null,
  ): Promise<Page<Schemas['StoredTariffCalculation']>>;
  /** A stored calculation's PDF duty report, as GET /api/tariff/calculations/{id}/pdf answers. */
  calculationPdf(scope: AccountScope, id: string): Promise<{ id: string; pdf: Buffer }>;
  alerts: {
    list(scope: AccountScope, limit: number, cursor: string | null): Promise<Page<TariffAlert>>;
    create(scope: AccountScope, input: TariffAlertInput): Promise<TariffAlert>;
    delete(scope: AccountScope, id: string): Promise<void>;
  };
  /** A line across releases, as GET /api/tariff/hts/{code}/history answers; the lookup's message when it finds none. */
  history(
    code: string,
  ): Promise<{ found: true; history: Schemas['HtsLineHistory'] } | { found: false; message: string }>;
}
