import { isCurrency } from './invoice-money';
import { priceLines } from './invoice-totals';
import type { Invoice, InvoiceInput, InvoiceStatus } from './model';
import type { InvoiceStore, ShipmentOwnership } from './ports';
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

export interface InvoiceServiceDeps {
  store: InvoiceStore;
  shipmentIsOwn: ShipmentOwnership;
  clock: () => number;
  /** The invoice as the API shows it: the `data.object` of its events. */
  present: (invoice: Invoice) => unknown;
}

const notFound = (id: string) => new DomainError('not_found', `No invoice ${id} in this account.`);
const wrongState = (invoice: Invoice, what: string) =>
  conflict('invalid_state', `Invoice ${invoice.id} is ${invoice.status}: ${what}.`);
const concurrentChange = (id: string) => changedMeanwhile(`Invoice ${id}`);

/** Freight invoices: drafts that change, then finalized (numbered, immutable), paid or voided. */
export class InvoiceService {
  constructor(private readonly deps: InvoiceServiceDeps) {}

  async create(scope: AccountScope, input: InvoiceInput & { currency: string }): Promise<Invoice> {
    const now = this.deps.clock();
    const draft = await this.priced(
      scope,
      {
        id: newId('inv', now),
        accountId: scope.accountId,
        livemode: scope.livemode,
        number: null,
        status: 'draft',
        shipmentId: null,
        currency: '',
        billTo: null,
        dueDate: null,
        memo: null,
        lines: [],
        subtotal: '0',
        tax: '0',
        total: '0',
        paymentReference: null,
        metadata: {},
        finalizedAt: null,
        paidAt: null,
        voidedAt: null,
        createdAt: now,
        updatedAt: now,
      },
      input,
    );
    await this.deps.store.insert(draft, [this.event('invoice.created', draft, now)]);
    return draft;
  }

  async get(scope: AccountScope, id: string): Promise<Invoice> {
    const invoice = await this.deps.store.find(scope.accountId, scope.livemode, id);
    if (!invoice) throw notFound(id);
    return invoice;
  }

  list(
    scope: AccountScope,
    filter: { status?: InvoiceStatus; shipmentId?: string },
    limit: number,
    cursor: string | null,
  ): Promise<Page<Invoice>> {
    return this.deps.store.page(scope.accountId, scope.livemode, filter, limit, cursor);
  }

  async update(scope: AccountScope, id: string, input: InvoiceInput): Promise<Invoice> {
    const before = await this.get(scope, id);
    if (before.status !== 'draft') throw wrongState(before, 'a finalized invoice cannot change');
    const now = this.deps.clock();
    const after = await this.priced(scope, { ...before, updatedAt: now }, input);
    await this.save(after, before, 'invoice.updated', now);
    return after;
  }

  async finalize(scope: AccountScope, id: string): Promise<Invoice> {
    const before = await this.get(scope, id);
    if (before.status !== 'draft') throw wrongState(before, 'only a draft can be finalized');
    if (before.lines.length === 0)
      throw new DomainError('unprocessable', 'An invoice needs at least one line to be finalized.', [
        { field: 'lines', message: 'no lines' },
      ]);
    const now = this.deps.clock();
    const finalized = await this.deps.store.finalize(
      { ...before, status: 'open', finalizedAt: now, updatedAt: now },
      before.updatedAt,
      (numbered) => [this.event('invoice.finalized', numbered, now)],
    );
    if (!finalized) throw concurrentChange(id);
    return finalized;
  }

  async pay(scope: AccountScope, id: string, paymentReference: string): Promise<Invoice> {
    const before = await this.get(scope, id);
    if (before.status !== 'open') throw wrongState(before, 'only an open invoice can be paid');
    const now = this.deps.clock();
    const after: Invoice = { ...before, status: 'paid', paymentReference, paidAt: now, updatedAt: now };
    await this.save(after, before, 'invoice.paid', now);
    return after;
  }

  async void(scope: AccountScope, id: string): Promise<Invoice> {
    const before = await this.get(scope, id);
    if (before.status !== 'open') throw wrongState(before, 'only an open invoice can be voided');
    const now = this.deps.clock();
    const after: Invoice = { ...before, status: 'void', voidedAt: now, updatedAt: now };
    await this.save(after, before, 'invoice.voided', now);
    return after;
  }

  /** The invoice with the input's fields applied and its lines priced in its currency. */
  private async priced(scope: AccountScope, invoice: Invoice, input: InvoiceInput): Promise<Invoice> {
    const defined = Object.fromEntries(
      Object.entries(input).filter(([, value]) => value !== undefined),
    ) as Partial<Invoice>;
    const next: Invoice = { ...invoice, ...defined, currency: (input.currency ?? invoice.currency).toUpperCase() };
    if (!isCurrency(next.currency))
      throw new DomainError('invalid_input', `${next.currency} is not an ISO 4217 currency.`, [
        { field: 'currency', message: 'not an ISO 4217 currency' },
      ]);
    if (input.shipmentId && !(await this.deps.shipmentIsOwn(scope.accountId, scope.livemode, input.shipmentId))) {
      throw new DomainError('not_found', `No shipment ${input.shipmentId} in this account.`, [
        { field: 'shipment_id', message: `No shipment ${input.shipmentId} in this account.` },
      ]);
    }
    return { ...next, ...priceLines(input.lines ?? invoice.lines, next.currency) };
  }

  private async save(after: Invoice, before: Invoice, type: string, now: number): Promise<void> {
    if (!(await this.deps.store.update(after, before.updatedAt, [this.event(type, after, now)])))
      throw concurrentChange(after.id);
  }

  private event(type: string, invoice: Invoice, now: number): OutboxEvent {
    return newOutboxEvent(
      type,
      {
        accountId: invoice.accountId,
        livemode: invoice.livemode,
        subjectType: 'invoice',
        subjectId: invoice.id,
        data: { object: this.deps.present(invoice) },
      },
      now,
    );
  }
}
