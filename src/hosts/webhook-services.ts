import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { WebhookConfig } from '../config/webhook-config';
import { OutboxEventRepository } from '../db/repositories/outbox-event.repository';
import { WebhookDeliveryRepository } from '../db/repositories/webhook-delivery.repository';
import { WebhookEndpointRepository } from '../db/repositories/webhook-endpoint.repository';
import type { Clock } from '../domain/shared';
import {
  HostResolver,
  httpWebhookSender,
  systemResolver,
  WebhookDeliveryService,
  WebhookEndpointService,
  type WebhookSettings,
} from '../domain/webhooks';

export type WebhookServices = ReturnType<typeof createWebhookServices>;

/** The webhook endpoints API and the delivery (for the worker's job), on one database. */
export function createWebhookServices(
  knex: Knex,
  config: WebhookConfig,
  clock: Clock,
  logger: Logger,
  resolve: HostResolver = systemResolver,
) {
  const endpoints = new WebhookEndpointRepository(knex);
  const deliveries = new WebhookDeliveryRepository(knex);
  const events = new OutboxEventRepository(knex);
  const settings: WebhookSettings = { ...config, resolve };
  const sender = httpWebhookSender(config.timeoutMs);
  return {
    config,
    endpoints: new WebhookEndpointService({ endpoints, deliveries, events, clock, settings }),
    delivery: new WebhookDeliveryService({
      endpoints,
      deliveries,
      events,
      sender,
      clock,
      settings,
      notices: {
        endpointDisabled: (endpoint, reason) =>
          logger.warn(
            { endpoint: endpoint.id, account: endpoint.accountId, livemode: endpoint.livemode, reason },
            'webhook endpoint disabled',
          ),
      },
    }),
    close: () => sender.close(),
  };
}
