import Decimal from 'decimal.js';
import type { LtlPalletInput, LtlQuote, LtlQuoteRequest, LtlQuoteRequestStatus } from './model';
import { densityClass, poundsAndCubicFeet } from './nmfc-density';
import {
  changedMeanwhile,
  conflict,
  type AccountScope,
  DomainError,
  newId,
  newOutboxEvent,
  type OutboxEvent,
  type Page,
} from '../shared';

export interface LtlQuoteStore {
  find(id: string): Promise<LtlQuoteRequest | null>;
  page(
    accountId: string,
    livemode: boolean,
    status: LtlQuoteRequestStatus | undefined,
    limit: number,
    cursor: string | null,
  ): Promise<Page<LtlQuoteRequest>>;
  /** The account's quoted requests whose quote stopped holding at or before `now`. */
  dueForExpiry(accountId: string, livemode: boolean, now: number): Promise<LtlQuoteRequest[]>;
  insert(request: LtlQuoteRequest, events: OutboxEvent[]): Promise<void>;
  /** Replaces the request if it is still as it was read; false when it changed meanwhile. */
  update(request: LtlQuoteRequest, expectedUpdatedAt: number, events: OutboxEvent[]): Promise<boolean>;
}

export interface LtlQuoteServiceDeps {
  store: LtlQuoteStore;
  clock: () => number;
  /** The request as the API shows it: the `data.object` of its events. */
  present: (request: LtlQuoteRequest) => unknown;
}

export interface LtlQuoteRequestInput {
  originPostalCode: string;
  destinationPostalCode: string;
  readyDate: string;
  pallets: LtlPalletInput[];
  accessorials: string[];
  reference: string | null;
}

const notFound = (id: string) => new DomainError('not_found', `No LTL quote request ${id} in this account.`);
const wrongState = (request: LtlQuoteRequest, what: string) =>
  conflict('invalid_state', `LTL quote request ${request.id} is ${request.status}: ${what}.`);
const concurrentChange = (id: string) => changedMeanwhile(`LTL quote request ${id}`);

/** LTL quotes offered on request: the customer asks, an operator quotes, the customer accepts while it holds. */
export class LtlQuoteService {
  constructor(private readonly deps: LtlQuoteServiceDeps) {}

  async create(scope: AccountScope, input: LtlQuoteRequestInput): Promise<LtlQuoteRequest> {
    const now = this.deps.clock();
    let pounds = new Decimal(0);
    let cubicFeet = new Decimal(0);
    const pallets = input.pallets.map((pallet) => {
      const measured = poundsAndCubicFeet(pallet);
      pounds = pounds.plus(measured.pounds.times(pallet.quantity));
      cubicFeet = cubicFeet.plus(measured.cubicFeet.times(pallet.quantity));
      const { density, freightClass } = densityClass(pallet);
      return { ...pallet, density: density.toFixed(2), densityClass: freightClass };
    });
    const request: LtlQuoteRequest = {
      id: newId('ltl', now),
      accountId: scope.accountId,
      livemode: scope.livemode,
      status: 'requested',
      reference: input.reference,
      originPostalCode: input.originPostalCode,
      destinationPostalCode: input.destinationPostalCode,
      readyDate: input.readyDate,
      pallets,
      accessorials: input.accessorials,
      totalWeightLb: pounds.toFixed(2),
      totalVolumeFt3: cubicFeet.toFixed(2),
      quote: null,
      acceptedAt: null,
      expiredAt: null,
      createdAt: now,
      updatedAt: now,
    };
    await this.deps.store.insert(request, [this.event('ltl_quote_request.created', request, now)]);
    return request;
  }

  async get(scope: AccountScope, id: string): Promise<LtlQuoteRequest> {
    const request = await this.deps.store.find(id);
    if (!request || request.accountId !== scope.accountId || request.livemode !== scope.livemode) throw notFound(id);
    return this.expireIfDue(request);
  }

  /** Quotes that stopped holding are expired first, so a status filter sees them as they are. */
  async list(
    scope: AccountScope,
    status: LtlQuoteRequestStatus | undefined,
    limit: number,
    cursor: string | null,
  ): Promise<Page<LtlQuoteRequest>> {
    for (const due of await this.deps.store.dueForExpiry(scope.accountId, scope.livemode, this.deps.clock()))
      await this.expireIfDue(due);
    return this.deps.store.page(scope.accountId, scope.livemode, status, limit, cursor);
  }

  /** The operator's answer (admin API): any account's request, in either mode. */
  async quote(id: string, quote: Omit<LtlQuote, 'quotedAt'>): Promise<LtlQuoteRequest> {
    const before = await this.deps.store.find(id);
    if (!before) throw notFound(id);
    if (before.status !== 'requested') throw wrongState(before, 'only a requested quote can be quoted');
    const now = this.deps.clock();
    if (quote.validUntil <= now)
      throw new DomainError('invalid_input', 'valid_until must be in the future.', [
        { field: 'valid_until', message: 'must be in the future' },
      ]);
    return this.save(
      before,
      { ...before, status: 'quoted', quote: { ...quote, quotedAt: now }, updatedAt: now },
      'ltl_quote_request.quoted',
    );
  }

  async accept(scope: AccountScope, id: string): Promise<LtlQuoteRequest> {
    const before = await this.get(scope, id);
    if (before.status !== 'quoted') throw wrongState(before, 'only a quoted request can be accepted');
    const now = this.deps.clock();
    return this.save(
      before,
      { ...before, status: 'accepted', acceptedAt: now, updatedAt: now },
      'ltl_quote_request.accepted',
    );
  }

  /** A quote whose validity passed unaccepted expires when it is next read (with its event). */
  private async expireIfDue(request: LtlQuoteRequest): Promise<LtlQuoteRequest> {
    const now = this.deps.clock();
    if (request.status !== 'quoted' || request.quote === null || request.quote.validUntil > now) return request;
    const expired: LtlQuoteRequest = {
      ...request,
      status: 'expired',
      expiredAt: request.quote.validUntil,
      updatedAt: now,
    };
    if (
      await this.deps.store.update(expired, request.updatedAt, [this.event('ltl_quote_request.expired', expired, now)])
    )
      return expired;
    // Another reader expired it first: read what it wrote.
    return (await this.deps.store.find(request.id)) ?? expired;
  }

  private async save(before: LtlQuoteRequest, after: LtlQuoteRequest, type: string): Promise<LtlQuoteRequest> {
    if (!(await this.deps.store.update(after, before.updatedAt, [this.event(type, after, after.updatedAt)])))
      throw concurrentChange(after.id);
    return after;
  }

  private event(type: string, request: LtlQuoteRequest, now: number): OutboxEvent {
    return newOutboxEvent(
      type,
      {
        accountId: request.accountId,
        livemode: request.livemode,
        subjectType: 'ltl_quote_request',
        subjectId: request.id,
        data: { object: this.deps.present(request) },
      },
      now,
    );
  }
}
