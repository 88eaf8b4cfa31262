import type { Knex } from 'knex';
import { newestFirstPage } from './created-at-cursor';
import { OutboxEventRepository } from './outbox-event.repository';
import { readJsonColumn } from './json-column';
import { toBool, toNumber } from '../row-values';
import { isUniqueViolation } from '../unique-violation';
import type { CustomsEntry, EntryLine, EntryPricing, EntryStore, PricedEntry } from '../../domain/entries';
import type { OutboxEvent, Page } from '../../domain/shared';
import type { Party, ShipmentMode } from '../../domain/shipments';
import type { EntryType } from '../../domain/tariff';

function toEntry(row: Record<string, unknown>): CustomsEntry {
  return {
    id: String(row.id),
    accountId: String(row.account_id),
    livemode: toBool(row.livemode),
    entryType: String(row.entry_type) as EntryType,
    portCode: String(row.port_code),
    entryDate: String(row.entry_date),
    importationDate: String(row.importation_date),
    mode: String(row.mode) as ShipmentMode,
    importer: row.importer === null ? null : readJsonColumn<Party>(row.importer),
    shipmentId: (row.shipment_id as string | null) ?? null,
    lines: readJsonColumn<EntryLine[]>(row.lines),
    createdAt: toNumber(row.created_at),
    updatedAt: toNumber(row.updated_at),
  };
}

const toRow = (entry: CustomsEntry) => ({
  id: entry.id,
  account_id: entry.accountId,
  livemode: entry.livemode,
  entry_type: entry.entryType,
  port_code: entry.portCode,
  entry_date: entry.entryDate,
  importation_date: entry.importationDate,
  mode: entry.mode,
  importer: entry.importer === null ? null : JSON.stringify(entry.importer),
  shipment_id: entry.shipmentId,
  lines: JSON.stringify(entry.lines),
  created_at: entry.createdAt,
  updated_at: entry.updatedAt,
});

const pricingRow = (entry: CustomsEntry, pricing: EntryPricing) => ({
  entry_id: entry.id,
  version: pricing.version,
  priced_at: pricing.pricedAt,
  total: pricing.totals.total,
  pricing: JSON.stringify(pricing),
});

/** Customs entries and their pricing versions (one row each, numbered per entry). */
export class CustomsEntryRepository implements EntryStore {
  constructor(private readonly knex: Knex) {}

  async find(accountId: string, livemode: boolean, id: string): Promise<PricedEntry | null> {
    const row = await this.knex('customs_entries').where({ id, account_id: accountId, livemode }).first();
    if (!row) return null;
    return (await this.withPricings([toEntry(row)]))[0];
  }

  async page(
    accountId: string,
    livemode: boolean,
    filter: { shipmentId?: string },
    limit: number,
    cursor: string | null,
  ): Promise<Page<PricedEntry>> {
    const query = this.knex('customs_entries').where({ account_id: accountId, livemode });
    if (filter.shipmentId !== undefined) query.andWhere('shipment_id', filter.shipmentId);
    const page = await newestFirstPage(query, cursor ?? undefined, limit, toEntry, (e) => e.createdAt);
    return { ...page, data: await this.withPricings(page.data) };
  }

  async insert(entry: CustomsEntry, pricing: EntryPricing, events: OutboxEvent[]): Promise<void> {
    await this.knex.transaction(async (trx) => {
      await trx('customs_entries').insert(toRow(entry));
      await trx('customs_entry_pricings').insert(pricingRow(entry, pricing));
      await new OutboxEventRepository(trx).append(events, trx);
    });
  }

  async addPricing(entry: CustomsEntry, pricing: EntryPricing, events: OutboxEvent[]): Promise<boolean> {
    try {
      await this.knex.transaction(async (trx) => {
        await trx('customs_entry_pricings').insert(pricingRow(entry, pricing));
        await trx('customs_entries').where({ id: entry.id }).update({ updated_at: entry.updatedAt });
        await new OutboxEventRepository(trx).append(events, trx);
      });
      return true;
    } catch (error) {
      // Another request took this version meanwhile.
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  /** The entries with their pricings, oldest first, in one query. */
  private async withPricings(entries: CustomsEntry[]): Promise<PricedEntry[]> {
    if (entries.length === 0) return [];
    const rows = await this.knex('customs_entry_pricings')
      .whereIn(
        'entry_id',
        entries.map((e) => e.id),
      )
      .orderBy(['entry_id', 'version'])
      .select('entry_id', 'pricing');
    const byEntry = new Map<string, EntryPricing[]>(entries.map((e) => [e.id, []]));
    for (const row of rows) byEntry.get(String(row.entry_id))?.push(readJsonColumn<EntryPricing>(row.pricing));
    return entries.map((entry) => ({ entry, pricings: byEntry.get(entry.id) as EntryPricing[] }));
  }
}
