import { checkSubscriptions, pingEventType, subscribesTo } from './event-catalogue';
import type { DeliveryAttempt, WebhookDelivery, WebhookEndpoint } from './model';
import type { DeliveryStore, EndpointStore, EventStore, WebhookSettings } from './ports';
import { newSigningSecret } from './signing';
import { checkTarget, RefusedTarget } from './target-guard';
import { conflict, type Clock, DomainError, newId, newOutboxEvent, OutboxEvent, type Page } from '../shared';

/** Events stay listable (and redeliverable) for 30 days. */
export const eventRetentionMs = 30 * 24 * 3600 * 1000;
/** After a rotation the old secret keeps signing for a day, so receivers can switch without a gap. */
export const secretOverlapMs = 24 * 3600 * 1000;

export interface Owner {
  accountId: string;
  livemode: boolean;
}

export interface EndpointInput {
  url: string;
  events: string[];
  description?: string | null;
}

export interface EndpointChange {
  url?: string;
  events?: string[];
  description?: string | null;
  status?: 'enabled' | 'disabled';
}

const notFound = (what: string, id: string) => new DomainError('not_found', `No ${what} ${id}.`);

/** Endpoints, their secrets, the event list, test pings and redeliveries: everything the API asks of webhooks. */
export class WebhookEndpointService {
  constructor(
    private readonly deps: {
      endpoints: EndpointStore;
      deliveries: DeliveryStore;
      events: EventStore;
      clock: Clock;
      settings: WebhookSettings;
    },
  ) {}

  async create(owner: Owner, input: EndpointInput): Promise<WebhookEndpoint> {
    const now = this.now();
    const endpoint: WebhookEndpoint = {
      id: newId('we', now),
      ...owner,
      url: await this.checkedUrl(input.url, owner.livemode),
      description: input.description ?? null,
      eventTypes: checkSubscriptions(input.events),
      status: 'enabled',
      disabledReason: null,
      secret: newSigningSecret(),
      previousSecret: null,
      previousSecretExpiresAt: null,
      failingSince: null,
      createdAt: now,
      updatedAt: now,
    };
    await this.deps.endpoints.insert(endpoint);
    return endpoint;
  }

  list(owner: Owner, limit: number, cursor?: string): Promise<Page<WebhookEndpoint>> {
    return this.deps.endpoints.page(owner.accountId, owner.livemode, limit, cursor);
  }

  async get(owner: Owner, id: string): Promise<WebhookEndpoint> {
    const endpoint = await this.deps.endpoints.find(owner.accountId, owner.livemode, id);
    if (!endpoint) throw notFound('webhook endpoint', id);
    return endpoint;
  }

  async update(owner: Owner, id: string, change: EndpointChange): Promise<WebhookEndpoint> {
    const endpoint = await this.get(owner, id);
    const next: WebhookEndpoint = { ...endpoint, updatedAt: this.now() };
    if (change.url !== undefined) next.url = await this.checkedUrl(change.url, owner.livemode);
    if (change.events !== undefined) next.eventTypes = checkSubscriptions(change.events);
    if (change.description !== undefined) next.description = change.description;
    if (change.status === 'enabled' && endpoint.status === 'disabled')
      Object.assign(next, { status: 'enabled', disabledReason: null, failingSince: null });
    if (change.status === 'disabled' && endpoint.status === 'enabled')
      Object.assign(next, { status: 'disabled', disabledReason: 'user' });
    await this.deps.endpoints.save(next);
    return next;
  }

  async remove(owner: Owner, id: string): Promise<void> {
    if (!(await this.deps.endpoints.remove(owner.accountId, owner.livemode, id)))
      throw notFound('webhook endpoint', id);
  }

  /** The endpoint's delivery log, newest attempt first. */
  async attempts(owner: Owner, id: string, limit: number, cursor?: string): Promise<Page<DeliveryAttempt>> {
    await this.get(owner, id);
    return this.deps.deliveries.attempts(id, limit, cursor);
  }

  /** A new secret; the old one keeps signing alongside it for 24 hours. */
  async rotateSecret(owner: Owner, id: string): Promise<WebhookEndpoint> {
    const endpoint = await this.get(owner, id);
    const now = this.now();
    const next: WebhookEndpoint = {
      ...endpoint,
      secret: newSigningSecret(),
      previousSecret: endpoint.secret,
      previousSecretExpiresAt: now + secretOverlapMs,
      updatedAt: now,
    };
    await this.deps.endpoints.save(next);
    return next;
  }

  /** Sends a `ping` event to this endpoint only (enabled or not: a disabled endpoint's owner tests it before enabling it again). */
  async ping(owner: Owner, id: string): Promise<OutboxEvent> {
    const endpoint = await this.get(owner, id);
    const now = this.now();
    const event = newOutboxEvent(
      pingEventType,
      {
        ...owner,
        subjectType: 'webhook_endpoint',
        subjectId: endpoint.id,
        data: { object: { id: endpoint.id, object: 'webhook_endpoint', url: endpoint.url } },
      },
      now,
    );
    await this.deps.events.append([event]);
    await this.deps.deliveries.enqueue([this.newDelivery(event.id, endpoint.id, now)]);
    return event;
  }

  listEvents(owner: Owner, filter: { type?: string }, limit: number, cursor?: string): Promise<Page<OutboxEvent>> {
    return this.deps.events.page(
      owner.accountId,
      owner.livemode,
      { ...filter, since: this.now() - eventRetentionMs },
      limit,
      cursor,
    );
  }

  async getEvent(owner: Owner, id: string): Promise<OutboxEvent> {
    const event = await this.deps.events.find(owner.accountId, owner.livemode, id, this.now() - eventRetentionMs);
    if (!event) throw notFound('event', id);
    return event;
  }

  /**
   * Sends the event again, under its own webhook-id, to one endpoint of the account (enabled, or the
   * caller would not have named it) or to every enabled endpoint subscribed to its type.
   */
  async redeliver(
    owner: Owner,
    eventId: string,
    endpointId?: string,
  ): Promise<{ event: OutboxEvent; endpoints: WebhookEndpoint[] }> {
    const event = await this.getEvent(owner, eventId);
    let endpoints: WebhookEndpoint[];
    if (endpointId !== undefined) {
      const endpoint = await this.deps.endpoints.find(owner.accountId, owner.livemode, endpointId);
      if (!endpoint)
        throw new DomainError('not_found', `No webhook endpoint ${endpointId}.`, [
          { field: 'endpoint_id', message: 'unknown endpoint' },
        ]);
      if (endpoint.status !== 'enabled')
        throw conflict('invalid_state', `Webhook endpoint ${endpointId} is disabled: enable it first.`);
      endpoints = [endpoint];
    } else {
      endpoints = (await this.allEndpoints(owner)).filter(
        (endpoint) => endpoint.status === 'enabled' && subscribesTo(endpoint.eventTypes, event.type),
      );
    }
    const now = this.now();
    await this.deps.deliveries.enqueue(endpoints.map((endpoint) => this.newDelivery(event.id, endpoint.id, now)));
    return { event, endpoints };
  }

  private async allEndpoints(owner: Owner): Promise<WebhookEndpoint[]> {
    const all: WebhookEndpoint[] = [];
    let cursor: string | undefined;
    do {
      const page = await this.deps.endpoints.page(owner.accountId, owner.livemode, 100, cursor);
      all.push(...page.data);
      cursor = page.nextCursor ?? undefined;
    } while (cursor !== undefined);
    return all;
  }

  private newDelivery(eventId: string, endpointId: string, now: number): WebhookDelivery {
    return {
      id: newId('whd', now),
      eventId,
      endpointId,
      status: 'pending',
      attemptCount: 0,
      nextAttemptAt: now,
      createdAt: now,
      finishedAt: null,
    };
  }

  private async checkedUrl(url: string, livemode: boolean): Promise<string> {
    try {
      return (await checkTarget(url, livemode, this.deps.settings, this.deps.settings.resolve)).url.toString();
    } catch (error) {
      if (error instanceof RefusedTarget)
        throw new DomainError('invalid_input', `The webhook URL is refused: ${error.message}.`, [
          { field: 'url', message: error.message },
        ]);
      throw error;
    }
  }

  private now(): number {
    return this.deps.clock.now().getTime();
  }
}
