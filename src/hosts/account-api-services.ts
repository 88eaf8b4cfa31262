import { ShipmentRepository } from '../db/repositories/shipment.repository';
import { SubscriptionShipmentTracking } from '../domain/shipments/container-tracking';
import { ShipmentService } from '../domain/shipments/shipment.service';
import { toApiShipment } from '../handlers/outputs/shipment.output';
import type { AppDependencies } from './app-dependencies';

/** The account API's use cases on the site host, built from the app's dependencies. */
export function createAccountApiServices(deps: AppDependencies) {
  const clock = () => deps.clock.now().getTime();
  const shipments = new ShipmentService({
    store: new ShipmentRepository(deps.db.knex),
    tracking: new SubscriptionShipmentTracking(deps.tracking.subscriptions),
    clock,
    present: toApiShipment,
  });
  return { shipments };
}
