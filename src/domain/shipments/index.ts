/** The shipments capability's public surface: code outside src/domain/shipments imports it from here. */
export { SubscriptionShipmentTracking } from './container-tracking';
export {
  type BillOfLading,
  type CargoLine,
  type CargoLineInput,
  type DutyEstimate,
  noTransitions,
  type Party,
  type Shipment,
  type ShipmentFilter,
  type ShipmentInput,
  type ShipmentMilestone,
  type ShipmentMode,
  type ShipmentStatus,
  shipmentStatuses,
  type StatusTransitions,
} from './model';
export type { ContainerTrackingView, ShipmentStore } from './ports';
export { ShipmentService, type ShipmentView } from './shipment.service';
export { type ShipmentAction, shipmentActions } from './state-machine';
export { transportModes } from './duty-estimates';
