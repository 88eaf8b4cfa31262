import type { components } from '../../generated/api';
import { isoTime, isoTimeOrNull } from './time';
import type { OutboxEvent } from '../../domain/shared';
import { type DeliveryAttempt, eventEnvelope, type WebhookEndpoint } from '../../domain/webhooks';

type Schemas = components['schemas'];

/** The endpoint without its secrets. */
export function toApiWebhookEndpoint(endpoint: WebhookEndpoint, now: number): Schemas['WebhookEndpoint'] {
  const rotationEnds =
    endpoint.previousSecretExpiresAt !== null && endpoint.previousSecretExpiresAt > now
      ? endpoint.previousSecretExpiresAt
      : null;
  return {
    id: endpoint.id,
    object: 'webhook_endpoint',
    livemode: endpoint.livemode,
    url: endpoint.url,
    description: endpoint.description,
    events: endpoint.eventTypes,
    status: endpoint.status,
    disabled_reason: endpoint.disabledReason,
    failing_since: isoTimeOrNull(endpoint.failingSince),
    secret_rotation_ends_at: isoTimeOrNull(rotationEnds),
    created_at: isoTime(endpoint.createdAt),
    updated_at: isoTime(endpoint.updatedAt),
  };
}

/** The endpoint with its current secret: only in the answers that create one. */
export function toApiWebhookEndpointWithSecret(
  endpoint: WebhookEndpoint,
  now: number,
): Schemas['WebhookEndpointWithSecret'] {
  return { ...toApiWebhookEndpoint(endpoint, now), secret: endpoint.secret };
}

export function toApiDeliveryAttempt(attempt: DeliveryAttempt): Schemas['WebhookDeliveryAttempt'] {
  return {
    id: attempt.id,
    object: 'webhook_delivery_attempt',
    event_id: attempt.eventId,
    event_type: attempt.eventType,
    attempt: attempt.attempt,
    attempted_at: isoTime(attempt.startedAt),
    status_code: attempt.statusCode,
    duration_ms: attempt.durationMs,
    error: attempt.error,
    response_body: attempt.responseBody,
  };
}

export function toApiEvent(event: OutboxEvent): Schemas['Event'] {
  return eventEnvelope(event) as Schemas['Event'];
}
