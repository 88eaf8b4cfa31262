import { DomainError } from '../shared';

/**
 * The event families an endpoint may subscribe to. Delivery is keyed by the event's type only, so a
 * capability that writes a new `family.verb` to the outbox is delivered with no change here; this list
 * only checks what endpoints ask for (a typo should fail at registration, not silently never match).
 */
export const eventFamilies = [
  'container',
  'tariff',
  'shipment',
  'invoice',
  'entry',
  'document',
  'ltl_quote_request',
  'edi',
  'bulk_job',
  'billing',
  'webhook_endpoint',
] as const;

/** Sent by `POST /api/webhook-endpoints/{id}/test` to that endpoint only, whatever it subscribes to. */
export const pingEventType = 'ping';
/** Written when deliveries kept failing and the endpoint was disabled. */
export const endpointDisabledEventType = 'webhook_endpoint.disabled';

const subscriptionPattern = /^(\*|([a-z_]+)\.(\*|[a-z_]+(\.[a-z_]+)?))$/;

/** Checks the `events` an endpoint subscribes to: `*`, `family.*` or `family.verb` of a known family. */
export function checkSubscriptions(patterns: readonly string[]): string[] {
  const unique = [...new Set(patterns)];
  unique.forEach((pattern, index) => {
    const match = subscriptionPattern.exec(pattern);
    if (!match || (match[2] !== undefined && !(eventFamilies as readonly string[]).includes(match[2]))) {
      throw new DomainError(
        'invalid_input',
        `"${pattern}" is not an event type: use *, a family (${eventFamilies.join(', ')}) with .*, or family.verb`,
        [{ field: `events/${index}`, message: 'unknown event type' }],
      );
    }
  });
  return unique;
}

/** Whether an endpoint subscribed to these patterns receives events of this type. */
export function subscribesTo(patterns: readonly string[], type: string): boolean {
  const family = type.slice(0, type.indexOf('.'));
  return patterns.some((pattern) => pattern === '*' || pattern === type || pattern === `${family}.*`);
}
