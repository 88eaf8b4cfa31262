import { entryLinesOfFile } from './entry-file';
import { priceEntry } from './entry-pricing';
import type { CustomsEntry, EntryInput, EntryLine, EntryLineInput, PricedEntry } from './model';
import type { EntryShipments, EntryStore } from './ports';
import {
  type AccountScope,
  changedMeanwhile,
  DomainError,
  invalidInput,
  newId,
  newOutboxEvent,
  type OutboxEvent,
  type Page,
} from '../shared';
import { dottedHtsCode, htsTariffLineDigits } from '../hts';
import { type CargoLine, type Shipment, type ShipmentMode, transportModes } from '../shipments';
import type { DutyPricer, RawRow } from '../tariff';

export interface EntryServiceDeps {
  store: EntryStore;
  shipments: EntryShipments;
  clock: () => number;
  /** The entry as its GET returns it, for the events announcing it. */
  present: (priced: PricedEntry) => unknown;
}

export class EntryNotFoundError extends DomainError {
  constructor(id: string) {
    super('not_found', `No customs entry ${id} in this account.`);
    this.name = 'EntryNotFoundError';
  }
}

function entryLines(inputs: readonly EntryLineInput[]): EntryLine[] {
  return inputs.map((input, index) => {
    const digits = htsTariffLineDigits(input.htsCode);
    if (digits === null) throw invalidInput(`lines/${index}/hts_code`, 'Not an HTS number.');
    if (input.value.currency !== 'USD')
      throw invalidInput(
        `lines/${index}/value/currency`,
        `Entered value is in USD; the line's is in ${input.value.currency}.`,
      );
    return {
      lineNumber: index + 1,
      description: input.description,
      htsCode: dottedHtsCode(digits),
      countryOfOrigin: input.countryOfOrigin.toUpperCase(),
      value: input.value.amount,
      quantities: input.quantities,
      claims: input.claims,
      manufacturerId: input.manufacturerId,
    };
  });
}

/** A shipment's cargo line as an entry line, or why it cannot be one (the facts an entry needs). */
function lineOfCargo(line: CargoLine, index: number): EntryLineInput {
  const missing = (what: string) =>
    new DomainError(
      'unprocessable',
      `Cargo line ${index + 1} of the shipment has no ${what}; an entry line needs it.`,
      [{ field: 'shipment_id', message: `cargo line ${index + 1} has no ${what}` }],
    );
  if (line.htsCode === null) throw missing('HTS code');
  if (line.countryOfOrigin === null) throw missing('country of origin');
  if (line.value === null) throw missing('value');
  return {
    description: line.description,
    htsCode: line.htsCode,
    countryOfOrigin: line.countryOfOrigin,
    value: line.value,
    quantities:
      line.quantity !== null && line.quantityUnit !== null
        ? [{ value: String(line.quantity), unit: line.quantityUnit }]
        : [],
    claims: [],
    manufacturerId: null,
  };
}

function modeOf(input: EntryInput, shipment: Shipment | null): ShipmentMode {
  const mode = input.mode ?? shipment?.mode ?? null;
  if (mode === null) throw invalidInput('mode', 'The mode of transport is required without a shipment.');
  return mode;
}

/** Customs entries: created (from their lines or from a shipment's) and priced, each pricing kept as a version. */
export class EntryService {
  constructor(private readonly deps: EntryServiceDeps) {}

  async create(scope: AccountScope, input: EntryInput, pricer: DutyPricer): Promise<PricedEntry> {
    const shipment = input.shipmentId === undefined ? null : await this.shipment(scope, input.shipmentId);
    if (input.lines === undefined && shipment === null)
      throw invalidInput('lines', 'Give the lines, or the shipment whose cargo lines the entry takes.');
    const lines = input.lines ?? (shipment as Shipment).cargoLines.map(lineOfCargo);
    if (lines.length === 0) throw invalidInput('shipment_id', 'The shipment has no cargo lines.');
    const mode = modeOf(input, shipment);
    const importationDate = input.importationDate ?? shipment?.eta ?? null;
    if (importationDate === null)
      throw invalidInput('importation_date', 'The importation date is required without a shipment that has an ETA.');
    const now = this.deps.clock();
    const entry: CustomsEntry = {
      id: newId('ent', now),
      accountId: scope.accountId,
      livemode: scope.livemode,
      entryType: input.entryType,
      portCode: input.portCode,
      entryDate: input.entryDate,
      importationDate,
      mode,
      importer: input.importer ?? shipment?.consignee ?? null,
      shipmentId: shipment?.id ?? null,
      lines: entryLines(lines),
      createdAt: now,
      updatedAt: now,
    };
    const pricing = await priceEntry(entry, pricer, 1, now);
    const priced = { entry, pricings: [pricing] };
    await this.deps.store.insert(entry, pricing, [this.event('entry.created', priced, now)]);
    return priced;
  }

  /** An entry whose lines are a file's rows (the bulk-job calculation columns), checked against the entry's date and mode. */
  async createFromFile(
    scope: AccountScope,
    input: Omit<EntryInput, 'lines'>,
    rows: RawRow[],
    pricer: DutyPricer,
  ): Promise<PricedEntry> {
    const shipment = input.shipmentId === undefined ? null : await this.shipment(scope, input.shipmentId);
    const today = new Date(this.deps.clock()).toISOString().slice(0, 10);
    const lines = await entryLinesOfFile(
      rows,
      { entryDate: input.entryDate, mode: transportModes[modeOf(input, shipment)] },
      today,
    );
    return this.create(scope, { ...input, lines }, pricer);
  }

  async get(scope: AccountScope, id: string): Promise<PricedEntry> {
    const found = await this.deps.store.find(scope.accountId, scope.livemode, id);
    if (!found) throw new EntryNotFoundError(id);
    return found;
  }

  list(
    scope: AccountScope,
    filter: { shipmentId?: string },
    limit: number,
    cursor: string | null,
  ): Promise<Page<PricedEntry>> {
    return this.deps.store.page(scope.accountId, scope.livemode, filter, limit, cursor);
  }

  /**
   * Prices the entry again with the rules in force, as the next version; the earlier pricings stay as
   * they were. Two repricings at once take consecutive versions (the loser reads and prices again).
   */
  async price(scope: AccountScope, id: string, pricer: DutyPricer): Promise<PricedEntry> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const { entry, pricings } = await this.get(scope, id);
      const now = this.deps.clock();
      const pricing = await priceEntry(entry, pricer, pricings.length + 1, now);
      const priced = { entry: { ...entry, updatedAt: now }, pricings: [...pricings, pricing] };
      if (await this.deps.store.addPricing(priced.entry, pricing, [this.event('entry.priced', priced, now)]))
        return priced;
    }
    throw changedMeanwhile(`Customs entry ${id}`);
  }

  private event(type: string, priced: PricedEntry, now: number): OutboxEvent {
    return newOutboxEvent(
      type,
      {
        accountId: priced.entry.accountId,
        livemode: priced.entry.livemode,
        subjectType: 'customs_entry',
        subjectId: priced.entry.id,
        data: { object: this.deps.present(priced) },
      },
      now,
    );
  }

  private async shipment(scope: AccountScope, id: string): Promise<Shipment> {
    const shipment = await this.deps.shipments.find(scope.accountId, scope.livemode, id);
    if (!shipment) throw new DomainError('not_found', `No shipment ${id} in this account.`);
    return shipment;
  }
}
