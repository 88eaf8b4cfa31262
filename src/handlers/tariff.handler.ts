import { calculateDuty } from '../domain/tariff/engine/calculate-duty';
import type { DutyRequest } from '../domain/tariff/engine/duty-request';
import type { DutyCalculation } from '../domain/tariff/engine/duty-result';
import type { components } from '../generated/api';
import type { operations as mainOperations } from '../generated/hosts/main';
import type { operations as tariffOperations } from '../generated/hosts/tariff';
import type { TariffServices } from '../hosts/tariff-services';
import type { CallContext, OperationHandler } from '../http/operation';
import { HttpProblem } from '../http/problem';
import { toFormA, toFormB } from './outputs/tariff.output';

/** Form A reports this for plans without a daily limit (the field stays an integer for every client). */
export const unlimitedRemaining = 2_147_483_647;

type CalculationRequest = components['schemas']['TariffCalculationRequest'];

async function calculate(body: CalculationRequest, call: CallContext, tariff: TariffServices): Promise<DutyCalculation> {
  if (!tariff.rules.isLoaded()) throw new HttpProblem('not-ready', 'The duty rules are still loading; retry shortly.', undefined, { 'Retry-After': '5' });
  const request: DutyRequest = {
    hts_code: body.hts_code,
    country_code: body.country_code.toUpperCase(),
    declared_value: body.declared_value,
    entry_date: body.entry_date,
    arrival_date: body.arrival_date,
    quantities: [...(body.quantity ? [body.quantity] : []), ...(body.quantities ?? [])],
    claims: body.claims,
    mode: body.mode,
    exporter: body.exporter,
  };
  return calculateDuty(request, { lines: tariff.lines, rules: tariff.rules.current(), today: () => call.receivedAt.toISOString().slice(0, 10) });
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

export const searchHtsCodes: OperationHandler<tariffOperations['searchHtsCodes']> = async () => {
  throw new HttpProblem('not-implemented', 'AI HTS code search is not available yet.');
};
