import type { operations } from '../generated/api';
import type { OperationHandler } from '../http/operation';
import { accountModeOf } from '../http/caller-scope';
import { listResponse } from './outputs/list';
import {
  toApiDeliveryAttempt,
  toApiEvent,
  toApiWebhookEndpoint,
  toApiWebhookEndpointWithSecret,
} from './outputs/webhooks.output';
import type { WebhookEndpointService } from '../domain/webhooks';

type WebhookOperation =
  | 'listWebhookEndpoints'
  | 'createWebhookEndpoint'
  | 'getWebhookEndpoint'
  | 'updateWebhookEndpoint'
  | 'deleteWebhookEndpoint'
  | 'rotateWebhookEndpointSecret'
  | 'listWebhookDeliveries'
  | 'sendWebhookTestEvent'
  | 'listEvents'
  | 'getEvent'
  | 'redeliverEvent';

const endpointsPath = '/api/webhook-endpoints';

/** Webhook endpoints and events on the site host; a key sees its own account's, in its own mode. */
export function webhookHandlers(webhooks: WebhookEndpointService): {
  [K in WebhookOperation]: OperationHandler<operations[K]>;
} {
  return {
    listWebhookEndpoints: async ({ query, call }) => {
      const limit = query.limit ?? 20;
      const page = await webhooks.list(accountModeOf(call), limit, query.cursor);
      const now = call.receivedAt.getTime();
      return {
        status: 200,
        ...listResponse(page, (endpoint) => toApiWebhookEndpoint(endpoint, now), endpointsPath, { limit }),
      };
    },

    createWebhookEndpoint: async ({ body, call }) => {
      const endpoint = await webhooks.create(accountModeOf(call), {
        url: body.url,
        events: body.events,
        description: body.description,
      });
      return {
        status: 201,
        headers: { Location: `${endpointsPath}/${endpoint.id}` },
        body: toApiWebhookEndpointWithSecret(endpoint, call.receivedAt.getTime()),
      };
    },

    getWebhookEndpoint: async ({ params, call }) => ({
      status: 200,
      body: toApiWebhookEndpoint(
        await webhooks.get(accountModeOf(call), params.endpoint_id),
        call.receivedAt.getTime(),
      ),
    }),

    updateWebhookEndpoint: async ({ params, body, call }) => ({
      status: 200,
      body: toApiWebhookEndpoint(
        await webhooks.update(accountModeOf(call), params.endpoint_id, body),
        call.receivedAt.getTime(),
      ),
    }),

    deleteWebhookEndpoint: async ({ params, call }) => {
      await webhooks.remove(accountModeOf(call), params.endpoint_id);
      return { status: 204, body: undefined };
    },

    rotateWebhookEndpointSecret: async ({ params, call }) => ({
      status: 200,
      body: toApiWebhookEndpointWithSecret(
        await webhooks.rotateSecret(accountModeOf(call), params.endpoint_id),
        call.receivedAt.getTime(),
      ),
    }),

    listWebhookDeliveries: async ({ params, query, call }) => {
      const limit = query.limit ?? 20;
      const page = await webhooks.attempts(accountModeOf(call), params.endpoint_id, limit, query.cursor);
      return {
        status: 200,
        ...listResponse(page, toApiDeliveryAttempt, `${endpointsPath}/${params.endpoint_id}/deliveries`, { limit }),
      };
    },

    sendWebhookTestEvent: async ({ params, call }) => ({
      status: 202,
      body: toApiEvent(await webhooks.ping(accountModeOf(call), params.endpoint_id)),
    }),

    listEvents: async ({ query, call }) => {
      const limit = query.limit ?? 20;
      const page = await webhooks.listEvents(accountModeOf(call), { type: query.type }, limit, query.cursor);
      return { status: 200, ...listResponse(page, toApiEvent, '/api/events', { limit, type: query.type }) };
    },

    getEvent: async ({ params, call }) => ({
      status: 200,
      body: toApiEvent(await webhooks.getEvent(accountModeOf(call), params.event_id)),
    }),

    redeliverEvent: async ({ params, body, call }) => {
      const { event, endpoints } = await webhooks.redeliver(accountModeOf(call), params.event_id, body?.endpoint_id);
      return {
        status: 202,
        body: {
          object: 'event_redelivery',
          event_id: event.id,
          endpoint_ids: endpoints.map((endpoint) => endpoint.id),
        },
      };
    },
  };
}
