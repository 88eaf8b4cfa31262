import type { Knex } from 'knex';
import { newestFirstPage, pageByCreatedAt } from './created-at-cursor';
import { readJsonColumn } from './json-column';
import { toBool, toDecimalOrNull, toNumber, toNumberOrNull } from '../row-values';
import { isUniqueViolation } from '../unique-violation';
import type { Product, ProductClaim, ProductStore } from '../../domain/products';
import type { Page } from '../../domain/shared';

function toProduct(row: Record<string, unknown>): Product {
  return {
    id: String(row.id),
    accountId: String(row.account_id),
    livemode: toBool(row.livemode),
    sku: String(row.sku),
    description: (row.description as string | null) ?? null,
    htsCode: String(row.hts_code),
    countryOfOrigin: String(row.country_of_origin),
    annualValue: toDecimalOrNull(row.annual_value),
    entryValue: toDecimalOrNull(row.entry_value),
    expectedEntries: toNumberOrNull(row.expected_entries),
    claims: readJsonColumn<ProductClaim[]>(row.claims),
    createdAt: toNumber(row.created_at),
    updatedAt: toNumber(row.updated_at),
  };
}

const changedColumns = (product: Product) => ({
  sku: product.sku,
  description: product.description,
  hts_code: product.htsCode,
  country_of_origin: product.countryOfOrigin,
  annual_value: product.annualValue,
  entry_value: product.entryValue,
  expected_entries: product.expectedEntries,
  claims: JSON.stringify(product.claims),
  updated_at: product.updatedAt,
});

const toRow = (product: Product) => ({
  id: product.id,
  account_id: product.accountId,
  livemode: product.livemode,
  ...changedColumns(product),
  created_at: product.createdAt,
});

/** Rows a multi-row insert takes at once (well under either dialect's bound-parameter limit). */
const insertChunk = 500;
/** Products read a page at a time when a whole catalogue is priced. */
const readPage = 1000;

/** The account's product catalogue; a SKU is unique per account and mode (products_account_sku_unique). */
export class ProductRepository implements ProductStore {
  constructor(private readonly knex: Knex) {}

  async find(accountId: string, livemode: boolean, id: string): Promise<Product | null> {
    const row = await this.knex('products').where({ id, account_id: accountId, livemode }).first();
    return row ? toProduct(row) : null;
  }

  page(accountId: string, livemode: boolean, limit: number, cursor: string | null): Promise<Page<Product>> {
    const query = this.knex('products').where({ account_id: accountId, livemode });
    return newestFirstPage(query, cursor ?? undefined, limit, toProduct, (p) => p.createdAt);
  }

  async *all(accountId: string, livemode: boolean): AsyncIterable<Product> {
    let after: { createdAt: number; id: string } | undefined;
    for (;;) {
      const rows = await pageByCreatedAt(
        this.knex('products').where({ account_id: accountId, livemode }),
        after,
        readPage,
      );
      for (const row of rows) yield toProduct(row);
      if (rows.length < readPage) return;
      const last = toProduct(rows[rows.length - 1]);
      after = { createdAt: last.createdAt, id: last.id };
    }
  }

  async catalogues(): Promise<Array<{ accountId: string; livemode: boolean }>> {
    const rows = await this.knex('products').distinct('account_id', 'livemode').orderBy(['account_id', 'livemode']);
    return rows.map((row: Record<string, unknown>) => ({
      accountId: String(row.account_id),
      livemode: toBool(row.livemode),
    }));
  }

  async insert(product: Product): Promise<boolean> {
    try {
      await this.knex('products').insert(toRow(product));
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  async update(product: Product): Promise<boolean> {
    try {
      await this.knex('products')
        .where({ id: product.id, account_id: product.accountId, livemode: product.livemode })
        .update(changedColumns(product));
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  async delete(accountId: string, livemode: boolean, id: string): Promise<boolean> {
    return (await this.knex('products').where({ id, account_id: accountId, livemode }).delete()) > 0;
  }

  async findBySkus(accountId: string, livemode: boolean, skus: readonly string[]): Promise<Map<string, Product>> {
    const found = new Map<string, Product>();
    for (let start = 0; start < skus.length; start += insertChunk) {
      const rows = await this.knex('products')
        .where({ account_id: accountId, livemode })
        .whereIn('sku', skus.slice(start, start + insertChunk));
      for (const row of rows) found.set(String(row.sku), toProduct(row));
    }
    return found;
  }

  async upsert(created: readonly Product[], updated: readonly Product[]): Promise<boolean> {
    try {
      await this.knex.transaction(async (trx) => {
        for (let start = 0; start < created.length; start += insertChunk)
          await trx('products').insert(created.slice(start, start + insertChunk).map(toRow));
        for (const product of updated) await trx('products').where({ id: product.id }).update(changedColumns(product));
      });
      return true;
    } catch (error) {
      // Another import or create took one of the new SKUs meanwhile: nothing was written.
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }
}
