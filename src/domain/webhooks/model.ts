/** The webhooks capability's records. Times are epoch milliseconds (UTC). */

export type EndpointStatus = 'enabled' | 'disabled';
/** Why an endpoint is disabled: by its owner, by a 410 Gone answer, or after failing for too long. */
export type DisabledReason = 'user' | 'gone' | 'failing';

export interface WebhookEndpoint {
  id: string;
  accountId: string;
  livemode: boolean;
  url: string;
  description: string | null;
  /** Types or patterns subscribed to (`*`, `container.*`, `tariff.changed`). */
  eventTypes: string[];
  status: EndpointStatus;
  disabledReason: DisabledReason | null;
  secret: string;
  /** The secret before the last rotation, still signing until previousSecretExpiresAt. */
  previousSecret: string | null;
  previousSecretExpiresAt: number | null;
  /** Since when every delivery has failed; null while the endpoint answers. */
  failingSince: number | null;
  createdAt: number;
  updatedAt: number;
}

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

/** One event to one endpoint, with every attempt under the same webhook-id (the event id). */
export interface WebhookDelivery {
  id: string;
  eventId: string;
  endpointId: string;
  status: DeliveryStatus;
  attemptCount: number;
  nextAttemptAt: number | null;
  createdAt: number;
  finishedAt: number | null;
}

/** One HTTP attempt, as the delivery log shows it. */
export interface DeliveryAttempt {
  id: string;
  deliveryId: string;
  endpointId: string;
  eventId: string;
  eventType: string;
  attempt: number;
  startedAt: number;
  durationMs: number;
  /** The receiver's status; null when no answer came (refused target, timeout, connection error). */
  statusCode: number | null;
  error: string | null;
  /** The first 2 KB of the receiver's answer. */
  responseBody: string | null;
}

/** The secrets that sign now: the current one, and the previous one during its overlap. */
export function signingSecrets(
  endpoint: Pick<WebhookEndpoint, 'secret' | 'previousSecret' | 'previousSecretExpiresAt'>,
  now: number,
): string[] {
  const overlapping =
    endpoint.previousSecret !== null &&
    endpoint.previousSecretExpiresAt !== null &&
    endpoint.previousSecretExpiresAt > now;
  return overlapping ? [endpoint.secret, endpoint.previousSecret as string] : [endpoint.secret];
}
