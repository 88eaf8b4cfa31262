import { requestLogRetentionMs } from '../request-log';
import type { Clock } from '../shared';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How long records that only serve a while are kept (docs/operations.md, "Data retention"). Events
 * are listed by `GET /api/events` for 30 days, and a delivery retries for about three days; both
 * are kept 30 days so what the API shows is never pruned under it; the account request log
 * (Developers → Requests) is kept 30 days too. An idempotency record is of no
 * use once it expires (24 h after its request), nor is a web session or an emailed link.
 */
export const retentionPeriods = {
  deliveredEventsMs: 30 * DAY_MS,
  finishedDeliveriesMs: 30 * DAY_MS,
  requestLogMs: requestLogRetentionMs,
} as const;

/** What the retention job deletes; each method deletes in batches and says how many rows went. */
export interface RetentionStore {
  deleteExpiredIdempotencyRecords(now: number): Promise<number>;
  /** Delivered events created before `before`, unless a delivery of theirs is still going. */
  deleteDeliveredEventsBefore(before: number): Promise<number>;
  /** Finished deliveries (with their attempts) created before `before`. */
  deleteFinishedDeliveriesBefore(before: number): Promise<number>;
  /** The web application's expired sessions and email links (of no use once expired). */
  deleteExpiredWebSessions(now: number): Promise<number>;
  deleteExpiredEmailLinks(now: number): Promise<number>;
  /** Request log entries recorded before `before`. */
  deleteRequestLogBefore(before: number): Promise<number>;
}

export interface RetentionReport {
  idempotencyRecords: number;
  outboxEvents: number;
  webhookDeliveries: number;
  webSessions: number;
  webEmailLinks: number;
  requestLogs: number;
}

export async function pruneExpiredRecords(store: RetentionStore, clock: Clock): Promise<RetentionReport> {
  const now = clock.now().getTime();
  return {
    idempotencyRecords: await store.deleteExpiredIdempotencyRecords(now),
    // Deliveries first: an event goes once no delivery of it is left running.
    webhookDeliveries: await store.deleteFinishedDeliveriesBefore(now - retentionPeriods.finishedDeliveriesMs),
    outboxEvents: await store.deleteDeliveredEventsBefore(now - retentionPeriods.deliveredEventsMs),
    webSessions: await store.deleteExpiredWebSessions(now),
    webEmailLinks: await store.deleteExpiredEmailLinks(now),
    requestLogs: await store.deleteRequestLogBefore(now - retentionPeriods.requestLogMs),
  };
}
