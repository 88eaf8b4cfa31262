import type { Agenda } from 'agenda';
import type { VesselPositionRepository } from '../db/repositories/vessel-position.repository';
import { Clock, systemClock } from '../domain/shared';
import type { BatchReport, TrackingRefreshService } from '../domain/tracking';

export const trackingRefreshJobName = 'tracking.refresh';

export interface TrackingRefreshJobDeps {
  refresh: TrackingRefreshService;
  /** Agenda interval, e.g. "5 minutes": each run refreshes the subscriptions that are due. */
  every: string;
  /** A run stops starting new batches after this long, so runs never pile up. */
  maxRunMs: number;
  positions?: VesselPositionRepository;
  positionRetentionMs?: number;
  clock?: Clock;
  onReport?: (report: BatchReport) => void;
}

/**
 * Registers the tracking refresh on Agenda: one run at a time (concurrency 1, lock held for the
 * longest run), scheduled every `every`; the batching, backoff and outbox writes are the domain's.
 * Old AIS positions are pruned at the end of each run.
 */
export async function defineTrackingRefreshJob(
  agenda: Pick<Agenda, 'define' | 'every'>,
  deps: TrackingRefreshJobDeps,
): Promise<void> {
  agenda.define(
    trackingRefreshJobName,
    async () => {
      const report = await deps.refresh.refreshDue({ maxRunMs: deps.maxRunMs });
      if (deps.positions && deps.positionRetentionMs) {
        await deps.positions.pruneBefore((deps.clock ?? systemClock).now().getTime() - deps.positionRetentionMs);
      }
      deps.onReport?.(report);
    },
    { concurrency: 1, lockLimit: 1, lockLifetime: deps.maxRunMs + 60_000 },
  );
  await agenda.every(deps.every, trackingRefreshJobName);
}
