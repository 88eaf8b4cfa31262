import Decimal from 'decimal.js';
import type { ProductClaim, ProductInput } from './model';
import { type CheckedProduct, checkProduct } from './product-input';
import { DomainError, type FieldIssue, givingWay } from '../shared';
import { cellText, maxBulkLines, maxListedErrors, parseClaimsCell, type RawRow } from '../tariff';

/** A money cell as exact decimal text (a workbook's number as written), or the problem with it. */
function amountCell(text: string | null, field: string, issues: FieldIssue[]): string | null {
  if (text === null) return null;
  try {
    const value = new Decimal(text.replace(/,/g, ''));
    if (value.isFinite() && value.decimalPlaces() <= 2) return value.toFixed(2);
  } catch {
    // Reported below.
  }
  issues.push({ field, message: `${text} is not an amount with at most 2 decimals` });
  return null;
}

function claimsCell(text: string | null, field: string, issues: FieldIssue[]): ProductClaim[] {
  try {
    return parseClaimsCell(text).map((claim) => ({
      code: claim.code,
      ...(claim.value !== undefined ? { value: claim.value.toString() } : {}),
      ...(claim.text !== undefined ? { text: claim.text } : {}),
      ...(claim.date !== undefined ? { date: claim.date } : {}),
    }));
  } catch (error) {
    issues.push({ field, message: (error as Error).message });
    return [];
  }
}

function inputOfRow(row: RawRow, issues: FieldIssue[]): ProductInput {
  const cell = (column: string) => cellText(row.cells[column]);
  const currency = (cell('currency') ?? 'USD').toUpperCase();
  const money = (column: string) => {
    const amount = amountCell(cell(column), `${row.at}/${column}`, issues);
    return amount === null ? null : { amount, currency };
  };
  const entries = cell('expected_entries');
  return {
    sku: cell('sku') ?? '',
    description: cell('description'),
    htsCode: cell('hts_code') ?? '',
    countryOfOrigin: cell('country_of_origin') ?? '',
    annualValue: money('annual_value'),
    entryValue: money('entry_value'),
    expectedEntries: entries === null ? null : Number(entries),
    claims: claimsCell(cell('claims'), `${row.at}/claims`, issues),
  };
}

/**
 * A catalogue file's rows as products, each checked as the API checks one (the file's columns are
 * the API's fields; `claims` as a bulk file writes them, `code=value; code`). Any error refuses the
 * whole file, listing the first errors by row and column and `error_count` for all; a SKU twice in
 * the file is an error on its second row.
 */
export async function productInputsOfRows(rows: RawRow[]): Promise<Array<{ at: string; product: CheckedProduct }>> {
  if (rows.length === 0)
    throw new DomainError('invalid_input', 'The file has no products.', [
      { field: 'file', message: 'a header row and products are required' },
    ]);
  if (rows.length > maxBulkLines)
    throw new DomainError(
      'too_large',
      `${rows.length} products; one file takes at most ${maxBulkLines} (limit max_bulk_lines). Split the file.`,
    );
  const issues: FieldIssue[] = [];
  const products: Array<{ at: string; product: CheckedProduct }> = [];
  const rowOfSku = new Map<string, string>();
  const giveWay = givingWay();
  for (const row of rows) {
    await giveWay();
    const product = checkProduct(inputOfRow(row, issues), issues, `${row.at}/`);
    if (product === null) continue;
    const first = rowOfSku.get(product.sku);
    if (first !== undefined) issues.push({ field: `${row.at}/sku`, message: `SKU ${product.sku} is on ${first} too` });
    else rowOfSku.set(product.sku, row.at);
    products.push({ at: row.at, product });
  }
  if (issues.length > 0)
    throw new DomainError(
      'invalid_input',
      `${issues.length} error(s) in the file; nothing was imported. Correct them and send the whole file again.`,
      issues.slice(0, maxListedErrors),
      { error_count: issues.length },
    );
  return products;
}
