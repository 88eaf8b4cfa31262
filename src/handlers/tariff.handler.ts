import { HtsSearchError, searchHtsCodes } from '../domain/classify/hts-search.service';
import { calculateDuty } from '../domain/tariff/engine/calculate-duty';
import type { DutyCalculation } from '../domain/tariff/engine/duty-result';
import type { components } from '../generated/api';
import type { operations as mainOperations } from '../generated/hosts/main';
import type { operations as tariffOperations } from '../generated/hosts/tariff';
import type { TariffServices } from '../hosts/tariff-services';
import type { CallContext, OperationHandler } from '../http/operation';
import { HttpProblem } from '../http/problem';
import { htsNotReady } from './hts.handler';
import { toDutyInput } from './inputs/tariff.input';
import { toApiSearchResult } from './outputs/classify.output';
import { toFormA, toFormB } from './outputs/tariff.output';
import { toIeepaRefundEstimate } from './outputs/ieepa-refunds.output';
import { estimateIeepaRefunds } from '../domain/tariff/ieepa-refunds';

/** Form A reports this for plans without a daily limit (the field stays an integer for every client). */
export const unlimitedRemaining = 2_147_483_647;

type CalculationRequest = components['schemas']['TariffCalculationRequest'];

function assertRulesLoaded(tariff: TariffServices): void {
  if (!tariff.rules.isLoaded()) throw new HttpProblem('not-ready', 'The duty rules are still loading; retry shortly.', undefined, { 'Retry-After': '5' });
}

const engineToday = (call: CallContext) => () => call.receivedAt.toISOString().slice(0, 10);

async function calculate(body: CalculationRequest, call: CallContext, tariff: TariffServices): Promise<DutyCalculation> {
  assertRulesLoaded(tariff);
  return calculateDuty(toDutyInput(body), { lines: tariff.lines, rules: tariff.rules.current(), today: engineToday(call) });
}

/** Tariff host, Tariff Pro and business: IEEPA refund estimates for entry lines. */
export function ieepaRefundsHandler(tariff: TariffServices): OperationHandler<tariffOperations['estimateIeepaRefunds']> {
  return async ({ body, call }) => {
    assertRulesLoaded(tariff);
    const lines = body.lines.map((line) => ({
      entryNumber: line.entry_number,
      lineNumber: line.line_number,
      ieepaPaid: line.ieepa_paid ?? null,
      duty: { ...toDutyInput({ ...line, declared_value: line.entered_value }), entryDate: line.entry_date },
    }));
    const estimate = await estimateIeepaRefunds(lines, { lines: tariff.lines, rules: tariff.rules.current(), today: engineToday(call) });
    return { status: 200, body: toIeepaRefundEstimate(estimate) };
  };
}

export function tariffCalculationHandlers(tariff: TariffServices): {
  formA: OperationHandler<tariffOperations['calculateTariff']>;
  formB: OperationHandler<mainOperations['calculateTariff']>;
} {
  return {
    /** Tariff host: form A, wrapped with the caller's remaining calls today. */
    formA: async ({ body, call }) => {
      const result = await calculate(body, call, tariff);
      return { status: 200, body: toFormA(result, body.hts_code, call.quota?.remaining ?? unlimitedRemaining) };
    },
    /** Main host: form B, flat. */
    formB: async ({ body, call }) => ({ status: 200, body: toFormB(await calculate(body, call, tariff), body.hts_code) }),
  };
}

export function htsSearchHandler(tariff: TariffServices): OperationHandler<tariffOperations['searchHtsCodes']> {
  return async ({ body, call }) => {
    if (body.include_duty && !body.country_code) {
      throw new HttpProblem('validation-failed', 'include_duty needs the country of origin.', [{ pointer: '/body/country_code', message: 'is required when include_duty is true' }]);
    }
    let result;
    try {
      result = await searchHtsCodes({ query: body.query, limit: body.limit, context: body.context }, { ...tariff.search, clock: () => call.receivedAt.getTime() });
    } catch (error) {
      if (!(error instanceof HtsSearchError)) throw error;
      if (error.reason === 'no_release') throw htsNotReady();
      throw new HttpProblem('unprocessable', error.message);
    }
    const top = result.candidates[0];
    const duty = body.include_duty && top
      ? toFormA(await calculate({ hts_code: top.code, country_code: body.country_code as string, declared_value: body.declared_value }, call, tariff), top.code, 0).result
      : undefined;
    return { status: 200, body: toApiSearchResult(body.query, result, call.quota?.remaining ?? unlimitedRemaining, duty) };
  };
}
