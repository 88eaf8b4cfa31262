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
  calculate: (input: DutyInput) => Promise<DutyCalculation>;
  entryFees: (input: EntryFeesInput) => EntryFees;
}

export function dutyPricer(engine: DutyEngineDependencies): DutyPricer {
  return {
    rulesVersion: engine.rules.version,
    calculate: (input) => calculateDuty(input, engine),
    entryFees: (input) => entryFees(engine.rules, input),
  };
}
