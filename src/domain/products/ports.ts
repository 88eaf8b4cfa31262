import type { Product } from './model';
import type { Page } from '../shared';

export interface ProductStore {
  find(accountId: string, livemode: boolean, id: string): Promise<Product | null>;
  page(accountId: string, livemode: boolean, limit: number, cursor: string | null): Promise<Page<Product>>;
  /** Every product of the account and mode, oldest first, read in pages. */
  all(accountId: string, livemode: boolean): AsyncIterable<Product>;
  /** The accounts and modes that have products (a new release's impact is priced for each). */
  catalogues(): Promise<Array<{ accountId: string; livemode: boolean }>>;
  /** False when the SKU is taken in the account and mode already (nothing is written). */
  insert(product: Product): Promise<boolean>;
  /** False when the new SKU is taken by another product of the account and mode. */
  update(product: Product): Promise<boolean>;
  delete(accountId: string, livemode: boolean, id: string): Promise<boolean>;
  /** The account's products with these SKUs, by SKU. */
  findBySkus(accountId: string, livemode: boolean, skus: readonly string[]): Promise<Map<string, Product>>;
  /** New products inserted and known ones updated, in one transaction; false (nothing written) when a new SKU was taken meanwhile. */
  upsert(created: readonly Product[], updated: readonly Product[]): Promise<boolean>;
}
