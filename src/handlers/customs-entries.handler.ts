import Decimal from 'decimal.js';
import type { components, operations } from '../generated/api';
import type { TariffServices } from './services';
import type { OperationHandler } from '../http/operation';
import { dutyEngineOf } from './duty-engine';
import { accountScopeOf } from '../http/caller-scope';
import { toApiCustomsEntry, toApiForm7501 } from './outputs/customs-entry.output';
import { toApiEntryReconciliation } from './outputs/entry-reconciliation.output';
import { listResponse } from './outputs/list';
import {
  type EntryInput,
  type EntryLineInput,
  type EntryService,
  form7501Of,
  reconcileEntrySummaryRows,
} from '../domain/entries';
import type { PdfRenderer } from '../domain/pdfs';
import { DomainError, invalidInput } from '../domain/shared';
import { type BulkFileReader, dutyPricer } from '../domain/tariff';

type Schemas = components['schemas'];
type EntryFields = Omit<EntryInput, 'lines'>;
type EntryOperation =
  | 'listCustomsEntries'
  | 'createCustomsEntry'
  | 'getCustomsEntry'
  | 'priceCustomsEntry'
  | 'getCustomsEntryForm7501'
  | 'reconcileEntrySummary';

const entriesPath = '/api/entries';

// Numbers of the request kept as exact decimal text (from the number itself, as the calculator reads them).
const decimalText = (value: number) => new Decimal(value).toString();

const entryLineInput = (line: Schemas['CustomsEntryLineInput']): EntryLineInput => ({
  description: line.description ?? null,
  htsCode: line.hts_code,
  countryOfOrigin: line.country_of_origin,
  value: line.value,
  quantities: (line.quantities ?? []).map((q) => ({ value: decimalText(q.value), unit: q.unit })),
  claims: (line.claims ?? []).map((c) => ({
    code: c.code,
    ...(c.value !== undefined ? { value: decimalText(c.value) } : {}),
    ...(c.text !== undefined ? { text: c.text } : {}),
    ...(c.date !== undefined ? { date: c.date } : {}),
  })),
  manufacturerId: line.manufacturer_id ?? null,
});

const jsonFields = (body: Schemas['CustomsEntryCreateRequest']): EntryFields => ({
  entryType: body.entry_type,
  portCode: body.port_code,
  entryDate: body.entry_date,
  importationDate: body.importation_date,
  mode: body.mode,
  importer: body.importer,
  shipmentId: body.shipment_id,
});

/** An upload's parts: the importer as its two fields (a multipart part is text, not an object). */
function uploadFields(body: Schemas['CustomsEntryUpload']): EntryFields {
  if (body.importer_tax_id !== undefined && body.importer_name === undefined)
    throw invalidInput('importer_tax_id', 'The importer number goes with the importer_name.');
  return {
    ...jsonFields({ ...body, importer: undefined }),
    importer:
      body.importer_name === undefined
        ? undefined
        : { name: body.importer_name, ...(body.importer_tax_id !== undefined ? { tax_id: body.importer_tax_id } : {}) },
  };
}

export function customsEntryHandlers(
  entries: EntryService,
  tariff: TariffServices,
  pdfs: PdfRenderer,
  files: BulkFileReader,
): { [K in EntryOperation]: OperationHandler<operations[K]> } {
  return {
    listCustomsEntries: async ({ query, call }) => {
      const limit = query.limit ?? 20;
      const page = await entries.list(
        accountScopeOf(call),
        { shipmentId: query.shipment_id },
        limit,
        query.cursor ?? null,
      );
      return {
        status: 200,
        ...listResponse(page, toApiCustomsEntry, entriesPath, { limit, shipment_id: query.shipment_id }),
      };
    },

    createCustomsEntry: async ({ body, call }) => {
      const pricer = dutyPricer(dutyEngineOf(tariff, call));
      const scope = accountScopeOf(call);
      const file = call.files.find((f) => f.field === 'file');
      const priced = file
        ? await entries.createFromFile(
            scope,
            uploadFields(body as Schemas['CustomsEntryUpload']),
            (await files.readFile(file, 'calculation')).rows,
            pricer,
          )
        : await entries.create(
            scope,
            {
              ...jsonFields(body as Schemas['CustomsEntryCreateRequest']),
              lines: (body as Schemas['CustomsEntryCreateRequest']).lines?.map(entryLineInput),
            },
            pricer,
          );
      return {
        status: 201,
        headers: { Location: `${entriesPath}/${priced.entry.id}` },
        body: toApiCustomsEntry(priced),
      };
    },

    getCustomsEntry: async ({ params, call }) => ({
      status: 200,
      body: toApiCustomsEntry(await entries.get(accountScopeOf(call), params.entry_id)),
    }),

    priceCustomsEntry: async ({ params, call }) => {
      const pricer = dutyPricer(dutyEngineOf(tariff, call));
      return {
        status: 200,
        body: toApiCustomsEntry(await entries.price(accountScopeOf(call), params.entry_id, pricer)),
      };
    },

    reconcileEntrySummary: async ({ call }) => {
      const file = call.files.find((f) => f.field === 'file');
      if (!file)
        throw new DomainError('invalid_input', 'Send the entry summary as a multipart part named file.', [
          { field: 'file', message: 'a file part is required' },
        ]);
      const engine = dutyEngineOf(tariff, call);
      const { rows } = await files.readFile(file, 'entry_summary');
      const reconciliation = await reconcileEntrySummaryRows(rows, {
        pricer: dutyPricer(engine),
        engine,
        today: engine.today(),
      });
      return { status: 200, body: toApiEntryReconciliation(reconciliation) };
    },

    getCustomsEntryForm7501: async ({ params, query, call }) => {
      const priced = await entries.get(accountScopeOf(call), params.entry_id);
      const form = form7501Of(priced);
      if (query.format !== 'pdf') return { status: 200, body: toApiForm7501(form) };
      const pdf = await pdfs.form7501(form, priced.pricings[priced.pricings.length - 1].pricedAt);
      return {
        status: 200,
        contentType: 'application/pdf',
        headers: { 'Content-Disposition': `inline; filename="${priced.entry.id}-7501-draft.pdf"` },
        // The adapter sends a Buffer as it is; the generated type names binary bodies as strings.
        body: pdf as unknown as string,
      };
    },
  };
}
