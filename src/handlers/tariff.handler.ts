import Decimal from 'decimal.js';
import type { components } from '../generated/api';
import type { operations as mainOperations } from '../generated/hosts/main';
import type { operations as tariffOperations } from '../generated/hosts/tariff';
import type { TariffServices } from './services';
import type { CallContext, OperationHandler } from '../http/operation';
import { HttpProblem, htsNotReady } from '../http/problem';
import { dutyEngineOf } from './duty-engine';
import { toClaimInputs, toDutyInput, toQuantityInputs } from './inputs/tariff.input';
import { toApiSearchResult } from './outputs/classify.output';
import { toFormA, toFormB, toStoredCalculation, toTariffSimulation } from './outputs/tariff.output';
import { listResponse } from './outputs/list';
import { accountModeOf } from '../http/caller-scope';
import { DomainError } from '../domain/shared';
import type { Entitlements } from '../domain/access';
import { listTableFormatOf, tableFileResponse } from './inputs/table-format';
import { toIeepaRefundEstimate } from './outputs/ieepa-refunds.output';
import { HtsSearchError } from '../domain/classify';
import type { PdfRenderer } from '../domain/pdfs';
import {
  calculateDuty,
  type DutyCalculation,
  estimateIeepaRefunds,
  findStoredCalculation,
  simulateDuty,
  storeCalculation,
  type StoredCalculation,
  storedCalculationsTable,
  storedReportLine,
} from '../domain/tariff';

/** Form A reports this for plans without a daily limit (the field stays an integer for every client). */
export const unlimitedRemaining = 2_147_483_647;

/** `store` has a default, so the generated type requires it; the search's own calls leave it out. */
type CalculationRequest = Omit<components['schemas']['TariffCalculationRequest'], 'store'> & { store?: boolean };

async function calculate(
  body: CalculationRequest,
  call: CallContext,
  tariff: TariffServices,
): Promise<DutyCalculation> {
  const engine = dutyEngineOf(tariff, call);
  return calculateDuty(toDutyInput(body), engine);
}

/** Tariff host, Tariff Pro and business: IEEPA refund estimates for entry lines. */
export function ieepaRefundsHandler(
  tariff: TariffServices,
): OperationHandler<tariffOperations['estimateIeepaRefunds']> {
  return async ({ body, call }) => {
    const engine = dutyEngineOf(tariff, call);
    const lines = body.lines.map((line) => ({
      entryNumber: line.entry_number,
      lineNumber: line.line_number,
      ieepaPaid: line.ieepa_paid ?? null,
      duty: { ...toDutyInput({ ...line, declared_value: line.entered_value }), entryDate: line.entry_date },
    }));
    const estimate = await estimateIeepaRefunds(lines, engine);
    return { status: 200, body: toIeepaRefundEstimate(estimate) };
  };
}

/** Tariff host, Tariff Pro and business: one product across scenarios, compared and ranked. */
export function simulationHandler(tariff: TariffServices): OperationHandler<tariffOperations['simulateTariff']> {
  return async ({ body, call }) => {
    const engine = dutyEngineOf(tariff, call);
    // The declared value from the number itself, as calculate takes it (String(1e-7) would not parse).
    const product = {
      htsCode: body.hts_code,
      declaredValue: new Decimal(body.declared_value),
      quantities: toQuantityInputs(body.quantity ? [body.quantity] : []),
      mode: body.mode,
    };
    const scenarios = body.scenarios.map((s) => ({
      label: s.label ?? null,
      countryCode: s.country_code.toUpperCase(),
      entryDate: s.entry_date,
      claims: toClaimInputs(s.claims ?? []),
    }));
    const simulation = await simulateDuty(product, scenarios, engine);
    return { status: 200, body: toTariffSimulation(simulation, body.hts_code) };
  };
}

/**
 * Who a `"store": true` calculation belongs to, checked before anything is calculated: an account
 * (else 401) on a plan with stored calculations (else 403). Null when not asked to store.
 */
function storeOwner(
  body: CalculationRequest,
  call: CallContext,
  entitlements: Entitlements,
): { accountId: string; livemode: boolean } | null {
  if (!body.store) return null;
  if (call.caller.kind !== 'account')
    throw new DomainError(
      'unauthenticated',
      'Storing a calculation needs an API key (X-API-Key or Authorization: Bearer).',
    );
  if (!entitlements.of('listTariffCalculations', call.caller.plan)) {
    throw new DomainError(
      'forbidden',
      'Stored calculations are part of Tariff Pro and business; calculate without "store" on this plan.',
    );
  }
  return accountModeOf(call);
}

/** Calculates, and keeps the calculation when asked: `calculation_id` then joins either form. */
async function calculateAndStore(
  body: CalculationRequest,
  call: CallContext,
  tariff: TariffServices,
  entitlements: Entitlements,
) {
  const owner = storeOwner(body, call, entitlements);
  const result = await calculate(body, call, tariff);
  if (!owner) return { result, storedId: null };
  const { store: _store, ...request } = body;
  const stored = await storeCalculation(tariff.calculations, owner, request, result, call.receivedAt.getTime());
  return { result, storedId: stored.id };
}

/** A form with the stored calculation's id as its last key, when it was stored. */
function withStoredId<Form extends { calculation_id?: string }>(form: Form, storedId: string | null): Form {
  if (storedId !== null) form.calculation_id = storedId;
  return form;
}

export function tariffCalculationHandlers(
  tariff: TariffServices,
  entitlements: Entitlements,
): {
  formA: OperationHandler<tariffOperations['calculateTariff']>;
  formB: OperationHandler<mainOperations['calculateTariff']>;
} {
  return {
    /** Tariff host: form A, wrapped with the caller's remaining calls today. */
    formA: async ({ body, call }) => {
      const { result, storedId } = await calculateAndStore(body, call, tariff, entitlements);
      return {
        status: 200,
        body: withStoredId(toFormA(result, body.hts_code, call.quota?.remaining ?? unlimitedRemaining), storedId),
      };
    },
    /** Main host: form B, flat. */
    formB: async ({ body, call }) => {
      const { result, storedId } = await calculateAndStore(body, call, tariff, entitlements);
      return { status: 200, body: withStoredId(toFormB(result, body.hts_code), storedId) };
    },
  };
}

/** A stored calculation of the account's mode and its duty report (the API's download and the web page's). */
export async function storedCalculationPdf(
  tariff: TariffServices,
  pdfs: PdfRenderer,
  owner: { accountId: string; livemode: boolean },
  id: string,
): Promise<{ stored: StoredCalculation; pdf: Buffer }> {
  const stored = await findStoredCalculation(tariff.calculations, owner, id);
  const pdf = await pdfs.dutyReport({
    id: stored.id,
    calculatedAt: stored.createdAt,
    lineCount: 1,
    details: [{ line: 1, ...storedReportLine(stored) }],
  });
  return { stored, pdf };
}

/** Tariff host, Tariff Pro and business: the account's stored calculations, one by one and as PDF reports. */
export function storedCalculationHandlers(
  tariff: TariffServices,
  pdfs: PdfRenderer,
): {
  [K in 'listTariffCalculations' | 'getTariffCalculation' | 'getTariffCalculationPdf']: OperationHandler<
    tariffOperations[K]
  >;
} {
  return {
    listTariffCalculations: async ({ query, call }) => {
      const { accountId, livemode } = accountModeOf(call);
      const format = listTableFormatOf(query, call);
      if (format)
        return tableFileResponse(
          await storedCalculationsTable(tariff.calculations, { accountId, livemode }),
          format,
          'tariff-calculations',
        );
      const page = await tariff.calculations.page(accountId, livemode, query.limit ?? 20, query.cursor ?? null);
      return { status: 200, ...listResponse(page, toStoredCalculation, '/api/tariff/calculations', { ...query }) };
    },
    getTariffCalculation: async ({ params, call }) => ({
      status: 200,
      body: toStoredCalculation(
        await findStoredCalculation(tariff.calculations, accountModeOf(call), params.calculation_id),
      ),
    }),
    getTariffCalculationPdf: async ({ params, call }) => {
      const { stored, pdf } = await storedCalculationPdf(tariff, pdfs, accountModeOf(call), params.calculation_id);
      return {
        status: 200,
        contentType: 'application/pdf',
        headers: { 'Content-Disposition': `inline; filename="${stored.id}.pdf"` },
        // The adapter sends a Buffer as it is; the generated type names binary bodies as strings.
        body: pdf as unknown as string,
      };
    },
  };
}

/** Why a query was refused, for the problem's field error. */
const unreadableQuery = {
  no_product_words: 'no word the schedule or the lexicon uses',
  not_english: 'not English',
  not_a_line: 'not a line of the release in force',
} as const;

export function htsSearchHandler(tariff: TariffServices): OperationHandler<tariffOperations['searchHtsCodes']> {
  return async ({ body, call }) => {
    if (body.include_duty && !body.country_code) {
      throw new HttpProblem('validation-failed', 'include_duty needs the country of origin.', [
        { pointer: '/body/country_code', message: 'is required when include_duty is true' },
      ]);
    }
    let result;
    try {
      result = await tariff.searchPool.search(
        { query: body.query, limit: body.limit, context: body.context },
        call.receivedAt.getTime(),
      );
    } catch (error) {
      if (!(error instanceof HtsSearchError)) throw error;
      if (error.reason === 'no_release') throw htsNotReady();
      throw new HttpProblem('unprocessable', error.message, [
        { pointer: '/body/query', message: unreadableQuery[error.reason] },
      ]);
    }
    const top = result.candidates[0];
    const duty =
      body.include_duty && top
        ? toFormA(
            await calculate(
              { hts_code: top.code, country_code: body.country_code as string, declared_value: body.declared_value },
              call,
              tariff,
            ),
            top.code,
            0,
          ).result
        : undefined;
    return {
      status: 200,
      body: toApiSearchResult(body.query, result, call.quota?.remaining ?? unlimitedRemaining, duty),
    };
  };
}
