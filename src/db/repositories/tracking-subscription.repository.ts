import type { Knex } from 'knex';
import { toBool, toNumber, toNumberOrNull } from '../row-values';
import { pageByCreatedAt } from './created-at-cursor';
import { readJsonColumn } from './json-column';
import { OutboxEventRepository } from './outbox-event.repository';
import type {
  CarrierSource,
  ContainerSnapshot,
  ContainerState,
  ContainerStatus,
  ContainerSummary,
  EtaBasis,
  PartnerEventReferences,
  ReferenceType,
  RefreshWrite,
  StoredTimelineEvent,
  SubscriptionReader,
  SubscriptionStatus,
  TimelineEvent,
  TrackedContainer,
  TrackingRefreshStore,
  TrackingSubscription,
} from '../../domain/tracking';

type Row = Record<string, unknown>;

const activeKey = (s: Pick<TrackingSubscription, 'accountId' | 'livemode' | 'referenceType' | 'reference'>) =>
  `${s.accountId}|${s.livemode ? 'live' : 'test'}|${s.referenceType}|${s.reference}`;

function subscriptionToRow(s: TrackingSubscription): Row {
  return {
    id: s.id,
    account_id: s.accountId,
    livemode: s.livemode,
    reference_type: s.referenceType,
    reference: s.reference,
    carrier_scac: s.carrierScac,
    carrier_source: s.carrierSource,
    status: s.status,
    active_key: s.status === 'active' ? activeKey(s) : null,
    failure_reason: s.failureReason,
    credit_entry_id: s.creditEntryId,
    shipment_id: s.shipmentId,
    created_at: s.createdAt,
    updated_at: s.updatedAt,
    stopped_at: s.stoppedAt,
    last_attempt_at: s.lastAttemptAt,
    last_success_at: s.lastSuccessAt,
    last_error: s.lastError,
  };
}

function subscriptionFromRow(r: Row): TrackingSubscription {
  return {
    id: r.id as string,
    accountId: r.account_id as string,
    livemode: toBool(r.livemode),
    referenceType: r.reference_type as ReferenceType,
    reference: r.reference as string,
    carrierScac: r.carrier_scac as string,
    carrierSource: r.carrier_source as CarrierSource,
    status: r.status as SubscriptionStatus,
    failureReason: (r.failure_reason as string | null) ?? null,
    creditEntryId: (r.credit_entry_id as string | null) ?? null,
    shipmentId: (r.shipment_id as string | null) ?? null,
    createdAt: toNumber(r.created_at),
    updatedAt: toNumber(r.updated_at),
    stoppedAt: toNumberOrNull(r.stopped_at),
    lastAttemptAt: toNumberOrNull(r.last_attempt_at),
    lastSuccessAt: toNumberOrNull(r.last_success_at),
    lastError: (r.last_error as string | null) ?? null,
  };
}

function containerToRow(c: ContainerSnapshot): Row {
  return {
    id: c.id,
    subscription_id: c.subscriptionId,
    container_number: c.containerNumber,
    iso_equipment_code: c.isoEquipmentCode,
    status: c.status,
    carrier_scac: c.carrierScac,
    origin_locode: c.route.origin,
    destination_locode: c.route.destination,
    transshipment_locodes: JSON.stringify(c.route.transshipments),
    vessel_name: c.vessel?.name ?? null,
    vessel_imo: c.vessel?.imo ?? null,
    vessel_mmsi: c.vessel?.mmsi ?? null,
    voyage: c.voyage,
    position_lat: c.position?.lat ?? null,
    position_lon: c.position?.lon ?? null,
    position_sog: c.position?.sogKnots ?? null,
    position_cog: c.position?.cogDegrees ?? null,
    position_time: c.position?.time ?? null,
    position_source: c.position?.source ?? null,
    carrier_eta: c.carrierEta,
    predicted_eta: c.predictedEta,
    predicted_eta_basis: c.predictedEtaBasis ? JSON.stringify(c.predictedEtaBasis) : null,
    arrived_at: c.arrivedAt,
    carrier_data_at: c.carrierDataAt,
    position_data_at: c.positionDataAt,
    stale: c.stale,
    stale_reason: c.staleReason?.slice(0, 200) ?? null,
    created_at: c.createdAt,
    updated_at: c.updatedAt,
  };
}

function containerFromRow(r: Row): ContainerSnapshot {
  const hasVessel = r.vessel_name !== null || r.vessel_imo !== null || r.vessel_mmsi !== null;
  return {
    id: r.id as string,
    subscriptionId: r.subscription_id as string,
    containerNumber: r.container_number as string,
    isoEquipmentCode: (r.iso_equipment_code as string | null) ?? null,
    status: r.status as ContainerStatus,
    carrierScac: r.carrier_scac as string,
    route: {
      origin: (r.origin_locode as string | null) ?? null,
      destination: (r.destination_locode as string | null) ?? null,
      transshipments: readJsonColumn<string[]>(r.transshipment_locodes),
    },
    vessel: hasVessel
      ? {
          name: (r.vessel_name as string | null) ?? null,
          imo: (r.vessel_imo as string | null) ?? null,
          mmsi: (r.vessel_mmsi as string | null) ?? null,
        }
      : null,
    voyage: (r.voyage as string | null) ?? null,
    position:
      r.position_time !== null && r.position_time !== undefined
        ? {
            lat: toNumber(r.position_lat),
            lon: toNumber(r.position_lon),
            sogKnots: toNumberOrNull(r.position_sog),
            cogDegrees: toNumberOrNull(r.position_cog),
            time: toNumber(r.position_time),
            source: r.position_source as string,
          }
        : null,
    carrierEta: toNumberOrNull(r.carrier_eta),
    predictedEta: toNumberOrNull(r.predicted_eta),
    predictedEtaBasis: r.predicted_eta_basis ? readJsonColumn<EtaBasis>(r.predicted_eta_basis) : null,
    arrivedAt: toNumberOrNull(r.arrived_at),
    carrierDataAt: toNumberOrNull(r.carrier_data_at),
    positionDataAt: toNumberOrNull(r.position_data_at),
    stale: toBool(r.stale),
    staleReason: (r.stale_reason as string | null) ?? null,
    createdAt: toNumber(r.created_at),
    updatedAt: toNumber(r.updated_at),
  };
}

function eventToRow(containerId: string, e: StoredTimelineEvent, now: number): Row {
  return {
    container_id: containerId,
    event_key: e.key,
    provider_event_id: e.event.providerEventId,
    event_type: e.event.eventType,
    code: e.event.code,
    classifier: e.event.classifier,
    event_time: e.event.eventTime,
    locode: e.event.location?.unlocode ?? e.event.transportCall?.location?.unlocode ?? null,
    superseded: e.superseded,
    retracted: e.retracted,
    payload: JSON.stringify(e.event),
    first_seen_at: e.firstSeenAt,
    updated_at: now,
  };
}

const eventFromRow = (r: Row): StoredTimelineEvent => ({
  key: r.event_key as string,
  event: readJsonColumn<TimelineEvent>(r.payload),
  superseded: toBool(r.superseded),
  retracted: toBool(r.retracted),
  firstSeenAt: toNumber(r.first_seen_at),
});

/**
 * The tracking subscription aggregate: the subscription, its containers and their timelines.
 * Implements the refresh store (one transaction per refresh, outbox included) and the reads the
 * API answers from.
 */
export class TrackingSubscriptionRepository implements TrackingRefreshStore, SubscriptionReader {
  private readonly outbox: OutboxEventRepository;

  constructor(private readonly knex: Knex) {
    this.outbox = new OutboxEventRepository(knex);
  }

  async insertSubscription(
    subscription: TrackingSubscription,
    container: ContainerSnapshot | null,
    trx: Knex | Knex.Transaction = this.knex,
  ): Promise<void> {
    await trx('tracking_subscriptions').insert(subscriptionToRow(subscription));
    if (container) await trx('tracking_containers').insert(containerToRow(container));
  }

  async findActiveSubscription(
    accountId: string,
    livemode: boolean,
    referenceType: ReferenceType,
    reference: string,
    trx: Knex | Knex.Transaction = this.knex,
  ) {
    const row = await trx('tracking_subscriptions')
      .where({ active_key: activeKey({ accountId, livemode, referenceType, reference }) })
      .first();
    return row ? subscriptionFromRow(row) : null;
  }

  async findSubscription(accountId: string, livemode: boolean, id: string): Promise<TrackingSubscription | null> {
    const row = await this.knex('tracking_subscriptions').where({ id, account_id: accountId, livemode }).first();
    return row ? subscriptionFromRow(row) : null;
  }

  /** Stable order by (created_at, id); `after` is the last item of the previous page. */
  async listSubscriptions(
    accountId: string,
    livemode: boolean,
    page: { limit: number; after: { createdAt: number; id: string } | null; status: SubscriptionStatus | null },
  ): Promise<TrackingSubscription[]> {
    const query = this.knex<Row>('tracking_subscriptions').where({ account_id: accountId, livemode });
    if (page.status) query.andWhere({ status: page.status });
    const rows = await pageByCreatedAt(query, page.after ?? undefined, page.limit);
    return rows.map(subscriptionFromRow);
  }

  async stopSubscription(id: string, now: number): Promise<void> {
    await this.knex('tracking_subscriptions')
      .where({ id, status: 'active' })
      .update({ status: 'stopped', active_key: null, stopped_at: now, updated_at: now });
  }

  async listDueSubscriptions(attemptedBefore: number, limit: number): Promise<TrackingSubscription[]> {
    const rows = await this.knex('tracking_subscriptions')
      .where({ status: 'active' })
      .andWhere((q) => q.whereNull('last_attempt_at').orWhere('last_attempt_at', '<=', attemptedBefore))
      // NULLs (never attempted) first on both dialects.
      .orderByRaw('CASE WHEN last_attempt_at IS NULL THEN 0 ELSE 1 END, last_attempt_at, id')
      .limit(limit);
    return rows.map(subscriptionFromRow);
  }

  async loadContainers(subscriptionId: string): Promise<ContainerState[]> {
    const rows = await this.knex('tracking_containers')
      .where({ subscription_id: subscriptionId })
      .orderBy('container_number');
    if (rows.length === 0) return [];
    const events = await this.knex('tracking_events')
      .whereIn(
        'container_id',
        rows.map((r) => r.id as string),
      )
      .orderBy(['event_time', 'id']);
    return rows.map((row) => ({
      snapshot: containerFromRow(row),
      timeline: events.filter((e) => e.container_id === row.id).map(eventFromRow),
    }));
  }

  async containerSummaries(subscriptionIds: readonly string[]): Promise<Map<string, ContainerSummary[]>> {
    const bySubscription = new Map<string, ContainerSummary[]>();
    if (subscriptionIds.length === 0) return bySubscription;
    const rows = await this.knex('tracking_containers')
      .whereIn('subscription_id', [...subscriptionIds])
      .select('id', 'subscription_id', 'container_number', 'status')
      .orderBy(['subscription_id', 'container_number']);
    for (const r of rows) {
      const list = bySubscription.get(r.subscription_id) ?? [];
      list.push({ id: r.id, containerNumber: r.container_number, status: r.status as ContainerStatus });
      bySubscription.set(r.subscription_id, list);
    }
    return bySubscription;
  }

  async findContainer(accountId: string, livemode: boolean, containerId: string) {
    return this.findOwnContainer(accountId, livemode, { 'c.id': containerId });
  }

  async findContainerByNumber(accountId: string, livemode: boolean, containerNumber: string) {
    return this.findOwnContainer(accountId, livemode, { 'c.container_number': containerNumber });
  }

  async firstContainers(
    accountId: string,
    livemode: boolean,
    subscriptionIds: readonly string[],
  ): Promise<Map<string, TrackedContainer>> {
    const bySubscription = new Map<string, TrackedContainer>();
    if (subscriptionIds.length === 0) return bySubscription;
    const rows = await this.knex('tracking_containers as c')
      .join('tracking_subscriptions as s', 's.id', 'c.subscription_id')
      .whereIn('c.subscription_id', [...new Set(subscriptionIds)])
      .andWhere({ 's.account_id': accountId, 's.livemode': livemode })
      .select('c.*')
      .orderBy(['c.subscription_id', 'c.container_number']);
    const first = new Map<string, Row>();
    for (const row of rows) if (!first.has(row.subscription_id)) first.set(row.subscription_id, row);
    const events = await this.knex('tracking_events')
      .whereIn(
        'container_id',
        [...first.values()].map((row) => row.id as string),
      )
      .orderBy(['event_time', 'id']);
    const timelines = new Map<string, StoredTimelineEvent[]>();
    for (const event of events) {
      const timeline = timelines.get(event.container_id) ?? [];
      timeline.push(eventFromRow(event));
      timelines.set(event.container_id, timeline);
    }
    for (const [subscriptionId, row] of first)
      bySubscription.set(subscriptionId, {
        snapshot: containerFromRow(row),
        timeline: timelines.get(row.id as string) ?? [],
      });
    return bySubscription;
  }

  /** One of the account's containers; of several matches, the active subscription's, then the newest. */
  private async findOwnContainer(
    accountId: string,
    livemode: boolean,
    match: Record<string, string>,
  ): Promise<TrackedContainer | null> {
    const row = await this.knex('tracking_containers as c')
      .join('tracking_subscriptions as s', 's.id', 'c.subscription_id')
      .where({ ...match, 's.account_id': accountId, 's.livemode': livemode })
      .select('c.*')
      .orderByRaw("CASE WHEN s.status = 'active' THEN 0 ELSE 1 END")
      .orderBy([
        { column: 'c.created_at', order: 'desc' },
        { column: 'c.id', order: 'desc' },
      ])
      .first();
    if (!row) return null;
    const events = await this.knex('tracking_events').where({ container_id: row.id }).orderBy(['event_time', 'id']);
    return { snapshot: containerFromRow(row), timeline: events.map(eventFromRow) };
  }

  async findSubscriptionFor(
    accountId: string,
    livemode: boolean,
    references: PartnerEventReferences,
  ): Promise<TrackingSubscription | null> {
    const activeFirst = (q: Knex.QueryBuilder, table: string) =>
      q
        .where({ [`${table}.account_id`]: accountId, [`${table}.livemode`]: livemode })
        .orderByRaw(`CASE WHEN ${table}.status = 'active' THEN 0 ELSE 1 END`)
        .orderBy([
          { column: `${table}.created_at`, order: 'desc' },
          { column: `${table}.id`, order: 'desc' },
        ])
        .first();
    if (references.containerNumber) {
      const row = await activeFirst(
        this.knex('tracking_subscriptions as s')
          .join('tracking_containers as c', 'c.subscription_id', 's.id')
          .where({ 'c.container_number': references.containerNumber })
          .select('s.*'),
        's',
      );
      if (row) return subscriptionFromRow(row);
    }
    for (const [referenceType, reference] of [
      ['container', references.containerNumber],
      ['bill_of_lading', references.billOfLading],
      ['booking', references.booking],
    ] as const) {
      if (!reference) continue;
      const row = await activeFirst(
        this.knex('tracking_subscriptions').where({ reference_type: referenceType, reference }),
        'tracking_subscriptions',
      );
      if (row) return subscriptionFromRow(row);
    }
    return null;
  }

  /**
   * One transaction: subscription timestamps, container snapshots, changed events, outbox events.
   * Retried when MySQL picks it as a deadlock victim (parallel refreshes insert into the same index).
   */
  async saveRefresh(write: RefreshWrite): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.saveRefreshOnce(write);
      } catch (error) {
        if ((error as { code?: string }).code !== 'ER_LOCK_DEADLOCK' || attempt >= 3) throw error;
      }
    }
  }

  private async saveRefreshOnce(write: RefreshWrite): Promise<void> {
    const now = write.subscription.updatedAt;
    await this.knex.transaction(async (trx) => {
      const { id, ...subscriptionFields } = subscriptionToRow(write.subscription);
      await trx('tracking_subscriptions').where({ id }).update(subscriptionFields);
      for (const container of write.containers) {
        const row = containerToRow(container.snapshot);
        if (container.isNew) await trx('tracking_containers').insert(row);
        else await trx('tracking_containers').where({ id: row.id }).update(row);
        for (const event of container.events) {
          const eventRow = eventToRow(container.snapshot.id, event, now);
          const { first_seen_at: _firstSeen, container_id: _container, event_key: _key, ...changes } = eventRow;
          await trx('tracking_events').insert(eventRow).onConflict(['container_id', 'event_key']).merge(changes);
        }
      }
      await this.outbox.append(write.outbox, trx);
    });
  }
}
