import {
  afterFailure,
  afterSuccess,
  BackoffPolicy,
  defaultBackoffPolicy,
  isBackingOff,
  ProviderHealth,
} from './backoff';
import { containerResource, locodesOf, PortView } from './container-resource';
import { defaultEtaOptions, EtaOptions, predictEta } from './eta';
import type { TimelineEvent } from './events';
import type { ContainerSnapshot, StoredTimelineEvent, TrackingSubscription } from './model';
import { PositionFix, ProviderError, TrackingQuery } from './providers/provider-types';
import type {
  ContainerState,
  PartnerEventReferences,
  PortDirectory,
  PositionHistoryStore,
  ProviderHealthStore,
  RefreshWrite,
  TrackingProviders,
  TrackingRefreshStore,
} from './refresh-ports';
import type { SeaRouter } from './sea-route/sea-router';
import {
  arrivalTime,
  carrierEta,
  currentVessel,
  deriveRoute,
  deriveStatus,
  remainingPorts,
  seaStatuses,
} from './timeline';
import { liveEvents, mergeTimeline } from './timeline-merge';
import { newId, newOutboxEvent, OutboxEvent } from '../shared';

export interface RefreshConfig {
  /** How often each active subscription is refreshed. */
  intervalMs: number;
  /** Subscriptions per batch. */
  batchSize: number;
  /** Subscriptions refreshed at the same time within a batch. */
  parallelism: number;
  /** An ETA move smaller than this is noise, not an `eta_changed` event. */
  etaChangeThresholdMs: number;
  /** Carrier data older than this is shown as stale even without a failure. */
  staleAfterMs: number;
  backoff: BackoffPolicy;
  eta: EtaOptions;
}

export const defaultRefreshConfig: RefreshConfig = {
  intervalMs: 30 * 60_000,
  batchSize: 100,
  parallelism: 4,
  etaChangeThresholdMs: 3 * 3_600_000,
  staleAfterMs: 2 * 3_600_000,
  backoff: defaultBackoffPolicy,
  eta: defaultEtaOptions,
};

export interface RefreshDeps {
  store: TrackingRefreshStore;
  health: ProviderHealthStore;
  positions: PositionHistoryStore;
  ports: PortDirectory;
  providers: TrackingProviders;
  router: SeaRouter;
  clock: () => number;
  config?: Partial<RefreshConfig>;
}

export type RefreshOutcome = 'refreshed' | 'stale' | 'completed';

export interface RefreshReport {
  subscriptionId: string;
  outcome: RefreshOutcome;
  eventTypes: string[];
  error: string | null;
}

export interface BatchReport {
  batches: number;
  refreshed: number;
  stale: number;
  completed: number;
  outboxEvents: number;
}

const finished = new Set(['empty_returned']);

/**
 * Refreshes tracking subscriptions from their providers and records what changed. Never throws for
 * a provider's failure: the last data is kept, marked stale with the reason, and the provider is
 * backed off so one outage does not cost a timeout per subscription.
 */
export class TrackingRefreshService {
  private readonly config: RefreshConfig;
  /** Provider health read once per batch and kept current as calls succeed or fail. */
  private healthCache = new Map<string, ProviderHealth | null>();

  constructor(private readonly deps: RefreshDeps) {
    this.config = { ...defaultRefreshConfig, ...deps.config };
  }

  /** Refreshes every due subscription, batch after batch, until none is due or `maxRunMs` passes. */
  async refreshDue(options: { maxRunMs?: number } = {}): Promise<BatchReport> {
    const started = this.deps.clock();
    const report: BatchReport = { batches: 0, refreshed: 0, stale: 0, completed: 0, outboxEvents: 0 };
    const seen = new Set<string>();
    for (;;) {
      if (options.maxRunMs !== undefined && this.deps.clock() - started > options.maxRunMs) break;
      const due = (
        await this.deps.store.listDueSubscriptions(this.deps.clock() - this.config.intervalMs, this.config.batchSize)
      ).filter((s) => !seen.has(s.id));
      if (due.length === 0) break;
      report.batches += 1;
      this.healthCache = new Map();
      for (let i = 0; i < due.length; i += this.config.parallelism) {
        const slice = due.slice(i, i + this.config.parallelism);
        const results = await Promise.all(slice.map((s) => this.refreshSubscription(s)));
        for (const r of results) {
          seen.add(r.subscriptionId);
          report[r.outcome] += 1;
          report.outboxEvents += r.eventTypes.length;
        }
      }
    }
    return report;
  }

  async refreshSubscription(subscription: TrackingSubscription): Promise<RefreshReport> {
    const now = this.deps.clock();
    const containers = await this.deps.store.loadContainers(subscription.id);
    const provider = this.deps.providers.carrierFor(subscription);
    const query: TrackingQuery = {
      referenceType: subscription.referenceType,
      reference: subscription.reference,
      carrierScac: subscription.carrierScac,
      subscribedAt: subscription.createdAt,
    };

    let fetched: { events: TimelineEvent[]; retractedEventIds: string[] } | null = null;
    let failure: string | null = null;
    if (!provider) {
      failure = `no carrier events provider is configured for ${subscription.carrierScac}`;
    } else if (isBackingOff(await this.health(provider.name), now)) {
      failure = `${provider.name} is backing off after failures`;
    } else {
      try {
        fetched = await provider.fetchEvents(query);
        await this.recordHealth(provider.name, null, now);
      } catch (error) {
        failure = error instanceof Error ? error.message : String(error);
        if (!(error instanceof ProviderError) || error.kind === 'unavailable' || error.kind === 'unauthorised') {
          await this.recordHealth(provider.name, failure, now);
        }
      }
    }

    const updatedSubscription: TrackingSubscription = {
      ...subscription,
      lastAttemptAt: now,
      updatedAt: now,
      lastSuccessAt: fetched ? now : subscription.lastSuccessAt,
      lastError: failure,
    };

    if (!fetched) {
      const write: RefreshWrite = {
        subscription: updatedSubscription,
        containers: containers.map((c) => ({
          snapshot: { ...c.snapshot, stale: true, staleReason: failure, updatedAt: now },
          isNew: false,
          events: [],
        })),
        outbox: [],
      };
      await this.deps.store.saveRefresh(write);
      return { subscriptionId: subscription.id, outcome: 'stale', eventTypes: [], error: failure };
    }

    const { write, allFinished } = await this.applyEvents(subscription, updatedSubscription, containers, fetched, now);
    return {
      subscriptionId: subscription.id,
      outcome: allFinished ? 'completed' : 'refreshed',
      eventTypes: write.outbox.map((e) => e.type),
      error: null,
    };
  }

  /**
   * Events a partner sent us (an EDI 315 or IFTSTA) for the account's tracked container, bill of
   * lading or booking: merged and derived exactly as a fetch from the carrier's feed, in one
   * transaction with their change events. Null when no subscription of the account has them.
   */
  async receivePartnerEvents(
    accountId: string,
    livemode: boolean,
    references: PartnerEventReferences,
    events: readonly TimelineEvent[],
  ): Promise<{ containerIds: string[] } | null> {
    const subscription = await this.deps.store.findSubscriptionFor(accountId, livemode, references);
    if (!subscription) return null;
    const now = this.deps.clock();
    const containers = await this.deps.store.loadContainers(subscription.id);
    const { write } = await this.applyEvents(
      subscription,
      { ...subscription, updatedAt: now },
      containers,
      { events: [...events], retractedEventIds: [] },
      now,
    );
    return { containerIds: write.containers.map((c) => c.snapshot.id) };
  }

  /** Merges the events into the subscription's containers, derives status, route and ETA, and saves it all. */
  private async applyEvents(
    subscription: TrackingSubscription,
    updatedSubscription: TrackingSubscription,
    containers: readonly ContainerState[],
    fetched: { events: TimelineEvent[]; retractedEventIds: string[] },
    now: number,
  ): Promise<{ write: RefreshWrite; allFinished: boolean }> {
    const byContainer = this.assignToContainers(subscription, containers, fetched.events);
    const write: RefreshWrite = { subscription: updatedSubscription, containers: [], outbox: [] };
    const portCodes = new Set<string>();
    const results: Array<{
      previous: ContainerSnapshot | null;
      next: ContainerSnapshot;
      timeline: StoredTimelineEvent[];
      inserted: StoredTimelineEvent[];
    }> = [];
    for (const [number, incoming] of byContainer) {
      const existing = containers.find((c) => c.snapshot.containerNumber === number) ?? null;
      const merge = mergeTimeline(existing?.timeline ?? [], incoming, fetched.retractedEventIds, now);
      const live = liveEvents(merge.events);
      const route = deriveRoute(live);
      const changed = new Set(merge.changedKeys);
      results.push({
        previous: existing?.snapshot ?? null,
        next: this.snapshotFrom(subscription, existing?.snapshot ?? null, number, live, route, now),
        timeline: merge.events,
        inserted: merge.events.filter((e) => merge.insertedKeys.includes(e.key) && !e.superseded),
      });
      write.containers.push({
        snapshot: results[results.length - 1].next,
        isNew: existing === null,
        events: merge.events.filter((e) => changed.has(e.key)),
      });
    }

    for (const r of results) for (const code of locodesOf(r.next, r.timeline)) portCodes.add(code);
    const ports = await this.deps.ports.findMany([...portCodes]);
    const portView = (locode: string): PortView => ports.get(locode) ?? { locode, name: null, lat: null, lon: null };
    for (const result of results) {
      await this.updatePosition(subscription, result.next, result.timeline, ports, now);
      write.outbox.push(
        ...this.changeEvents(
          subscription,
          result.previous,
          result.next,
          result.timeline,
          result.inserted,
          portView,
          now,
        ),
      );
    }
    const allFinished = results.length > 0 && results.every((r) => finished.has(r.next.status));
    if (allFinished) updatedSubscription.status = 'completed';
    await this.deps.store.saveRefresh(write);
    return { write, allFinished };
  }

  /**
   * Equipment events belong to their container; transport and shipment events concern every
   * container of the booking. A container subscription has exactly its one container.
   */
  private assignToContainers(
    subscription: TrackingSubscription,
    containers: readonly ContainerState[],
    events: readonly TimelineEvent[],
  ) {
    const numbers = new Set(containers.map((c) => c.snapshot.containerNumber));
    if (subscription.referenceType === 'container') numbers.add(subscription.reference);
    else for (const e of events) if (e.equipmentReference) numbers.add(e.equipmentReference);
    const byContainer = new Map<string, TimelineEvent[]>();
    for (const number of numbers) {
      byContainer.set(
        number,
        events.filter((e) => e.equipmentReference === null || e.equipmentReference === number),
      );
    }
    return byContainer;
  }

  private snapshotFrom(
    subscription: TrackingSubscription,
    previous: ContainerSnapshot | null,
    containerNumber: string,
    live: TimelineEvent[],
    route: ReturnType<typeof deriveRoute>,
    now: number,
  ): ContainerSnapshot {
    const vessel = currentVessel(live);
    const isoCode =
      live.find((e) => e.equipmentReference === containerNumber && e.isoEquipmentCode)?.isoEquipmentCode ?? null;
    return {
      id: previous?.id ?? newId('cnt', now),
      subscriptionId: subscription.id,
      containerNumber,
      isoEquipmentCode: isoCode ?? previous?.isoEquipmentCode ?? null,
      status: deriveStatus(live, route),
      carrierScac: subscription.carrierScac,
      route,
      vessel: vessel
        ? {
            name: vessel.vessel.name,
            imo: vessel.vessel.imo,
            mmsi: vessel.vessel.mmsi ?? previous?.vessel?.mmsi ?? null,
          }
        : null,
      voyage: vessel?.voyage ?? null,
      position: previous?.position ?? null,
      carrierEta: carrierEta(live, route),
      predictedEta: null,
      predictedEtaBasis: null,
      arrivedAt: arrivalTime(live, route),
      carrierDataAt: now,
      positionDataAt: previous?.positionDataAt ?? null,
      stale: false,
      staleReason: null,
      createdAt: previous?.createdAt ?? now,
      updatedAt: now,
    };
  }

  /** Vessel position and predicted ETA for a container at sea; position failures only mark the position stale. */
  private async updatePosition(
    subscription: TrackingSubscription,
    snapshot: ContainerSnapshot,
    timeline: readonly StoredTimelineEvent[],
    ports: Map<string, PortView>,
    now: number,
  ) {
    if (!seaStatuses.includes(snapshot.status) || !snapshot.vessel) return;
    const since = now - this.config.eta.speedWindowHours * 3_600_000;
    let fixes: PositionFix[] = [];
    const problems: string[] = [];
    for (const source of this.deps.providers.aisFor(subscription.livemode)) {
      if (isBackingOff(await this.health(source.name), now)) {
        problems.push(`${source.name} is backing off after failures`);
        continue;
      }
      try {
        fixes = await source.recentPositions(
          { imo: snapshot.vessel.imo, mmsi: snapshot.vessel.mmsi, name: snapshot.vessel.name },
          since,
        );
        await this.recordHealth(source.name, null, now);
        if (fixes.length > 0) break;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        problems.push(message);
        if (!(error instanceof ProviderError) || error.kind === 'unavailable' || error.kind === 'unauthorised') {
          await this.recordHealth(source.name, message, now);
        }
      }
    }
    if (fixes.length > 0) {
      if (subscription.livemode) await this.deps.positions.saveFixes(fixes, now);
      const latest = fixes.reduce((a, b) => (b.time > a.time ? b : a));
      snapshot.position = {
        lat: latest.lat,
        lon: latest.lon,
        sogKnots: latest.sogKnots,
        cogDegrees: latest.cogDegrees,
        time: latest.time,
        source: latest.source,
      };
      snapshot.positionDataAt = now;
      if (snapshot.vessel && !snapshot.vessel.mmsi) snapshot.vessel.mmsi = latest.mmsi;
    } else if (problems.length > 0) {
      snapshot.stale = true;
      snapshot.staleReason = `position: ${problems.join('; ')}`;
    }
    const ahead = remainingPorts(liveEvents(timeline), snapshot.route);
    const prediction = predictEta({
      fixes,
      remainingPorts: ahead.map((locode) => {
        const port = ports.get(locode);
        return { locode, at: port && port.lat !== null && port.lon !== null ? { lat: port.lat, lon: port.lon } : null };
      }),
      router: this.deps.router,
      now,
      options: this.config.eta,
    });
    if (prediction.eta !== null) {
      snapshot.predictedEta = prediction.eta;
      snapshot.predictedEtaBasis = prediction.basis;
    }
  }

  private changeEvents(
    subscription: TrackingSubscription,
    previous: ContainerSnapshot | null,
    next: ContainerSnapshot,
    timeline: readonly StoredTimelineEvent[],
    inserted: readonly StoredTimelineEvent[],
    port: (locode: string) => PortView,
    now: number,
  ): OutboxEvent[] {
    const resource = containerResource(next, timeline, {
      livemode: subscription.livemode,
      port,
      now,
      staleAfterMs: this.config.staleAfterMs,
    });
    const base = {
      accountId: subscription.accountId,
      livemode: subscription.livemode,
      subjectType: 'container',
      subjectId: next.id,
    };
    const events: OutboxEvent[] = [];
    const changeset: Record<string, [unknown, unknown]> = {};
    if (previous?.status !== next.status) changeset.status = [previous?.status ?? null, next.status];
    if ((previous?.vessel?.imo ?? null) !== (next.vessel?.imo ?? null))
      changeset.vessel_imo = [previous?.vessel?.imo ?? null, next.vessel?.imo ?? null];
    if (inserted.length > 0 || Object.keys(changeset).length > 0) {
      const newEventIds = new Set(inserted.map((e) => e.key));
      events.push(
        newOutboxEvent(
          'container.updated',
          {
            ...base,
            data: { object: resource, changeset, new_events: resource.events.filter((e) => newEventIds.has(e.id)) },
          },
          now,
        ),
      );
    }
    const moved = (a: number | null | undefined, b: number | null) =>
      a !== null && a !== undefined && b !== null && Math.abs(a - b) > this.config.etaChangeThresholdMs;
    const etaChanges: Record<string, [string, string]> = {};
    const iso = (ms: number) => new Date(ms).toISOString();
    if (moved(previous?.carrierEta, next.carrierEta))
      etaChanges.carrier_eta = [iso(previous!.carrierEta!), iso(next.carrierEta!)];
    if (moved(previous?.predictedEta, next.predictedEta))
      etaChanges.predicted_eta = [iso(previous!.predictedEta!), iso(next.predictedEta!)];
    if (Object.keys(etaChanges).length > 0) {
      events.push(
        newOutboxEvent('container.eta_changed', { ...base, data: { object: resource, changeset: etaChanges } }, now),
      );
    }
    if ((previous?.arrivedAt ?? null) === null && next.arrivedAt !== null) {
      events.push(newOutboxEvent('container.arrived', { ...base, data: { object: resource } }, now));
    }
    return events;
  }

  private async health(provider: string): Promise<ProviderHealth | null> {
    if (!this.healthCache.has(provider)) this.healthCache.set(provider, await this.deps.health.get(provider));
    return this.healthCache.get(provider) ?? null;
  }

  private async recordHealth(provider: string, error: string | null, now: number) {
    const previous = await this.health(provider);
    if (
      error === null &&
      previous &&
      previous.consecutiveFailures === 0 &&
      previous.lastSuccessAt !== null &&
      now - previous.lastSuccessAt < 60_000
    )
      return;
    const next =
      error === null
        ? afterSuccess(previous, provider, now)
        : afterFailure(previous, provider, error, now, this.config.backoff);
    this.healthCache.set(provider, next);
    await this.deps.health.save(next);
  }
}
