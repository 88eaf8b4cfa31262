import type { TariffServices } from './services';
import type { CallContext } from '../http/operation';
import { HttpProblem } from '../http/problem';
import type { DutyEngineDependencies } from '../domain/tariff';

/**
 * The duty calculator as every operation runs it (calculate, simulate, refunds, a shipment's duty
 * estimate): the release lines, the rules in memory and the call's UTC day. 503 until the rules load.
 */
export function dutyEngineOf(tariff: TariffServices, call: CallContext): DutyEngineDependencies {
  if (!tariff.rules.isLoaded())
    throw new HttpProblem('not-ready', 'The duty rules are still loading; retry shortly.', undefined, {
      'Retry-After': '5',
    });
  const today = call.receivedAt.toISOString().slice(0, 10);
  return { lines: tariff.lines, rules: tariff.rules.current(), today: () => today };
}
