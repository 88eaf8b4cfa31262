/** The webhooks capability's public surface: code outside src/domain/webhooks imports it from here. */
export { pumpDeliveries } from './delivery-pump';
export { WebhookDeliveryService } from './delivery.service';
export { WebhookEndpointService } from './endpoint.service';
export { eventEnvelope } from './event-envelope';
export { httpWebhookSender } from './http-sender';
export type { DeliveryAttempt, DisabledReason, WebhookDelivery, WebhookEndpoint } from './model';
export type {
  ClaimedDelivery,
  DeliveryStore,
  EndpointStore,
  EventFilter,
  EventRouter,
  EventStore,
  WebhookSettings,
} from './ports';
export { type HostResolver, systemResolver } from './target-guard';
