import type { DeliveryAttempt, DisabledReason, WebhookDelivery, WebhookEndpoint } from './model';
import type { CheckedTarget, HostResolver } from './target-guard';
import type { OutboxEvent, Page } from '../shared';

export interface EndpointStore {
  insert(endpoint: WebhookEndpoint): Promise<void>;
  /** One account's endpoints of one mode, newest first. */
  page(accountId: string, livemode: boolean, limit: number, cursor?: string): Promise<Page<WebhookEndpoint>>;
  /** The endpoint when it is this account's in this mode (another's is as good as unknown). */
  find(accountId: string, livemode: boolean, id: string): Promise<WebhookEndpoint | null>;
  save(endpoint: WebhookEndpoint): Promise<void>;
  /** Removes the endpoint with its deliveries and their log. */
  remove(accountId: string, livemode: boolean, id: string): Promise<boolean>;
  /** Clears failingSince after a success. */
  markHealthy(id: string): Promise<void>;
  /** Sets failingSince unless already set; returns it. */
  markFailing(id: string, now: number): Promise<number>;
  /** Disables an enabled endpoint; false when it was not enabled (another worker was first). */
  disable(id: string, reason: DisabledReason, now: number): Promise<boolean>;
}

/** An event's fan-out: the enabled endpoints of its account and mode that subscribe to its type. */
export type EventRouter = (event: OutboxEvent, endpoints: readonly WebhookEndpoint[]) => WebhookEndpoint[];

/** A due delivery a worker holds under its lease, with what sending it needs. */
export interface ClaimedDelivery {
  delivery: WebhookDelivery;
  event: OutboxEvent;
  /** Null when the endpoint was deleted meanwhile. */
  endpoint: WebhookEndpoint | null;
}

export interface DeliveryStore {
  /**
   * Turns up to `limit` undispatched outbox events into deliveries, each event claimed (marked
   * dispatched) in the same transaction as its deliveries, so two workers never fan one out twice
   * and a crash leaves it undispatched. Returns the number of events dispatched.
   */
  dispatchPending(limit: number, now: number, route: EventRouter, newDeliveryId: () => string): Promise<number>;
  enqueue(deliveries: WebhookDelivery[]): Promise<void>;
  /** Leases up to `limit` due pending deliveries to `token` until `leasedUntil` (compare-and-set). */
  claimDue(now: number, limit: number, token: string, leasedUntil: number): Promise<ClaimedDelivery[]>;
  /** Saves the delivery's new state and its attempt, only while `token` still holds the lease. */
  finish(token: string, delivery: WebhookDelivery, attempt: DeliveryAttempt | null): Promise<boolean>;
  /** The delivery log of one endpoint, newest first. */
  attempts(endpointId: string, limit: number, cursor?: string): Promise<Page<DeliveryAttempt>>;
}

export interface EventFilter {
  type?: string;
  /** Only events created at or after this time (the API keeps 30 days). */
  since: number;
}

export interface EventStore {
  append(events: OutboxEvent[]): Promise<void>;
  page(
    accountId: string,
    livemode: boolean,
    filter: EventFilter,
    limit: number,
    cursor?: string,
  ): Promise<Page<OutboxEvent>>;
  find(accountId: string, livemode: boolean, id: string, since: number): Promise<OutboxEvent | null>;
}

/** What one HTTP attempt came to. */
export interface SendResult {
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  responseBody: string | null;
}

export interface WebhookSender {
  send(target: CheckedTarget, headers: Record<string, string>, body: string): Promise<SendResult>;
}

export interface WebhookSettings {
  allowPrivateTargets: boolean;
  /** Each attempt's timeout. */
  timeoutMs: number;
  /** Deliveries one worker sends at once. */
  concurrency: number;
  /** An endpoint whose deliveries have all failed for this long is disabled. */
  disableAfterMs: number;
  resolve: HostResolver;
}
