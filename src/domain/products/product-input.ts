import Decimal from 'decimal.js';
import type { Money, ProductClaim, ProductInput } from './model';
import { dottedHtsCode, htsTariffLineDigits } from '../hts';
import type { FieldIssue } from '../shared';
import { claimCatalogue } from '../tariff';

/** A product's fields once checked: the HTS number dotted, the origin upper case, values as decimal text. */
export type CheckedProduct = {
  sku: string;
  description: string | null;
  htsCode: string;
  countryOfOrigin: string;
  annualValue: string | null;
  entryValue: string | null;
  expectedEntries: number | null;
  claims: ProductClaim[];
};

function usd(money: Money, field: string, issues: FieldIssue[]): string | null {
  if (money.currency !== 'USD') {
    issues.push({
      field: `${field}/currency`,
      message: `Values are in USD (the duty engine's); this one is in ${money.currency}.`,
    });
    return null;
  }
  if (new Decimal(money.amount).lessThanOrEqualTo(0)) {
    issues.push({ field: `${field}/amount`, message: 'must be greater than 0' });
    return null;
  }
  return new Decimal(money.amount).toFixed(2);
}

/**
 * Checks what the schema cannot say (a file has no schema at all): an HTS number of 8 or 10 digits,
 * USD values above 0, either an annual value or a value per entry with the entries a year, and claims
 * of the calculator's catalogue. Problems are collected with their field, so a file names every one.
 */
export function checkProduct(input: ProductInput, issues: FieldIssue[], at = ''): CheckedProduct | null {
  const before = issues.length;
  const field = (name: string) => `${at}${name}`;
  // One problem a field: a value that is not an amount is not also "missing".
  const said = (name: string) => issues.some((issue) => issue.field.startsWith(field(name)));
  const sku = input.sku.trim();
  if (sku === '' || sku.length > 64)
    issues.push({ field: field('sku'), message: 'a SKU of 1 to 64 characters is required' });
  const digits = htsTariffLineDigits(input.htsCode.trim());
  if (digits === null) issues.push({ field: field('hts_code'), message: 'not an HTS number of 8 or 10 digits' });
  const country = input.countryOfOrigin.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(country))
    issues.push({ field: field('country_of_origin'), message: 'an ISO 3166-1 alpha-2 code is required' });
  const annualValue = input.annualValue && usd(input.annualValue, field('annual_value'), issues);
  const entryValue = input.entryValue && usd(input.entryValue, field('entry_value'), issues);
  const entries = input.expectedEntries;
  if (entries !== null && (!Number.isSafeInteger(entries) || entries < 1))
    issues.push({ field: field('expected_entries'), message: 'a whole number of entries a year, 1 or more' });
  const perEntry = input.entryValue !== null || entries !== null;
  if (input.annualValue !== null && perEntry)
    issues.push({
      field: field('annual_value'),
      message: 'give annual_value, or entry_value with expected_entries, not both',
    });
  else if (input.annualValue === null && (input.entryValue === null || entries === null)) {
    const missing =
      input.entryValue === null && entries === null
        ? 'annual_value'
        : input.entryValue === null
          ? 'entry_value'
          : 'expected_entries';
    if (!said(missing))
      issues.push({
        field: field(missing),
        message: 'an annual value, or a value per entry and the entries expected a year, is required',
      });
  }
  input.claims.forEach((claim, index) => {
    if (!claimCatalogue.has(claim.code))
      issues.push({ field: field(`claims/${index}/code`), message: `unknown claim "${claim.code}"` });
  });
  if (issues.length > before || digits === null) return null;
  return {
    sku,
    description: input.description?.trim() || null,
    htsCode: dottedHtsCode(digits),
    countryOfOrigin: country,
    annualValue: annualValue ?? null,
    entryValue: entryValue ?? null,
    expectedEntries: entries,
    claims: input.claims,
  };
}

/** A product's value a year: its annual value, or its value per entry times the entries a year. */
export function annualValueOf(product: Pick<CheckedProduct, 'annualValue' | 'entryValue' | 'expectedEntries'>): string {
  if (product.annualValue !== null) return product.annualValue;
  return new Decimal(product.entryValue as string).times(product.expectedEntries as number).toFixed(2);
}
