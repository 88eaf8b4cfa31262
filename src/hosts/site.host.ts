import type { operations } from '../generated/hosts/site';
import { serviceHandlers } from '../handlers/service.handler';
import { listShipments } from '../handlers/shipments.handler';
import type { HostHandlers } from '../http/operation';
import type { AppDependencies } from './app-dependencies';
import type { HostDocument } from './host-document';

/** The web application host: the account API with Bearer auth. */
export function siteHostHandlers(deps: AppDependencies, document: HostDocument): HostHandlers<operations> {
  return {
    ...serviceHandlers(document, deps.readiness),
    listShipments,
  };
}
