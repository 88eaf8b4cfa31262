import { ShipmentRepository } from '../db/repositories/shipment.repository';
import type { operations } from '../generated/hosts/site';
import { accountHandlers } from '../handlers/accounts.handler';
import { metricsHandler } from '../handlers/metrics.handler';
import { serviceHandlers } from '../handlers/service.handler';
import { shipmentHandlers } from '../handlers/shipments.handler';
import { trackingAdminHandlers } from '../handlers/tracking.handler';
import { webhookHandlers } from '../handlers/webhooks.handler';
import type { HostHandlers } from '../http/operation';
import type { AppDependencies } from './app-dependencies';
import type { HostDocument } from './host-document';

/** The web application host: the account API with Bearer auth, OAuth tokens, admin. */
export function siteHostHandlers(deps: AppDependencies, document: HostDocument): HostHandlers<operations> {
  const { signUp: _mainHostOnly, ...accounts } = accountHandlers(deps.access);
  return {
    ...serviceHandlers(document, deps.readiness),
    getMetrics: metricsHandler(deps.metrics),
    ...accounts,
    ...shipmentHandlers(new ShipmentRepository(deps.db.knex)),
    ...trackingAdminHandlers(deps.tracking, deps.access.accounts),
    ...webhookHandlers(deps.webhooks.endpoints),
  };
}
