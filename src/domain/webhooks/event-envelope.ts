import { currentApiVersion, type OutboxEvent } from '../shared';

/** An event as the API shows it and as a delivery's body carries it. */
export interface EventEnvelope {
  id: string;
  object: 'event';
  type: string;
  api_version: string;
  created_at: string;
  livemode: boolean;
  data: Record<string, unknown>;
}

/**
 * The public form of an outbox event. `data` is stored as its producer wrote it: `object` (the
 * resource as the API returns it) and, for some types, what changed.
 */
export function eventEnvelope(
  event: Pick<OutboxEvent, 'id' | 'type' | 'livemode' | 'data' | 'createdAt'>,
): EventEnvelope {
  return {
    id: event.id,
    object: 'event',
    type: event.type,
    // The API version in force (the one table requests pin): a breaking change to an event's
    // shape is a breaking change of the API and gets a new date there.
    api_version: currentApiVersion,
    created_at: new Date(event.createdAt).toISOString(),
    livemode: event.livemode,
    data: event.data as Record<string, unknown>,
  };
}
