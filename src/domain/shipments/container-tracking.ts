import type { ContainerTrackingView, ShipmentTracking } from './ports';
import { type AccountScope, DomainError } from '../shared';
import {
  DuplicateSubscriptionError,
  resolveReference,
  TrackingInputError,
  type TrackingSubscriptionService,
} from '../tracking';

/**
 * Shipments' containers tracked by the tracking capability: one subscription per container, linked
 * to the shipment (so the business plan covers it), read back as the tracking API shows it.
 */
export class SubscriptionShipmentTracking implements ShipmentTracking {
  constructor(private readonly subscriptions: TrackingSubscriptionService) {}

  checkTrackable(containerNumbers: readonly string[], carrierScac: string | null): void {
    containerNumbers.forEach((number, index) => {
      try {
        resolveReference({ referenceType: 'container', reference: number, carrierScac });
      } catch (error) {
        if (!(error instanceof TrackingInputError)) throw error;
        const message = `Container ${number} cannot be tracked: ${error.message}`;
        throw new DomainError('unprocessable', message, [
          { field: error.field === 'carrier_scac' ? 'carrier_scac' : `containers/${index}/number`, message },
        ]);
      }
    });
  }

  async track(
    scope: AccountScope,
    shipmentId: string,
    containerNumber: string,
    carrierScac: string | null,
  ): Promise<string> {
    try {
      const created = await this.subscriptions.create({
        accountId: scope.accountId,
        livemode: scope.livemode,
        plan: scope.plan,
        referenceType: 'container',
        reference: containerNumber,
        carrierScac,
        shipmentId,
      });
      return created.id;
    } catch (error) {
      if (error instanceof DuplicateSubscriptionError && error.existingId !== null) return error.existingId;
      throw error;
    }
  }

  async stopFor(scope: AccountScope, shipmentId: string, subscriptionId: string): Promise<void> {
    const subscription = await this.subscriptions.get(scope.accountId, scope.livemode, subscriptionId);
    if (subscription.shipmentId === shipmentId)
      await this.subscriptions.stop(scope.accountId, scope.livemode, subscriptionId);
  }

  async views(
    scope: AccountScope,
    subscriptionIds: readonly string[],
    withTimeline: boolean,
  ): Promise<Map<string, ContainerTrackingView>> {
    const containers = await this.subscriptions.firstContainers(scope.accountId, scope.livemode, subscriptionIds);
    const views = new Map<string, ContainerTrackingView>();
    for (const subscriptionId of subscriptionIds) {
      // A subscription without a container yet is awaiting its first data.
      const container = containers.get(subscriptionId);
      views.set(subscriptionId, {
        subscription_id: subscriptionId,
        container_id: container?.id ?? null,
        status: container?.status ?? 'awaiting_data',
        carrier_eta: container?.carrier_eta ?? null,
        predicted_eta: container?.predicted_eta ?? null,
        arrived_at: container?.arrived_at ?? null,
        data_refreshed_at: container?.data_refreshed_at ?? null,
        stale: container?.stale ?? false,
        ...(withTimeline && container ? { events: container.events } : {}),
      });
    }
    return views;
  }
}
