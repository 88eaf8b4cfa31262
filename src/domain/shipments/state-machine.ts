import type { ShipmentStatus, StatusTransitions } from './model';
import { DomainError } from '../shared';

/** The explicit actions that move a shipment, each allowed from named states only. */
export const shipmentActions = {
  book: { from: ['draft'], to: 'booked', stamp: 'booked_at', event: 'shipment.booked' },
  depart: { from: ['booked'], to: 'in_transit', stamp: 'departed_at', event: 'shipment.departed' },
  arrive: { from: ['in_transit'], to: 'arrived', stamp: 'arrived_at', event: 'shipment.arrived' },
  deliver: { from: ['arrived'], to: 'delivered', stamp: 'delivered_at', event: 'shipment.delivered' },
  cancel: { from: ['draft', 'booked'], to: 'cancelled', stamp: 'cancelled_at', event: 'shipment.cancelled' },
} as const satisfies Record<
  string,
  { from: readonly ShipmentStatus[]; to: ShipmentStatus; stamp: keyof StatusTransitions; event: string }
>;

export type ShipmentAction = keyof typeof shipmentActions;

/** States in which a shipment's containers are followed by tracking. */
export const trackedStatuses: readonly ShipmentStatus[] = ['booked', 'in_transit', 'arrived'];
/** States after which nothing about a shipment changes any more. */
export const finalStatuses: readonly ShipmentStatus[] = ['delivered', 'cancelled'];
/** States from which a shipment may be deleted: nothing happened to it, or it was called off. */
export const deletableStatuses: readonly ShipmentStatus[] = ['draft', 'cancelled'];

export class ShipmentStateError extends DomainError {
  constructor(id: string, status: ShipmentStatus, what: string) {
    super('conflict', `Shipment ${id} is ${status}: ${what}.`, [], {}, 'invalid_state');
    this.name = 'ShipmentStateError';
  }
}

export function assertAction(id: string, status: ShipmentStatus, action: ShipmentAction): void {
  const rule = shipmentActions[action];
  if (!(rule.from as readonly ShipmentStatus[]).includes(status)) {
    throw new ShipmentStateError(id, status, `${action} needs a shipment that is ${rule.from.join(' or ')}`);
  }
}
