import { endpointDisabledEventType, pingEventType, subscribesTo } from './event-catalogue';
import { eventEnvelope } from './event-envelope';
import { DeliveryAttempt, signingSecrets, WebhookDelivery, WebhookEndpoint } from './model';
import type {
  ClaimedDelivery,
  DeliveryStore,
  EndpointStore,
  EventStore,
  SendResult,
  WebhookSender,
  WebhookSettings,
} from './ports';
import { retryDelayMs } from './retry-schedule';
import { signedHeaders } from './signing';
import { checkTarget, RefusedTarget } from './target-guard';
import { type Clock, newId, newOutboxEvent, OutboxEvent } from '../shared';

export interface DeliveryNotices {
  /** An endpoint was disabled (410 Gone, or failing for too long): the operator's log line. */
  endpointDisabled(endpoint: WebhookEndpoint, reason: 'gone' | 'failing'): void;
}

/** Pings go only where their test sent them; every other event to the subscribed, enabled endpoints of its account and mode. */
export function routeEvent(event: OutboxEvent, endpoints: readonly WebhookEndpoint[]): WebhookEndpoint[] {
  if (event.type === pingEventType || event.accountId === null) return [];
  return endpoints.filter(
    (endpoint) =>
      endpoint.status === 'enabled' &&
      endpoint.livemode === event.livemode &&
      endpoint.accountId === event.accountId &&
      subscribesTo(endpoint.eventTypes, event.type),
  );
}

/**
 * At-least-once delivery: the outbox is fanned out into deliveries, and due deliveries are leased,
 * sent (signed, same webhook-id on every attempt) and their outcome saved under the lease. A
 * worker that dies mid-send leaves its leases to expire; the delivery is then sent again, under
 * the same webhook-id, by whichever worker leases it next.
 */
export class WebhookDeliveryService {
  constructor(
    private readonly deps: {
      endpoints: EndpointStore;
      deliveries: DeliveryStore;
      events: EventStore;
      sender: WebhookSender;
      clock: Clock;
      settings: WebhookSettings;
      notices: DeliveryNotices;
      random?: () => number;
    },
  ) {}

  /** A lease outlives any attempt (its timeout twice, plus saving), so no two workers ever hold one delivery. */
  get leaseMs(): number {
    return 2 * this.deps.settings.timeoutMs + 5000;
  }

  dispatch(limit: number): Promise<number> {
    return this.deps.deliveries.dispatchPending(limit, this.now(), routeEvent, () => newId('whd', this.now()));
  }

  /** Leases up to `limit` due deliveries for `token`. */
  claim(limit: number, token: string): Promise<ClaimedDelivery[]> {
    const now = this.now();
    return this.deps.deliveries.claimDue(now, limit, token, now + this.leaseMs);
  }

  /** Sends one leased delivery and saves its outcome; returns false when the lease was lost meanwhile. */
  async deliver(claimed: ClaimedDelivery, token: string): Promise<boolean> {
    const { delivery, event, endpoint } = claimed;
    const startedAt = this.now();
    if (!endpoint || endpoint.status !== 'enabled') {
      // Deleted or disabled since the event: nothing to send; a redelivery after re-enabling sends it.
      return this.deps.deliveries.finish(
        token,
        { ...delivery, status: 'failed', nextAttemptAt: null, finishedAt: startedAt },
        null,
      );
    }
    const result = await this.attempt(endpoint, event);
    const attemptNumber = delivery.attemptCount + 1;
    const attempt: DeliveryAttempt = {
      id: newId('wha', startedAt),
      deliveryId: delivery.id,
      endpointId: endpoint.id,
      eventId: event.id,
      eventType: event.type,
      attempt: attemptNumber,
      startedAt,
      ...result,
    };
    const now = this.now();
    const succeeded = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
    const gone = result.statusCode === 410;
    const retryIn = succeeded || gone ? null : retryDelayMs(attemptNumber, this.deps.random);
    const next: WebhookDelivery = {
      ...delivery,
      attemptCount: attemptNumber,
      status: succeeded ? 'delivered' : retryIn === null ? 'failed' : 'pending',
      nextAttemptAt: retryIn === null ? null : now + retryIn,
      finishedAt: retryIn === null ? now : null,
    };
    const saved = await this.deps.deliveries.finish(token, next, attempt);
    if (succeeded) {
      if (endpoint.failingSince !== null) await this.deps.endpoints.markHealthy(endpoint.id);
    } else if (gone) await this.disable(endpoint, 'gone', now);
    else if (now - (await this.deps.endpoints.markFailing(endpoint.id, now)) >= this.deps.settings.disableAfterMs)
      await this.disable(endpoint, 'failing', now);
    return saved;
  }

  private async attempt(endpoint: WebhookEndpoint, event: OutboxEvent): Promise<SendResult> {
    const started = Date.now();
    try {
      const target = await checkTarget(endpoint.url, endpoint.livemode, this.deps.settings, this.deps.settings.resolve);
      const body = JSON.stringify(eventEnvelope(event));
      const headers = {
        ...signedHeaders(signingSecrets(endpoint, this.now()), event.id, this.deps.clock.now(), body),
        'content-type': 'application/json',
        'user-agent': 'Tradelane-Webhooks/1',
      };
      return await this.deps.sender.send(target, headers, body);
    } catch (error) {
      if (!(error instanceof RefusedTarget)) throw error;
      return {
        statusCode: null,
        durationMs: Date.now() - started,
        error: `target refused: ${error.message}`,
        responseBody: null,
      };
    }
  }

  /** Disables the endpoint once (whichever worker gets there first) and tells the account with an event. */
  private async disable(endpoint: WebhookEndpoint, reason: 'gone' | 'failing', now: number): Promise<void> {
    if (!(await this.deps.endpoints.disable(endpoint.id, reason, now))) return;
    const disabled = { ...endpoint, status: 'disabled' as const, disabledReason: reason };
    await this.deps.events.append([
      newOutboxEvent(
        endpointDisabledEventType,
        {
          accountId: endpoint.accountId,
          livemode: endpoint.livemode,
          subjectType: 'webhook_endpoint',
          subjectId: endpoint.id,
          data: {
            object: {
              id: endpoint.id,
              object: 'webhook_endpoint',
              url: endpoint.url,
              status: 'disabled',
              disabled_reason: reason,
            },
          },
        },
        now,
      ),
    ]);
    this.deps.notices.endpointDisabled(disabled, reason);
  }

  private now(): number {
    return this.deps.clock.now().getTime();
  }
}
