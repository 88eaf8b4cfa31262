import type { Knex } from 'knex';
import { toNumber, toNumberOrNull } from '../row-values';
import { newestFirstPage } from './created-at-cursor';
import { fromOutboxRow } from './outbox-event.repository';
import { fromEndpointRow } from './webhook-endpoint.repository';
import type { OutboxEvent, Page } from '../../domain/shared';
import type {
  ClaimedDelivery,
  DeliveryAttempt,
  DeliveryStore,
  EventRouter,
  WebhookDelivery,
} from '../../domain/webhooks';

const fromDeliveryRow = (row: Record<string, unknown>): WebhookDelivery => ({
  id: String(row.id),
  eventId: String(row.event_id),
  endpointId: String(row.endpoint_id),
  status: row.status as WebhookDelivery['status'],
  attemptCount: toNumber(row.attempt_count),
  nextAttemptAt: toNumberOrNull(row.next_attempt_at),
  createdAt: toNumber(row.created_at),
  finishedAt: toNumberOrNull(row.finished_at),
});

const toDeliveryRow = (delivery: WebhookDelivery) => ({
  id: delivery.id,
  event_id: delivery.eventId,
  endpoint_id: delivery.endpointId,
  status: delivery.status,
  attempt_count: delivery.attemptCount,
  next_attempt_at: delivery.nextAttemptAt,
  created_at: delivery.createdAt,
  finished_at: delivery.finishedAt,
});

const fromAttemptRow = (row: Record<string, unknown>): DeliveryAttempt => ({
  id: String(row.id),
  deliveryId: String(row.delivery_id),
  endpointId: String(row.endpoint_id),
  eventId: String(row.event_id),
  eventType: String(row.event_type),
  attempt: toNumber(row.attempt),
  startedAt: toNumber(row.started_at),
  durationMs: toNumber(row.duration_ms),
  statusCode: toNumberOrNull(row.status_code),
  error: (row.error as string | null) ?? null,
  responseBody: (row.response_body as string | null) ?? null,
});

/** Rows per multi-row INSERT (SQLite allows 32,766 bound values; a delivery has 8). */
const insertChunk = 500;

export class WebhookDeliveryRepository implements DeliveryStore {
  constructor(private readonly knex: Knex) {}

  async dispatchPending(limit: number, now: number, route: EventRouter, newDeliveryId: () => string): Promise<number> {
    const events = (
      await this.knex('outbox_events').whereNull('delivered_at').orderBy(['created_at', 'id']).limit(limit)
    ).map(fromOutboxRow);
    if (events.length === 0) return 0;
    const accounts = [...new Set(events.map((event) => event.accountId).filter((id): id is string => id !== null))];
    const endpoints =
      accounts.length === 0
        ? []
        : (await this.knex('webhook_endpoints').whereIn('account_id', accounts).where({ status: 'enabled' })).map(
            fromEndpointRow,
          );
    return this.knex.transaction(async (trx) => {
      const deliveries: WebhookDelivery[] = [];
      let dispatched = 0;
      for (const event of events) {
        // The claim: an event another worker dispatched meanwhile matches no row here and is skipped.
        if (
          (await trx('outbox_events')
            .where({ id: event.id })
            .whereNull('delivered_at')
            .update({ delivered_at: now })) === 0
        )
          continue;
        dispatched++;
        for (const endpoint of route(event, endpoints)) {
          deliveries.push({
            id: newDeliveryId(),
            eventId: event.id,
            endpointId: endpoint.id,
            status: 'pending',
            attemptCount: 0,
            nextAttemptAt: now,
            createdAt: now,
            finishedAt: null,
          });
        }
      }
      await this.enqueue(deliveries, trx);
      return dispatched;
    });
  }

  async enqueue(deliveries: WebhookDelivery[], trx: Knex | Knex.Transaction = this.knex): Promise<void> {
    for (let i = 0; i < deliveries.length; i += insertChunk)
      await trx('webhook_deliveries').insert(deliveries.slice(i, i + insertChunk).map(toDeliveryRow));
  }

  async claimDue(now: number, limit: number, token: string, leasedUntil: number): Promise<ClaimedDelivery[]> {
    const free = (q: Knex.QueryBuilder) => q.whereNull('leased_until').orWhere('leased_until', '<', now);
    const candidates = await this.knex('webhook_deliveries')
      .where({ status: 'pending' })
      .andWhere('next_attempt_at', '<=', now)
      .andWhere(free)
      .orderBy('next_attempt_at')
      .limit(limit)
      .pluck('id');
    if (candidates.length === 0) return [];
    // Compare-and-set: a row another worker leased since the read above no longer matches.
    const leased = await this.knex('webhook_deliveries')
      .whereIn('id', candidates)
      .where({ status: 'pending' })
      .andWhere(free)
      .update({ lease_token: token, leased_until: leasedUntil });
    if (leased === 0) return [];
    const deliveries = (await this.knex('webhook_deliveries').where({ lease_token: token })).map(fromDeliveryRow);
    const events = new Map(
      (await this.knex('outbox_events').whereIn('id', [...new Set(deliveries.map((d) => d.eventId))])).map((row) => [
        String(row.id),
        fromOutboxRow(row),
      ]),
    );
    const endpoints = new Map(
      (await this.knex('webhook_endpoints').whereIn('id', [...new Set(deliveries.map((d) => d.endpointId))])).map(
        (row) => [String(row.id), fromEndpointRow(row)],
      ),
    );
    return deliveries.map((delivery) => ({
      delivery,
      event: events.get(delivery.eventId) as OutboxEvent,
      endpoint: endpoints.get(delivery.endpointId) ?? null,
    }));
  }

  async finish(token: string, delivery: WebhookDelivery, attempt: DeliveryAttempt | null): Promise<boolean> {
    return this.knex.transaction(async (trx) => {
      const {
        id: _id,
        event_id: _event,
        endpoint_id: _endpoint,
        created_at: _created,
        ...state
      } = toDeliveryRow(delivery);
      const saved = await trx('webhook_deliveries')
        .where({ id: delivery.id, lease_token: token })
        .update({ ...state, lease_token: null, leased_until: null });
      if (saved === 0) return false;
      if (attempt) {
        await trx('webhook_delivery_attempts').insert({
          id: attempt.id,
          delivery_id: attempt.deliveryId,
          endpoint_id: attempt.endpointId,
          event_id: attempt.eventId,
          event_type: attempt.eventType,
          attempt: attempt.attempt,
          started_at: attempt.startedAt,
          duration_ms: attempt.durationMs,
          status_code: attempt.statusCode,
          error: attempt.error?.slice(0, 500) ?? null,
          response_body: attempt.responseBody,
        });
      }
      return true;
    });
  }

  attempts(endpointId: string, limit: number, cursor?: string): Promise<Page<DeliveryAttempt>> {
    return newestFirstPage(
      this.knex('webhook_delivery_attempts').where({ endpoint_id: endpointId }),
      cursor,
      limit,
      fromAttemptRow,
      (attempt) => attempt.startedAt,
      'started_at',
    );
  }
}
