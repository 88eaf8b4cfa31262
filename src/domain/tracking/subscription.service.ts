import { carrierFromContainerNumber, carrierFromReference, CarrierSource } from './carriers';
import { checkContainerNumber, normaliseContainerNumber } from './container-number';
import { containerResource, locodesOf, PortView } from './container-resource';
import { chargeForSubscription, hasEnoughCredits, startOfMonthUtc, trackingCreditType } from './credits';
import {
  ContainerNotFoundError,
  DuplicateSubscriptionError,
  InsufficientCreditsError,
  ShipmentNotFoundError,
  SubscriptionNotFoundError,
  TrackingInputError,
} from './errors';
import type { ContainerSnapshot, StoredTimelineEvent, SubscriptionStatus, TrackingSubscription } from './model';
import type { ReferenceType } from './providers/provider-types';
import type { PortDirectory } from './refresh-ports';
import type { ContainerStatus } from './timeline';
import { decodeCursor, isCreatedAtCursor, newId, Page, pageOf, type PlanName } from '../shared';
import { sandboxSample } from './providers/sandbox/sandbox-samples';

export interface CreateSubscriptionInput {
  accountId: string;
  livemode: boolean;
  referenceType: ReferenceType;
  reference: string;
  carrierScac?: string | null;
  /** The account's plan: it sets the credit price, and whether own shipments are covered. */
  plan: PlanName;
  /** One of the account's own shipments whose container this tracks; another account's is not found. */
  shipmentId?: string | null;
}

export interface CreditConsumption {
  credits: string;
  unitPrice: string;
  currency: string;
  subjectId: string;
  reason: string;
}

/** The writes of one subscription creation, run in one transaction by the unit of work. */
export interface TrackingWriteContext {
  findActiveSubscription(
    accountId: string,
    livemode: boolean,
    referenceType: ReferenceType,
    reference: string,
  ): Promise<TrackingSubscription | null>;
  /** Whether the shipment is the account's in this mode: a test key never links a live shipment, nor a live key a test one. */
  ownsShipment(accountId: string, livemode: boolean, shipmentId: string): Promise<boolean>;
  insertSubscription(subscription: TrackingSubscription, container: ContainerSnapshot | null): Promise<void>;
  creditBalance(accountId: string, creditType: string): Promise<string>;
  consumedSince(accountId: string, creditType: string, since: number): Promise<number>;
  /** Debits credits; returns the ledger entry id. The balance row is locked for the transaction. */
  consumeCredits(accountId: string, creditType: string, consumption: CreditConsumption, now: number): Promise<string>;
}

export interface TrackingUnitOfWork {
  run<T>(work: (tx: TrackingWriteContext) => Promise<T>): Promise<T>;
}

export interface SubscriptionReader {
  findSubscription(accountId: string, livemode: boolean, id: string): Promise<TrackingSubscription | null>;
  listSubscriptions(
    accountId: string,
    livemode: boolean,
    page: { limit: number; after: { createdAt: number; id: string } | null; status: SubscriptionStatus | null },
  ): Promise<TrackingSubscription[]>;
  /** The containers of each subscription, by subscription id (subscriptions without any are absent). */
  containerSummaries(subscriptionIds: readonly string[]): Promise<Map<string, ContainerSummary[]>>;
  findContainer(accountId: string, livemode: boolean, containerId: string): Promise<TrackedContainer | null>;
  /** The first container (by number) of each of the account's subscriptions named, in a fixed number of queries. */
  firstContainers(
    accountId: string,
    livemode: boolean,
    subscriptionIds: readonly string[],
  ): Promise<Map<string, TrackedContainer>>;
  /** The account's container with this number, preferring active subscriptions, then the newest. */
  findContainerByNumber(
    accountId: string,
    livemode: boolean,
    containerNumber: string,
  ): Promise<TrackedContainer | null>;
  stopSubscription(id: string, now: number): Promise<void>;
}

export interface TrackedContainer {
  snapshot: ContainerSnapshot;
  timeline: StoredTimelineEvent[];
}

/** A subscription's container as the subscription lists it; the full resource is read on its own. */
export interface ContainerSummary {
  id: string;
  containerNumber: string;
  status: ContainerStatus;
}

/** A subscription with its containers named, as every subscription operation returns it. */
export type SubscriptionWithContainers = TrackingSubscription & { containers: ContainerSummary[] };

/** How a subscription was paid: a ledger credit, the account plan (own shipment), or not at all (test mode). */
export type SubscriptionBilling = 'credit' | 'covered_by_plan' | 'test_mode';

/**
 * Read from what creation recorded: a ledger entry is a credit (test keys pay for references other
 * than the sample containers too); otherwise a test subscription was free and a live one covered by the plan.
 */
export function billingOf(subscription: Pick<TrackingSubscription, 'livemode' | 'creditEntryId'>): SubscriptionBilling {
  if (subscription.creditEntryId !== null) return 'credit';
  return subscription.livemode ? 'covered_by_plan' : 'test_mode';
}

/** Test mode's sample containers are free; any other reference costs what it costs a live key. */
const isFreeSample = (input: Pick<CreateSubscriptionInput, 'livemode' | 'referenceType'>, reference: string): boolean =>
  !input.livemode && input.referenceType === 'container' && sandboxSample(reference) !== undefined;

const referencePattern = /^[A-Z0-9]{4,35}$/;

const summaryOf = (c: ContainerSnapshot): ContainerSummary => ({
  id: c.id,
  containerNumber: c.containerNumber,
  status: c.status,
});

/** Validates and normalises the reference and decides the carrier, saying where it came from. */
export function resolveReference(input: Pick<CreateSubscriptionInput, 'referenceType' | 'reference' | 'carrierScac'>): {
  reference: string;
  carrierScac: string;
  carrierSource: CarrierSource;
} {
  let reference: string;
  if (input.referenceType === 'container') {
    const check = checkContainerNumber(input.reference);
    if (!check.valid) {
      throw new TrackingInputError('reference', check.message, {
        reason: check.problem,
        ...(check.expectedCheckDigit !== undefined ? { expected_check_digit: check.expectedCheckDigit } : {}),
      });
    }
    reference = check.number;
  } else {
    reference = input.reference.toUpperCase().replace(/[\s-]/g, '');
    if (!referencePattern.test(reference)) {
      throw new TrackingInputError('reference', 'A bill of lading or booking number is 4 to 35 letters and digits.');
    }
  }
  if (input.carrierScac) {
    const scac = input.carrierScac.toUpperCase();
    if (!/^[A-Z]{2,4}$/.test(scac))
      throw new TrackingInputError('carrier_scac', 'A SCAC is 2 to 4 letters, e.g. MAEU.');
    return { reference, carrierScac: scac, carrierSource: 'given' };
  }
  const inferred =
    input.referenceType === 'container' ? carrierFromContainerNumber(reference) : carrierFromReference(reference);
  if (!inferred) {
    throw new TrackingInputError(
      'carrier_scac',
      input.referenceType === 'container'
        ? `The owner prefix ${reference.slice(0, 4)} belongs to no carrier we know (lessors' boxes, for example): give carrier_scac.`
        : 'The carrier cannot be read from this number: give carrier_scac.',
    );
  }
  return { reference, carrierScac: inferred.scac, carrierSource: inferred.source };
}

/** Use cases of tracking subscriptions; the HTTP layer maps the errors to problem+json. */
export class TrackingSubscriptionService {
  constructor(
    private readonly deps: {
      unitOfWork: TrackingUnitOfWork;
      reader: SubscriptionReader;
      ports: PortDirectory;
      clock: () => number;
      staleAfterMs?: number;
    },
  ) {}

  /**
   * Creates a subscription and, unless the plan covers it or it is a test key's sample container,
   * debits one credit in the same transaction (InsufficientCreditsError when there is none). A linked shipment must be the
   * account's own, in the same mode (ShipmentNotFoundError otherwise); on a business plan it makes the subscription free. A container subscription gets its
   * container at once, awaiting data; the refresh job (or an immediate refresh) fills it.
   */
  async create(input: CreateSubscriptionInput): Promise<SubscriptionWithContainers> {
    const resolved = resolveReference(input);
    const now = this.deps.clock();
    return this.deps.unitOfWork.run(async (tx) => {
      const existing = await tx.findActiveSubscription(
        input.accountId,
        input.livemode,
        input.referenceType,
        resolved.reference,
      );
      if (existing) throw new DuplicateSubscriptionError(existing.id);
      const shipmentId = input.shipmentId ?? null;
      if (shipmentId !== null && !(await tx.ownsShipment(input.accountId, input.livemode, shipmentId)))
        throw new ShipmentNotFoundError(shipmentId);
      const id = newId('trk', now);
      let creditEntryId: string | null = null;
      const used = await tx.consumedSince(input.accountId, trackingCreditType, startOfMonthUtc(now));
      const charge = chargeForSubscription(input.plan, used, shipmentId !== null);
      if (!charge.covered && !isFreeSample(input, resolved.reference)) {
        const balance = await tx.creditBalance(input.accountId, trackingCreditType);
        if (!hasEnoughCredits(balance, charge.credits)) throw new InsufficientCreditsError(balance, charge.credits);
        creditEntryId = await tx.consumeCredits(
          input.accountId,
          trackingCreditType,
          {
            credits: charge.credits,
            unitPrice: charge.unitPrice,
            currency: charge.currency,
            subjectId: id,
            reason: `tracking ${resolved.reference}`,
          },
          now,
        );
      }
      const subscription: TrackingSubscription = {
        id,
        accountId: input.accountId,
        livemode: input.livemode,
        referenceType: input.referenceType,
        reference: resolved.reference,
        carrierScac: resolved.carrierScac,
        carrierSource: resolved.carrierSource,
        status: 'active',
        failureReason: null,
        creditEntryId,
        shipmentId,
        createdAt: now,
        updatedAt: now,
        stoppedAt: null,
        lastAttemptAt: null,
        lastSuccessAt: null,
        lastError: null,
      };
      const container: ContainerSnapshot | null =
        input.referenceType === 'container'
          ? {
              id: newId('cnt', now),
              subscriptionId: id,
              containerNumber: resolved.reference,
              isoEquipmentCode: null,
              status: 'awaiting_data',
              carrierScac: resolved.carrierScac,
              route: { origin: null, destination: null, transshipments: [] },
              vessel: null,
              voyage: null,
              position: null,
              carrierEta: null,
              predictedEta: null,
              predictedEtaBasis: null,
              arrivedAt: null,
              carrierDataAt: null,
              positionDataAt: null,
              stale: false,
              staleReason: null,
              createdAt: now,
              updatedAt: now,
            }
          : null;
      await tx.insertSubscription(subscription, container);
      return { ...subscription, containers: container ? [summaryOf(container)] : [] };
    });
  }

  async get(accountId: string, livemode: boolean, id: string): Promise<SubscriptionWithContainers> {
    const subscription = await this.deps.reader.findSubscription(accountId, livemode, id);
    if (!subscription) throw new SubscriptionNotFoundError(id);
    return (await this.withContainers([subscription]))[0];
  }

  /** The account's subscriptions in this mode, oldest first, `limit` (1–100) at a time. */
  async list(
    accountId: string,
    livemode: boolean,
    page: { limit: number; cursor: string | null; status: SubscriptionStatus | null },
  ): Promise<Page<SubscriptionWithContainers>> {
    const limit = Math.min(100, Math.max(1, page.limit));
    const rows = await this.deps.reader.listSubscriptions(accountId, livemode, {
      limit: limit + 1,
      after: page.cursor ? decodeCursor(page.cursor, isCreatedAtCursor) : null,
      status: page.status,
    });
    const result = pageOf(rows, limit, (last) => ({ createdAt: last.createdAt, id: last.id }));
    return { ...result, data: await this.withContainers(result.data) };
  }

  /** Stops refreshing; idempotent. Credits are not returned: the subscription was served. */
  async stop(accountId: string, livemode: boolean, id: string): Promise<SubscriptionWithContainers> {
    const subscription = await this.deps.reader.findSubscription(accountId, livemode, id);
    if (!subscription) throw new SubscriptionNotFoundError(id);
    if (subscription.status === 'active') await this.deps.reader.stopSubscription(id, this.deps.clock());
    return this.get(accountId, livemode, id);
  }

  /** A container by its id (`cnt_…`) or its number, as the API and webhooks show it. */
  async getContainer(accountId: string, livemode: boolean, idOrNumber: string) {
    const found = idOrNumber.startsWith('cnt_')
      ? await this.deps.reader.findContainer(accountId, livemode, idOrNumber)
      : await this.deps.reader.findContainerByNumber(accountId, livemode, normaliseContainerNumber(idOrNumber));
    if (!found) throw new ContainerNotFoundError(idOrNumber);
    const port = await this.portLookup([found]);
    return containerResource(found.snapshot, found.timeline, {
      livemode,
      port,
      now: this.deps.clock(),
      staleAfterMs: this.deps.staleAfterMs,
    });
  }

  /**
   * The first container of each subscription, as getContainer shows it, read for a whole page at once
   * (a shipment list of 100 reads no more than one of 1); subscriptions without a container are absent.
   */
  async firstContainers(accountId: string, livemode: boolean, subscriptionIds: readonly string[]) {
    const found = await this.deps.reader.firstContainers(accountId, livemode, subscriptionIds);
    const port = await this.portLookup([...found.values()]);
    const now = this.deps.clock();
    return new Map(
      [...found].map(([subscriptionId, { snapshot, timeline }]) => [
        subscriptionId,
        containerResource(snapshot, timeline, { livemode, port, now, staleAfterMs: this.deps.staleAfterMs }),
      ]),
    );
  }

  private async withContainers(subscriptions: TrackingSubscription[]): Promise<SubscriptionWithContainers[]> {
    const containers = await this.deps.reader.containerSummaries(subscriptions.map((s) => s.id));
    return subscriptions.map((s) => ({ ...s, containers: containers.get(s.id) ?? [] }));
  }

  private async portLookup(
    containers: ReadonlyArray<{ snapshot: ContainerSnapshot; timeline: readonly StoredTimelineEvent[] }>,
  ): Promise<(locode: string) => PortView> {
    const codes = new Set<string>();
    for (const { snapshot, timeline } of containers) for (const c of locodesOf(snapshot, timeline)) codes.add(c);
    const ports = await this.deps.ports.findMany([...codes]);
    return (locode) => ports.get(locode) ?? { locode, name: null, lat: null, lon: null };
  }
}
