import type { Logger } from 'pino';
import type { WebConfig } from '../config/web-config';
import type { Account } from '../domain/access';
import type { BillingService } from '../domain/billing';
import type { AccessServices } from '../http/access';
import type { LoadPlanPool } from '../domain/loadplan';
import type { QuoteRequest, QuoteResult } from '../domain/parcel';
import type { Clock } from '../domain/shared';
import type {
  ContainerResource,
  TrackingSubscription,
  TrackingSubscriptionService,
  TrackPoint,
} from '../domain/tracking';
import type { WebAccountService, WebSessionRecord } from '../domain/web-sessions';
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
  /** The load planner's worker pool, the one POST /api/load-plans plans on. */
  loadPlanner: Pick<LoadPlanPool, 'plan'>;
  /** Container tracking: the subscription service the API's handlers call, and the vessel's stored track. */
  tracking: {
    subscriptions: TrackingSubscriptionService;
    /** Reads a test-mode subscription from the sandbox at once (no upstream), so its page is not empty. */
    refreshNow(subscription: TrackingSubscription): Promise<void>;
    track(livemode: boolean, container: ContainerResource): Promise<TrackPoint[]>;
  };
  /** Stripe Checkout and the customer portal, the service the billing API uses. */
  billing: BillingService;
  /** The OAuth scopes a client may be given, as the spec lists them (OAuthScope). */
  oauthScopes: readonly string[];
  config: WebConfig;
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
}
