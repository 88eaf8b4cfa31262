import { DomainError } from '../../shared';
import { calculateDuty, type DutyEngineDependencies } from './calculate-duty';
import type { DutyInput } from './duty-request';
import type { DutyCalculation } from './duty-result';
import { entryFees, type EntryFees, type EntryFeesInput } from './entry-fees';

/**
 * The duty engine as lines entered together are priced (a shipment's cargo lines, a customs entry):
 * each line by the calculator, then the entry's fees, all from one rules version.
 */
export interface DutyPricer {
  rulesVersion: string;
  /**
   * A line's calculation, or why the engine could not make one (a code not in the schedule or not in
   * force on the date, a claim without its value): the lines entered with it are still priced.
   */
  priceLine: (input: DutyInput) => Promise<DutyCalculation | string>;
  entryFees: (input: EntryFeesInput) => EntryFees;
}

export function dutyPricer(engine: DutyEngineDependencies): DutyPricer {
  return {
    rulesVersion: engine.rules.version,
    priceLine: async (input) => {
      try {
        return await calculateDuty(input, engine);
      } catch (error) {
        if (error instanceof DomainError && (error.kind === 'invalid_input' || error.kind === 'unprocessable'))
          return error.message;
        throw error;
      }
    },
    entryFees: (input) => entryFees(engine.rules, input),
  };
}

/** Why a line's duty is not all known, leaving its fees out: the fees are the entry's, said once for it. */
export function lineDutyReasons(calculation: DutyCalculation): string[] {
  if (calculation.prohibited) return ['Entry of these goods is prohibited.'];
  return calculation.unresolved
    .filter((u) => !u.component.startsWith('fees.'))
    .map((u) => `${u.component}: ${u.reason}`);
}
