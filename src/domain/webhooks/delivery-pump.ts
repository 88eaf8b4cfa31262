import type { WebhookDeliveryService } from './delivery.service';
import { newId } from '../shared';

export interface PumpOptions {
  /** Deliveries in flight at once. */
  concurrency: number;
  /** Outbox events fanned out per round. */
  dispatchBatch: number;
  /** How long to wait for new work when there is none. */
  idleMs: number;
  shouldStop(): boolean;
  /** Called every round, so a long-running job can keep its lock alive. */
  onRound?(): Promise<void>;
  onError(error: unknown): void;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Keeps up to `concurrency` deliveries in flight until told to stop: fans out new outbox events,
 * leases as many due deliveries as there are free slots, and starts each as it is leased, so one
 * slow receiver holds one slot, not the batch. Returns once the deliveries in flight are saved.
 */
export async function pumpDeliveries(service: WebhookDeliveryService, options: PumpOptions): Promise<void> {
  const inFlight = new Set<Promise<void>>();
  let lastDispatch = 0;
  while (!options.shouldStop()) {
    await options.onRound?.();
    let dispatched = 0;
    if (Date.now() - lastDispatch >= options.idleMs) {
      dispatched = await service.dispatch(options.dispatchBatch);
      // A full batch means more are waiting: dispatch again next round.
      lastDispatch = dispatched === options.dispatchBatch ? 0 : Date.now();
    }
    const free = options.concurrency - inFlight.size;
    // Leasing costs a few queries whatever the count, so lease in batches: when a quarter of the slots are free, or all.
    const batch = inFlight.size === 0 || free >= Math.max(1, Math.floor(options.concurrency / 4));
    const token = newId('lease');
    const claimed = batch ? await service.claim(free, token) : [];
    for (const delivery of claimed) {
      const running: Promise<void> = service
        .deliver(delivery, token)
        .then(() => undefined, options.onError)
        .finally(() => inFlight.delete(running));
      inFlight.add(running);
    }
    if (claimed.length === 0 && dispatched === 0) await Promise.race([sleep(options.idleMs), ...inFlight]);
    else if (!batch || inFlight.size >= options.concurrency) await Promise.race(inFlight);
  }
  await Promise.all(inFlight);
}
