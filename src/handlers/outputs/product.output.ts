import type { components } from '../../generated/api';
import { annualValueOf, type Product, type ProductClaim } from '../../domain/products';
import { isoTime } from './time';

type Schemas = components['schemas'];

const usd = (amount: string) => ({ amount, currency: 'USD' });

/** A stored claim (decimal text) as the API's claim (a JSON number, as the calculator's). */
export const toApiProductClaim = (claim: ProductClaim): Schemas['TariffClaim'] => ({
  code: claim.code as Schemas['TariffClaim']['code'],
  ...(claim.value !== undefined ? { value: Number(claim.value) } : {}),
  ...(claim.text !== undefined ? { text: claim.text } : {}),
  ...(claim.date !== undefined ? { date: claim.date } : {}),
});

export function toApiProduct(product: Product): Schemas['Product'] {
  return {
    id: product.id,
    object: 'product',
    livemode: product.livemode,
    sku: product.sku,
    description: product.description,
    hts_code: product.htsCode,
    country_of_origin: product.countryOfOrigin,
    annual_value: usd(annualValueOf(product)),
    entry_value: product.entryValue === null ? null : usd(product.entryValue),
    expected_entries: product.expectedEntries,
    claims: product.claims.map(toApiProductClaim),
    created_at: isoTime(product.createdAt),
    updated_at: isoTime(product.updatedAt),
  };
}
