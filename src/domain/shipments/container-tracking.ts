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
    const views = new Map<string, ContainerTrackingView>();
    for (const subscriptionId of new Set(subscriptionIds)) {
      const subscription = await this.subscriptions.get(scope.accountId, scope.livemode, subscriptionId);
      const summary = subscription.containers[0];
      if (!summary) {
        views.set(subscriptionId, {
          subscription_id: subscriptionId,
          container_id: null,
          status: 'awaiting_data',
          carrier_eta: null,
          predicted_eta: null,
          arrived_at: null,
          data_refreshed_at: null,
          stale: false,
        });
        continue;
      }
      const container = await this.subscriptions.getContainer(scope.accountId, scope.livemode, summary.id);
      views.set(subscriptionId, {
        subscription_id: subscriptionId,
        container_id: container.id,
        status: container.status,
        carrier_eta: container.carrier_eta,
        predicted_eta: container.predicted_eta,
        arrived_at: container.arrived_at,
        data_refreshed_at: container.data_refreshed_at,
        stale: container.stale,
        ...(withTimeline ? { events: container.events } : {}),
      });
    }
    return views;
  }
}
