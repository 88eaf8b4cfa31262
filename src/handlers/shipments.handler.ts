import type { ShipmentRepository, ShipmentRecord } from '../db/repositories/shipment.repository';
import type { components, operations } from '../generated/api';
import type { OperationHandler } from '../http/operation';
import { accountIdOf } from './accounts.handler';
import { isoTime } from './outputs/time';

const toApiShipment = (shipment: ShipmentRecord): components['schemas']['Shipment'] => ({
  id: shipment.id,
  object: 'shipment',
  reference: shipment.reference,
  status: shipment.status,
  origin: shipment.originLocode,
  destination: shipment.destinationLocode,
  created_at: isoTime(shipment.createdAt),
  updated_at: isoTime(shipment.updatedAt),
});

export function shipmentHandlers(shipments: ShipmentRepository): { listShipments: OperationHandler<operations['listShipments']> } {
  return {
    listShipments: async ({ query, call }) => {
      const page = await shipments.pageForAccount(accountIdOf(call), query.limit ?? 20, query.cursor);
      return { status: 200, body: { object: 'list', data: page.data.map(toApiShipment), has_more: page.hasMore, next_cursor: page.nextCursor } };
    },
  };
}
