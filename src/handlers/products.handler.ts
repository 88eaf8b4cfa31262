import Decimal from 'decimal.js';
import type { components, operations } from '../generated/api';
import type { TariffServices } from './services';
import type { CallContext, OperationHandler } from '../http/operation';
import { dutyEngineOf } from './duty-engine';
import { tableFileResponse } from './inputs/table-format';
import { listResponse } from './outputs/list';
import { toApiProduct } from './outputs/product.output';
import { accountScopeOf } from '../http/caller-scope';
import {
  catalogueImpact,
  impactTable,
  impactTotalsView,
  type ProductChange,
  type ProductClaim,
  type ProductService,
  productImpactView,
} from '../domain/products';
import type { PdfRenderer } from '../domain/pdfs';
import { DomainError } from '../domain/shared';
import { type BulkFileReader, dutyPricer } from '../domain/tariff';

type Schemas = components['schemas'];
type ProductOperation =
  | 'listProducts'
  | 'createProduct'
  | 'importProducts'
  | 'getProductImpact'
  | 'getProduct'
  | 'updateProduct'
  | 'deleteProduct';

const productsPath = '/api/products';

/** A claim's number kept as exact decimal text (from the number itself, as the calculator reads it). */
const claimOf = (claim: Schemas['TariffClaim']): ProductClaim => ({
  code: claim.code,
  ...(claim.value !== undefined ? { value: new Decimal(claim.value).toString() } : {}),
  ...(claim.text !== undefined ? { text: claim.text } : {}),
  ...(claim.date !== undefined ? { date: claim.date } : {}),
});

/** The fields a request gives, in the domain's terms (absent stays absent, for a PATCH). */
function productChange(body: Schemas['ProductUpdateRequest']): ProductChange {
  const change: ProductChange = {};
  if (body.sku !== undefined) change.sku = body.sku;
  if (body.description !== undefined) change.description = body.description;
  if (body.hts_code !== undefined) change.htsCode = body.hts_code;
  if (body.country_of_origin !== undefined) change.countryOfOrigin = body.country_of_origin;
  if (body.annual_value !== undefined) change.annualValue = body.annual_value;
  if (body.entry_value !== undefined) change.entryValue = body.entry_value;
  if (body.expected_entries !== undefined) change.expectedEntries = body.expected_entries;
  if (body.claims !== undefined) change.claims = body.claims.map(claimOf);
  return change;
}

/** The file part of an upload, read on the bulk file reader's threads. */
async function uploadedRows(reader: BulkFileReader, call: CallContext) {
  const file = call.files.find((f) => f.field === 'file');
  if (!file)
    throw new DomainError('invalid_input', 'Send the catalogue as a multipart part named file (CSV or XLSX).', [
      { field: 'file', message: 'a file part is required' },
    ]);
  return (await reader.readFile(file, 'product')).rows;
}

/** The caller's own file or JSON choice: `format` wins over `Accept`. */
function impactFormat(format: 'json' | 'csv' | 'xlsx' | 'pdf' | undefined, call: CallContext) {
  if (format !== undefined) return format;
  const accept = call.header('accept') ?? '';
  if (accept.includes('text/csv')) return 'csv';
  if (accept.includes('spreadsheetml')) return 'xlsx';
  if (accept.includes('application/pdf')) return 'pdf';
  return 'json';
}

export function productHandlers(
  products: ProductService,
  tariff: TariffServices,
  reader: BulkFileReader,
  pdfs: PdfRenderer,
): { [K in ProductOperation]: OperationHandler<operations[K]> } {
  return {
    listProducts: async ({ query, call }) => {
      const limit = query.limit ?? 20;
      const page = await products.list(accountScopeOf(call), limit, query.cursor ?? null);
      return { status: 200, ...listResponse(page, toApiProduct, productsPath, { limit }) };
    },

    createProduct: async ({ body, call }) => {
      const product = await products.create(accountScopeOf(call), {
        sku: body.sku,
        description: body.description ?? null,
        htsCode: body.hts_code,
        countryOfOrigin: body.country_of_origin,
        annualValue: body.annual_value ?? null,
        entryValue: body.entry_value ?? null,
        expectedEntries: body.expected_entries ?? null,
        claims: (body.claims ?? []).map(claimOf),
      });
      return { status: 201, headers: { Location: `${productsPath}/${product.id}` }, body: toApiProduct(product) };
    },

    importProducts: async ({ call }) => {
      const imported = await products.import(accountScopeOf(call), await uploadedRows(reader, call));
      return { status: 200, body: { object: 'product_import', ...imported } };
    },

    getProductImpact: async ({ query, call }) => {
      const engine = dutyEngineOf(tariff, call);
      const held = await engine.lines.heldReleases();
      for (const [field, date] of [
        ['from', query.from],
        ['to', query.to],
      ] as const)
        if (held === null || date < held.oldest.effectiveDate)
          throw new DomainError('unprocessable', `No HTS release we hold is in force on ${date}.`, [
            {
              field,
              in: 'query',
              message: held ? `the oldest release held starts on ${held.oldest.effectiveDate}` : 'no release held',
            },
          ]);
      const pricer = dutyPricer(engine);
      const scope = accountScopeOf(call);
      const impact = await catalogueImpact(
        products.all(scope),
        { pricer, date: query.from },
        { pricer, date: query.to },
      );
      const format = impactFormat(query.format, call);
      const filename = `product-impact-${query.from}-${query.to}`;
      if (format === 'csv' || format === 'xlsx') return tableFileResponse(impactTable(impact), format, filename);
      if (format === 'pdf')
        return {
          status: 200,
          contentType: 'application/pdf',
          headers: { 'Content-Disposition': `inline; filename="${filename}.pdf"` },
          // The adapter sends a Buffer as it is; the generated type names binary bodies as strings.
          body: (await pdfs.productImpact(impact, call.receivedAt.getTime())) as unknown as string,
        };
      const limit = query.limit ?? 100;
      return {
        status: 200,
        body: {
          object: 'product_impact',
          ...impactTotalsView(impact),
          has_more: impact.products.length > limit,
          data: impact.products.slice(0, limit).map((p) => productImpactView(p, impact.from, impact.to)),
        },
      };
    },

    getProduct: async ({ params, call }) => ({
      status: 200,
      body: toApiProduct(await products.get(accountScopeOf(call), params.product_id)),
    }),

    updateProduct: async ({ params, body, call }) => ({
      status: 200,
      body: toApiProduct(await products.update(accountScopeOf(call), params.product_id, productChange(body))),
    }),

    deleteProduct: async ({ params, call }) => {
      await products.delete(accountScopeOf(call), params.product_id);
      return { status: 204, body: undefined };
    },
  };
}
