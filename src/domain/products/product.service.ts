import type { Product, ProductChange, ProductInput } from './model';
import { type CheckedProduct, checkProduct } from './product-input';
import { productInputsOfRows } from './product-rows';
import type { ProductStore } from './ports';
import { type AccountScope, conflict, DomainError, type FieldIssue, newId, type Page } from '../shared';
import type { RawRow } from '../tariff';

export interface ProductServiceDeps {
  store: ProductStore;
  clock: () => number;
}

export class ProductNotFoundError extends DomainError {
  constructor(id: string) {
    super('not_found', `No product ${id} in this account.`);
    this.name = 'ProductNotFoundError';
  }
}

const skuTaken = (sku: string) =>
  conflict('already_exists', `A product with SKU "${sku}" exists already in this account and mode.`, { sku });

function checked(input: ProductInput): CheckedProduct {
  const issues: FieldIssue[] = [];
  const product = checkProduct(input, issues);
  if (product === null) throw new DomainError('invalid_input', issues[0]?.message ?? 'Invalid product.', issues);
  return product;
}

/** What a catalogue import did: products created, and known SKUs updated. */
export interface ProductImport {
  created: number;
  updated: number;
}

/** The account's product catalogue: each product created, read, changed or deleted, or a whole file imported. */
export class ProductService {
  constructor(private readonly deps: ProductServiceDeps) {}

  async create(scope: AccountScope, input: ProductInput): Promise<Product> {
    const now = this.deps.clock();
    const product: Product = {
      id: newId('prd', now),
      accountId: scope.accountId,
      livemode: scope.livemode,
      ...checked(input),
      createdAt: now,
      updatedAt: now,
    };
    if (!(await this.deps.store.insert(product))) throw skuTaken(product.sku);
    return product;
  }

  async get(scope: AccountScope, id: string): Promise<Product> {
    const found = await this.deps.store.find(scope.accountId, scope.livemode, id);
    if (!found) throw new ProductNotFoundError(id);
    return found;
  }

  list(scope: AccountScope, limit: number, cursor: string | null): Promise<Page<Product>> {
    return this.deps.store.page(scope.accountId, scope.livemode, limit, cursor);
  }

  /** Every product of the catalogue, read a page at a time (to price them all). */
  all(scope: AccountScope): AsyncIterable<Product> {
    return this.deps.store.all(scope.accountId, scope.livemode);
  }

  /** Changes the fields given; a value given replaces the product's way of stating its value (annual or per entry). */
  async update(scope: AccountScope, id: string, change: ProductChange): Promise<Product> {
    const current = await this.get(scope, id);
    const valueGiven =
      change.annualValue !== undefined || change.entryValue !== undefined || change.expectedEntries !== undefined;
    const usd = (amount: string | null) => (amount === null ? null : { amount, currency: 'USD' });
    const merged: ProductInput = {
      sku: change.sku ?? current.sku,
      description: change.description !== undefined ? change.description : current.description,
      htsCode: change.htsCode ?? current.htsCode,
      countryOfOrigin: change.countryOfOrigin ?? current.countryOfOrigin,
      annualValue: valueGiven ? (change.annualValue ?? null) : usd(current.annualValue),
      entryValue: valueGiven ? (change.entryValue ?? null) : usd(current.entryValue),
      expectedEntries: valueGiven ? (change.expectedEntries ?? null) : current.expectedEntries,
      claims: change.claims ?? current.claims,
    };
    const product: Product = { ...current, ...checked(merged), updatedAt: this.deps.clock() };
    if (!(await this.deps.store.update(product))) throw skuTaken(product.sku);
    return product;
  }

  async delete(scope: AccountScope, id: string): Promise<void> {
    if (!(await this.deps.store.delete(scope.accountId, scope.livemode, id))) throw new ProductNotFoundError(id);
  }

  /**
   * A catalogue file's rows: every row is checked first and any error refuses the whole file
   * (nothing is written); then a SKU the catalogue has is updated and a new one created, in one
   * transaction.
   */
  async import(scope: AccountScope, rows: RawRow[]): Promise<ProductImport> {
    const inputs = await productInputsOfRows(rows);
    const known = await this.deps.store.findBySkus(
      scope.accountId,
      scope.livemode,
      inputs.map((i) => i.product.sku),
    );
    const now = this.deps.clock();
    const created: Product[] = [];
    const updated: Product[] = [];
    for (const { product } of inputs) {
      const existing = known.get(product.sku);
      if (existing) updated.push({ ...existing, ...product, updatedAt: now });
      else
        created.push({
          id: newId('prd', now),
          accountId: scope.accountId,
          livemode: scope.livemode,
          ...product,
          createdAt: now,
          updatedAt: now,
        });
    }
    if (!(await this.deps.store.upsert(created, updated)))
      throw conflict('concurrent_update', 'Another request added some of these SKUs meanwhile; send the file again.');
    return { created: created.length, updated: updated.length };
  }
}
