/** A claim as a product carries it: the calculator's claim catalogue, with its value as exact decimal text. */
export interface ProductClaim {
  code: string;
  value?: string;
  text?: string;
  date?: string;
}

/**
 * A product the account imports: what it is (HTS number, origin, claims) and how much of it comes in a
 * year, either as one annual value or as a value per entry and the entries expected a year (USD, exact
 * decimal text). A SKU is unique per account and mode.
 */
export interface Product {
  id: string;
  accountId: string;
  livemode: boolean;
  sku: string;
  description: string | null;
  /** Dotted (4.2.4, or 4.2 for an 8-digit number). */
  htsCode: string;
  countryOfOrigin: string;
  annualValue: string | null;
  entryValue: string | null;
  expectedEntries: number | null;
  claims: ProductClaim[];
  createdAt: number;
  updatedAt: number;
}

export interface Money {
  amount: string;
  currency: string;
}

/** A product as a caller gives it (the API's body, or a row of a catalogue file). */
export interface ProductInput {
  sku: string;
  description: string | null;
  htsCode: string;
  countryOfOrigin: string;
  annualValue: Money | null;
  entryValue: Money | null;
  expectedEntries: number | null;
  claims: ProductClaim[];
}

/** The fields a PATCH changes; absent ones stay as they are (null clears a nullable one). */
export type ProductChange = Partial<ProductInput>;
