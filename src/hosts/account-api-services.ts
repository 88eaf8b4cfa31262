import { InvoiceRepository } from '../db/repositories/invoice.repository';
import { ShipmentRepository } from '../db/repositories/shipment.repository';
import { InvoiceService } from '../domain/invoices/invoice.service';
import { SubscriptionShipmentTracking } from '../domain/shipments/container-tracking';
import { ShipmentService } from '../domain/shipments/shipment.service';
import { toApiInvoice } from '../handlers/outputs/invoice.output';
import { toApiShipment } from '../handlers/outputs/shipment.output';
import type { AppDependencies } from './app-dependencies';

/** The account API's use cases on the site host, built from the app's dependencies. */
export function createAccountApiServices(deps: AppDependencies) {
  const clock = () => deps.clock.now().getTime();
  const shipmentStore = new ShipmentRepository(deps.db.knex);
  const shipments = new ShipmentService({
    store: shipmentStore,
    tracking: new SubscriptionShipmentTracking(deps.tracking.subscriptions),
    clock,
    present: toApiShipment,
  });
  const invoices = new InvoiceService({
    store: new InvoiceRepository(deps.db.knex),
    shipmentIsOwn: async (accountId, livemode, id) => (await shipmentStore.find(accountId, livemode, id)) !== null,
    clock,
    present: toApiInvoice,
  });
  return { shipments, invoices };
}
