import type { Shipment, ShipmentFilter } from './model';
import type { AccountScope, OutboxEvent, Page } from '../shared';

export interface ShipmentStore {
  find(accountId: string, livemode: boolean, id: string): Promise<Shipment | null>;
  page(
    accountId: string,
    livemode: boolean,
    filter: ShipmentFilter,
    limit: number,
    cursor: string | null,
  ): Promise<Page<Shipment>>;
  /** Inserts the shipment and its events in one transaction. */
  insert(shipment: Shipment, events: OutboxEvent[]): Promise<void>;
  /** Replaces the shipment if it is still as it was read (its updated_at); false when it changed meanwhile. */
  update(shipment: Shipment, expectedUpdatedAt: number, events: OutboxEvent[]): Promise<boolean>;
  /** Deletes the shipment if it is still as it was read; false when it changed meanwhile. */
  delete(shipment: Shipment, events: OutboxEvent[]): Promise<boolean>;
}

/** A tracked container as a shipment shows it (the tracking capability's own fields and names). */
export interface ContainerTrackingView {
  subscription_id: string;
  container_id: string | null;
  status: string;
  carrier_eta: string | null;
  predicted_eta: string | null;
  arrived_at: string | null;
  data_refreshed_at: string | null;
  stale: boolean;
  events?: unknown[];
}

/** What shipments need of container tracking. */
export interface ShipmentTracking {
  /** Throws (unprocessable, naming the container) when a container's carrier cannot be told. */
  checkTrackable(containerNumbers: readonly string[], carrierScac: string | null): void;
  /** Starts tracking a container for the shipment, or finds the account's active tracking of it; the subscription id. */
  track(scope: AccountScope, shipmentId: string, containerNumber: string, carrierScac: string | null): Promise<string>;
  /** Stops a subscription this shipment started (one it only found is left running). */
  stopFor(scope: AccountScope, shipmentId: string, subscriptionId: string): Promise<void>;
  /** The tracking of each subscription, by subscription id. */
  views(
    scope: AccountScope,
    subscriptionIds: readonly string[],
    withTimeline: boolean,
  ): Promise<Map<string, ContainerTrackingView>>;
}
