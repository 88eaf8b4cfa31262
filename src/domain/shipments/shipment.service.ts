import { dutyFactsOf, estimateCargoLines } from './duty-estimates';
import {
  BillOfLading,
  CargoLine,
  CargoLineInput,
  noTransitions,
  Shipment,
  ShipmentFilter,
  ShipmentInput,
  ShipmentMilestone,
} from './model';
import type { ContainerTrackingView, ShipmentStore, ShipmentTracking } from './ports';
import {
  assertAction,
  deletableStatuses,
  finalStatuses,
  ShipmentAction,
  shipmentActions,
  ShipmentStateError,
  trackedStatuses,
} from './state-machine';
import {
  changedMeanwhile,
  type AccountScope,
  DomainError,
  newId,
  newOutboxEvent,
  type OutboxEvent,
  type Page,
} from '../shared';
import { dottedHtsCode, htsTariffLineDigits } from '../hts';
import type { DutyPricer } from '../tariff';
import { checkContainerNumber, normaliseContainerNumber, TrackingInputError } from '../tracking';

/** A shipment with its containers' tracking, as every operation answers and every event carries. */
export interface ShipmentView {
  shipment: Shipment;
  tracking: Map<string, ContainerTrackingView>;
}

export interface ShipmentServiceDeps {
  store: ShipmentStore;
  tracking: ShipmentTracking;
  clock: () => number;
  /** The shipment as the API shows it: the `data.object` of its events. */
  present: (view: ShipmentView) => unknown;
}

export class ShipmentNotFoundError extends DomainError {
  constructor(id: string) {
    super('not_found', `No shipment ${id} in this account.`);
    this.name = 'ShipmentNotFoundError';
  }
}

const concurrentChange = (id: string) => changedMeanwhile(`Shipment ${id}`);

/** Checks and normalises container numbers (ISO 6346), each at most once per shipment. */
function containerNumbers(raw: readonly string[]): string[] {
  const seen = new Set<string>();
  return raw.map((number, index) => {
    const check = checkContainerNumber(number);
    const field = `containers/${index}/number`;
    if (!check.valid)
      throw new TrackingInputError(field, check.message, {
        reason: check.problem,
        ...(check.expectedCheckDigit !== undefined ? { expected_check_digit: check.expectedCheckDigit } : {}),
      });
    if (seen.has(check.number)) throw new TrackingInputError(field, `Container ${check.number} is listed twice.`);
    seen.add(check.number);
    return check.number;
  });
}

/**
 * Cargo lines as given. The lines' estimates are kept while the duty facts of every line hold, in
 * the same lines: the fees are the entry's, so one line's change changes the others' shares.
 */
function cargoLines(inputs: readonly CargoLineInput[], previous: readonly CargoLine[], now: number): CargoLine[] {
  const byId = new Map(previous.map((line) => [line.id, line]));
  const lines = inputs.map((input, index) => {
    const digits = input.htsCode === null ? null : htsTariffLineDigits(input.htsCode);
    if (input.htsCode !== null && digits === null)
      throw new DomainError('invalid_input', 'Not an HTS number.', [
        { field: `cargo_lines/${index}/hts_code`, message: 'Not an HTS number.' },
      ]);
    const kept = input.id === undefined ? undefined : byId.get(input.id);
    if (input.id !== undefined && kept === undefined) {
      const message = `No cargo line ${input.id} on this shipment.`;
      throw new DomainError('invalid_input', message, [{ field: `cargo_lines/${index}/id`, message }]);
    }
    const line: CargoLine = {
      ...input,
      id: kept?.id ?? newId('cgl', now),
      htsCode: digits === null ? null : dottedHtsCode(digits),
      countryOfOrigin: input.countryOfOrigin?.toUpperCase() ?? null,
      dutyEstimate: null,
    };
    return line;
  });
  const factsOf = (all: readonly CargoLine[]) => JSON.stringify(all.map((l) => [l.id, dutyFactsOf(l)]));
  if (factsOf(lines) !== factsOf(previous)) return lines;
  return lines.map((line, index) => ({ ...line, dutyEstimate: previous[index].dutyEstimate }));
}

/** The fields an update changed, as the API names them, each as [before, after] (the event's changeset). */
function changesetOf(before: unknown, after: unknown): Record<string, [unknown, unknown]> {
  const was = before as Record<string, unknown>;
  const changes: Record<string, [unknown, unknown]> = {};
  for (const [key, value] of Object.entries(after as Record<string, unknown>)) {
    if (key !== 'updated_at' && JSON.stringify(was[key]) !== JSON.stringify(value)) changes[key] = [was[key], value];
  }
  return changes;
}

/** Shipments: CRUD, the state machine, container tracking from booking on, duty estimates per cargo line. */
export class ShipmentService {
  constructor(private readonly deps: ShipmentServiceDeps) {}

  async create(
    scope: AccountScope,
    input: ShipmentInput & { mode: NonNullable<ShipmentInput['mode']> },
  ): Promise<ShipmentView> {
    const now = this.deps.clock();
    const shipment: Shipment = {
      id: newId('shp', now),
      accountId: scope.accountId,
      livemode: scope.livemode,
      reference: input.reference ?? null,
      mode: input.mode,
      status: 'draft',
      shipper: input.shipper ?? null,
      consignee: input.consignee ?? null,
      originLocode: input.originLocode ?? null,
      destinationLocode: input.destinationLocode ?? null,
      incoterm: input.incoterm ?? null,
      carrierScac: input.carrierScac ?? null,
      billOfLadingNumber: input.billOfLadingNumber ?? null,
      bookingNumber: input.bookingNumber ?? null,
      cargoReadyDate: input.cargoReadyDate ?? null,
      etd: input.etd ?? null,
      eta: input.eta ?? null,
      containers: containerNumbers(input.containers ?? []).map((number) => ({ number, subscriptionId: null })),
      cargoLines: cargoLines(input.cargoLines ?? [], [], now),
      metadata: input.metadata ?? {},
      statusTransitions: { ...noTransitions },
      createdAt: now,
      updatedAt: now,
    };
    const view: ShipmentView = { shipment, tracking: new Map() };
    await this.deps.store.insert(shipment, [this.event('shipment.created', view, now)]);
    return view;
  }

  async get(scope: AccountScope, id: string, options: { timeline?: boolean } = {}): Promise<ShipmentView> {
    return this.view(scope, await this.find(scope, id), options.timeline ?? false);
  }

  async list(
    scope: AccountScope,
    filter: ShipmentFilter,
    limit: number,
    cursor: string | null,
    options: { timeline?: boolean } = {},
  ): Promise<Page<ShipmentView>> {
    const normalised =
      filter.containerNumber === undefined
        ? filter
        : { ...filter, containerNumber: normaliseContainerNumber(filter.containerNumber) };
    const page = await this.deps.store.page(scope.accountId, scope.livemode, normalised, limit, cursor);
    // One read of tracking for the whole page, not one per shipment.
    const tracking = await this.trackingOf(scope, page.data, options.timeline ?? false);
    return { ...page, data: page.data.map((shipment) => ({ shipment, tracking })) };
  }

  async update(scope: AccountScope, id: string, input: ShipmentInput): Promise<ShipmentView> {
    const before = await this.find(scope, id);
    if (finalStatuses.includes(before.status))
      throw new ShipmentStateError(id, before.status, 'it can no longer be changed');
    const now = this.deps.clock();
    const { containers, cargoLines: lines, ...fields } = input;
    const defined = Object.fromEntries(
      Object.entries(fields).filter(([, value]) => value !== undefined),
    ) as Partial<Shipment>;
    let after: Shipment = { ...before, ...defined, updatedAt: now };
    if (containers !== undefined) {
      const previous = new Map(before.containers.map((c) => [c.number, c.subscriptionId]));
      after.containers = containerNumbers(containers).map((number) => ({
        number,
        subscriptionId: previous.get(number) ?? null,
      }));
    }
    if (lines !== undefined) after.cargoLines = cargoLines(lines, before.cargoLines, now);
    // Containers added to a shipment on its way are tracked from now on, as booking tracks the first ones.
    if (trackedStatuses.includes(after.status)) after = await this.trackContainers(scope, after);
    const view = await this.view(scope, after, false);
    const changeset = changesetOf(this.deps.present(await this.view(scope, before, false)), this.deps.present(view));
    if (
      !(await this.deps.store.update(after, before.updatedAt, [
        this.event('shipment.updated', view, now, { changeset }),
      ]))
    )
      throw concurrentChange(id);
    return view;
  }

  async delete(scope: AccountScope, id: string): Promise<void> {
    const shipment = await this.find(scope, id);
    if (!deletableStatuses.includes(shipment.status))
      throw new ShipmentStateError(
        id,
        shipment.status,
        'only a draft or cancelled shipment can be deleted; cancel it first',
      );
    const view = await this.view(scope, shipment, false);
    if (!(await this.deps.store.delete(shipment, [this.event('shipment.deleted', view, this.deps.clock())])))
      throw concurrentChange(id);
  }

  /** One step of the state machine; booking starts tracking the containers, cancelling stops it. */
  async transition(scope: AccountScope, id: string, action: ShipmentAction): Promise<ShipmentView> {
    const before = await this.find(scope, id);
    assertAction(id, before.status, action);
    const rule = shipmentActions[action];
    const now = this.deps.clock();
    let after: Shipment = {
      ...before,
      status: rule.to,
      statusTransitions: { ...before.statusTransitions, [rule.stamp]: now },
      updatedAt: now,
    };
    if (action === 'book') after = await this.trackContainers(scope, after);
    const view = await this.view(scope, after, false);
    if (!(await this.deps.store.update(after, before.updatedAt, [this.event(rule.event, view, now)])))
      throw concurrentChange(id);
    if (action === 'cancel') {
      for (const container of before.containers)
        if (container.subscriptionId !== null) await this.deps.tracking.stopFor(scope, id, container.subscriptionId);
    }
    return view;
  }

  /**
   * The account's shipment a partner's document names: by bill of lading, else booking, else our
   * reference (the first of each, newest first); null when none does.
   */
  async findByReferences(
    scope: AccountScope,
    references: { billOfLadingNumber: string | null; bookingNumber: string | null; reference: string | null },
  ): Promise<Shipment | null> {
    for (const [key, value] of Object.entries(references)) {
      if (value === null) continue;
      const page = await this.deps.store.page(scope.accountId, scope.livemode, { [key]: value }, 1, null);
      if (page.data[0]) return page.data[0];
    }
    return null;
  }

  /**
   * Milestones a partner reports (an X12 214), in their order: each moves the shipment as its
   * action would, stamped with the reported time, all in one change with each action's event. One
   * the shipment passed already is skipped; one the state machine refuses refuses them all.
   */
  async recordMilestones(scope: AccountScope, id: string, milestones: readonly ShipmentMilestone[]): Promise<void> {
    const before = await this.find(scope, id);
    const now = this.deps.clock();
    let after = before;
    const taken: ShipmentMilestone['action'][] = [];
    for (const { action, at } of milestones) {
      const rule = shipmentActions[action];
      if (after.statusTransitions[rule.stamp] !== null) continue;
      assertAction(id, after.status, action);
      after = { ...after, status: rule.to, statusTransitions: { ...after.statusTransitions, [rule.stamp]: at } };
      taken.push(action);
    }
    if (taken.length === 0) return;
    after = { ...after, updatedAt: now };
    const view = await this.view(scope, after, false);
    const events = taken.map((action) => this.event(shipmentActions[action].event, view, now));
    if (!(await this.deps.store.update(after, before.updatedAt, events))) throw concurrentChange(id);
  }

  /**
   * What a carrier's bill of lading (an X12 310) says: its number, the shipper and consignee it
   * names, the carrier when the shipment names none, and its containers added to the shipment's
   * (tracked from now on once it is booked).
   */
  async recordBillOfLading(scope: AccountScope, id: string, bill: BillOfLading): Promise<void> {
    const before = await this.find(scope, id);
    const containers = [...before.containers.map((c) => c.number), ...bill.containers];
    await this.update(scope, id, {
      billOfLadingNumber: bill.number,
      ...(bill.shipper ? { shipper: bill.shipper } : {}),
      ...(bill.consignee ? { consignee: bill.consignee } : {}),
      ...(bill.carrierScac && !before.carrierScac ? { carrierScac: bill.carrierScac } : {}),
      containers: [...new Set(containers)],
    });
  }

  /** Estimates every cargo line's duties (the lines entered as one entry) and stores them with the shipment. */
  async estimateDuties(scope: AccountScope, id: string, pricer: DutyPricer, today: string): Promise<ShipmentView> {
    const before = await this.find(scope, id);
    if (finalStatuses.includes(before.status))
      throw new ShipmentStateError(id, before.status, 'it can no longer be changed');
    const now = this.deps.clock();
    const context = { entryDate: before.eta ?? today, mode: before.mode };
    const estimates = await estimateCargoLines(before.cargoLines, context, pricer, now);
    const lines = before.cargoLines.map((line, index) => ({ ...line, dutyEstimate: estimates[index] }));
    const after: Shipment = { ...before, cargoLines: lines, updatedAt: now };
    const view = await this.view(scope, after, false);
    if (!(await this.deps.store.update(after, before.updatedAt, [this.event('shipment.duties_estimated', view, now)])))
      throw concurrentChange(id);
    return view;
  }

  private async find(scope: AccountScope, id: string): Promise<Shipment> {
    const shipment = await this.deps.store.find(scope.accountId, scope.livemode, id);
    if (!shipment) throw new ShipmentNotFoundError(id);
    return shipment;
  }

  /**
   * Starts tracking the containers not yet followed (each in its own transaction, before the
   * shipment's); when one cannot be tracked, none is and nothing changes.
   */
  private async trackContainers(scope: AccountScope, shipment: Shipment): Promise<Shipment> {
    const untracked = shipment.containers.filter((c) => c.subscriptionId === null).map((c) => c.number);
    if (untracked.length === 0) return shipment;
    this.deps.tracking.checkTrackable(untracked, shipment.carrierScac);
    const containers = [];
    for (const container of shipment.containers) {
      containers.push(
        container.subscriptionId !== null
          ? container
          : {
              ...container,
              subscriptionId: await this.deps.tracking.track(
                scope,
                shipment.id,
                container.number,
                shipment.carrierScac,
              ),
            },
      );
    }
    return { ...shipment, containers };
  }

  private async view(scope: AccountScope, shipment: Shipment, timeline: boolean): Promise<ShipmentView> {
    return { shipment, tracking: await this.trackingOf(scope, [shipment], timeline) };
  }

  private async trackingOf(
    scope: AccountScope,
    shipments: readonly Shipment[],
    timeline: boolean,
  ): Promise<Map<string, ContainerTrackingView>> {
    const ids = shipments.flatMap((s) =>
      s.containers.flatMap((c) => (c.subscriptionId === null ? [] : [c.subscriptionId])),
    );
    return ids.length === 0 ? new Map() : this.deps.tracking.views(scope, [...new Set(ids)], timeline);
  }

  private event(type: string, view: ShipmentView, now: number, extra: Record<string, unknown> = {}): OutboxEvent {
    const { shipment } = view;
    return newOutboxEvent(
      type,
      {
        accountId: shipment.accountId,
        livemode: shipment.livemode,
        subjectType: 'shipment',
        subjectId: shipment.id,
        data: { object: this.deps.present(view), ...extra },
      },
      now,
    );
  }
}
