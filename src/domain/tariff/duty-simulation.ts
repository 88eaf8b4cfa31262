import Decimal from 'decimal.js';
import { DomainError } from '../shared';
import { calculateDuty, type DutyEngineDependencies } from './engine/calculate-duty';
import type { ClaimInput, DutyInput } from './engine/duty-request';
import type { DutyCalculation, ReportFamily } from './engine/duty-result';
import { familyAmount } from './engine/family-amount';
import { HtsCodeNotInForceError, InvalidTariffRequestError } from './errors';

/**
 * The tariff simulator: one product priced under several scenarios (origin, entry date, claims)
 * with the calculator itself, compared with the first scenario and ranked by landed duty (duty plus
 * the MPF and HMF). A scenario whose landed duty is unresolved or prohibited is never counted as 0:
 * it ranks after every resolved one, with the reason.
 */

/** The product, the same in every scenario. */
export type SimulationProduct = Pick<DutyInput, 'htsCode' | 'declaredValue' | 'quantities' | 'mode'>;

export interface SimulationScenario {
  label: string | null;
  countryCode: string;
  entryDate: string;
  claims: ClaimInput[];
}

export interface ScenarioDifference {
  /** Per reporting family: this scenario's amount minus the first's; null when either is unresolved. */
  programs: Array<{ family: ReportFamily; amount: string | null }>;
  duty: string | null;
  landedDuty: string | null;
}

export interface SimulatedScenario {
  index: number;
  label: string | null;
  claims: ClaimInput[];
  calculation: DutyCalculation;
  /** Duty plus fees; null when either is unresolved or the import is prohibited. */
  landedDuty: string | null;
  difference: ScenarioDifference;
  rank: number;
}

export interface ScenarioRank {
  rank: number;
  index: number;
  label: string | null;
  landedDuty: string | null;
  /** Why a scenario ranks after the resolved ones; null for those. */
  reason: string | null;
}

export interface DutySimulation {
  scenarios: SimulatedScenario[];
  ranking: ScenarioRank[];
  rulesVersion: string;
}

const minus = (a: string | null, b: string | null): string | null =>
  a === null || b === null ? null : new Decimal(a).minus(b).toFixed(2);

function differenceTo(
  first: DutyCalculation,
  calculation: DutyCalculation,
  landed: string | null,
  firstLanded: string | null,
): ScenarioDifference {
  const families = [...new Set([...first.programs, ...calculation.programs].map((p) => p.family))];
  return {
    programs: families.map((family) => ({
      family,
      amount: minus(familyAmount(calculation, family), familyAmount(first, family)),
    })),
    duty: minus(calculation.totals.duty, first.totals.duty),
    landedDuty: minus(landed, firstLanded),
  };
}

function unrankedReason(calculation: DutyCalculation): string {
  if (calculation.prohibited) return 'Importation is prohibited on the entry date; there is no landed duty.';
  const open = calculation.unresolved[0];
  return open ? `The landed duty is unresolved: ${open.component}: ${open.reason}` : 'The landed duty is unresolved.';
}

/** Names a scenario's field in errors: `scenarios/N/field` (product fields keep their own names). */
function scenarioField(field: string, index: number): string {
  return ['hts_code', 'declared_value', 'mode'].includes(field) || field.startsWith('quantities')
    ? field
    : `scenarios/${index}/${field}`;
}

async function calculateScenario(
  product: SimulationProduct,
  scenario: SimulationScenario,
  index: number,
  deps: DutyEngineDependencies,
): Promise<DutyCalculation> {
  try {
    return await calculateDuty(
      { ...product, countryCode: scenario.countryCode, entryDate: scenario.entryDate, claims: scenario.claims },
      deps,
    );
  } catch (error) {
    if (error instanceof InvalidTariffRequestError)
      throw new InvalidTariffRequestError(scenarioField(error.field, index), error.message);
    if (error instanceof HtsCodeNotInForceError) {
      throw new DomainError('unprocessable', `Scenario ${index}: ${error.message}`, [
        { field: `scenarios/${index}/entry_date`, message: error.message },
      ]);
    }
    throw error;
  }
}

/**
 * Prices the product under each scenario with the calculator (the release and rules in force on
 * each entry date, so future-dated measures apply on future dates). A malformed scenario is an
 * InvalidTariffRequestError naming `scenarios/N/field`; an entry date no HTS release covers is
 * unprocessable, naming the scenario. Nothing is stored.
 */
export async function simulateDuty(
  product: SimulationProduct,
  scenarios: SimulationScenario[],
  deps: DutyEngineDependencies,
): Promise<DutySimulation> {
  const calculations: DutyCalculation[] = [];
  for (const [index, scenario] of scenarios.entries())
    calculations.push(await calculateScenario(product, scenario, index, deps));
  const landed = calculations.map((c) => (c.prohibited === false ? c.totals.dutyAndFees : null));
  const resolved = scenarios.map((_, index) => index).filter((index) => landed[index] !== null);
  resolved.sort((a, b) => new Decimal(landed[a] as string).comparedTo(landed[b] as string) || a - b);
  const order = [...resolved, ...scenarios.map((_, index) => index).filter((index) => landed[index] === null)];
  const ranking = order.map((index, position) => ({
    rank: position + 1,
    index,
    label: scenarios[index].label,
    landedDuty: landed[index],
    reason: landed[index] === null ? unrankedReason(calculations[index]) : null,
  }));
  return {
    scenarios: calculations.map((calculation, index) => ({
      index,
      label: scenarios[index].label,
      claims: scenarios[index].claims,
      calculation,
      landedDuty: landed[index],
      difference: differenceTo(calculations[0], calculation, landed[index], landed[0]),
      rank: order.indexOf(index) + 1,
    })),
    ranking,
    rulesVersion: deps.rules.version,
  };
}
