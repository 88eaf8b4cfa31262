import type { components } from '../../generated/api';
import type {
  DutyCalculation,
  DutyComponent,
  DutySimulation,
  ProgramSummary,
  ReportFamily,
  StoredCalculation,
} from '../../domain/tariff';

type Schemas = components['schemas'];

/** Money and percentages are exact decimal strings in the domain; the seed's forms carry JSON numbers. */
export const num = (value: string | null): number | null => (value === null ? null : Number(value));

export function toStackComponent(component: DutyComponent): Schemas['DutyStackComponent'] {
  return {
    id: component.id,
    family: component.family,
    program: component.programTitle,
    heading: component.heading,
    description: component.description,
    rate_text: component.rateText,
    rate_percent: num(component.ratePercent),
    basis: component.basis,
    amount: num(component.amount),
    status: component.status,
    ...(component.reason ? { reason: component.reason } : {}),
    citations: component.citations.map((c) => ({ type: c.type, ref: c.ref, ...(c.note ? { note: c.note } : {}) })),
    ...(component.caveats ? { caveats: component.caveats } : {}),
  };
}

function feeLine(fee: DutyCalculation['fees']['mpf']): Schemas['FeeLine'] {
  return {
    status: fee.status,
    rate: Number(fee.ratePercent),
    amount: num(fee.amount),
    ...(fee.reason ? { reason: fee.reason } : {}),
  };
}

type Provenance = Pick<
  Schemas['TariffCalculation'],
  | 'components'
  | 'unresolved'
  | 'fees'
  | 'hts_release'
  | 'rules_version'
  | 'entry_date'
  | 'prohibited'
  | 'possible_exemptions'
  | 'exemptions_to_confirm'
>;

/**
 * What both forms add to the seed's shapes: the whole stack, what is unresolved, fees, provenance.
 * Written into the form's own object, after its keys (the same order as a spread, without the copy).
 */
function withProvenance<Form extends object>(form: Form, result: DutyCalculation): Form & Provenance {
  const target = form as Form & Provenance;
  target.components = result.components.map(toStackComponent);
  target.unresolved = result.unresolved.map((u) => ({ component: u.component, reason: u.reason }));
  target.fees = { mpf: feeLine(result.fees.mpf), hmf: feeLine(result.fees.hmf), total: num(result.fees.total) };
  target.hts_release = { id: result.htsRelease.id, name: result.htsRelease.name };
  target.rules_version = result.rulesVersion;
  target.entry_date = result.entryDate;
  target.prohibited = result.prohibited;
  target.possible_exemptions = result.possibleExemptions.map((p) => ({
    claim: {
      code: p.claim.code as Schemas['TariffClaim']['code'],
      ...(p.claim.text ? { text: p.claim.text } : {}),
      ...(p.claim.date ? { date: p.claim.date } : {}),
    },
    heading: p.heading,
    description: p.description,
    component: p.component,
    total_duty: num(p.totalDuty),
  }));
  target.exemptions_to_confirm = (result.exemptionsToConfirm ?? []).map((e) => ({
    heading: e.heading,
    description: e.description,
    component: e.component,
  }));
  return target;
}

const programOf = (result: DutyCalculation, family: ReportFamily): ProgramSummary | undefined =>
  result.programs.find((p) => p.family === family);

/** A form A rate key: `amount` only when the program applies (null when it applies unresolved). */
function rateKey(program: ProgramSummary | undefined): Schemas['DutyComponent'] {
  if (!program || !program.applies) return { rate: 0, applies: false };
  return { rate: num(program.ratePercent), applies: true, amount: num(program.amount) };
}

/** The families form A lists only when they apply (the seed's shape has no key for them). */
const occasionalFamilies = ['section_122', 'section_201', 'section_338'] as const;

export function toFormA(
  result: DutyCalculation,
  echoedCode: string,
  remaining: number,
): Schemas['TariffCalculationFormA'] {
  const base = result.components.find((c) => c.family === 'base');
  const rates: Schemas['TariffCalculation']['rates'] = {
    base_duty: {
      rate: num(result.base.adValoremPercent),
      rate_type: result.base.rateType,
      rate_text: result.base.rateText,
      amount: num(base?.amount ?? null),
    },
    ieepa: rateKey(programOf(result, 'ieepa')),
    section_301: rateKey(programOf(result, 'section_301')),
    section_232: rateKey(programOf(result, 'section_232')),
    reciprocal: rateKey(programOf(result, 'ieepa_reciprocal')),
    ad_cvd: rateKey(programOf(result, 'ad_cvd')),
  };
  for (const family of occasionalFamilies) {
    const program = programOf(result, family);
    if (program?.applies) rates[family] = rateKey(program);
  }
  const form = {
    hts_code: echoedCode,
    description: result.hts.description,
    country: { code: result.country.code, name: result.country.name, flag: result.country.flag },
    declared_value: Number(result.declaredValue),
    rates,
    total_duty_rate: num(result.totals.dutyRatePercent),
    total_duty_amount: num(result.totals.duty),
    warnings: result.warnings,
    source: 'usitc_hts' as const,
  };
  return { result: withProvenance(form, result), remaining };
}

const breakdownType: Record<ReportFamily, Schemas['TariffBreakdownEntry']['type']> = {
  base: 'MFN',
  ieepa: 'IEEPA',
  ieepa_reciprocal: 'Reciprocal',
  section_122: 'Section 122',
  section_201: 'Section 201',
  section_301: 'Section 301',
  section_232: 'Section 232',
  section_338: 'Section 338',
  ad_cvd: 'AD/CVD',
};

export function toFormB(result: DutyCalculation, echoedCode: string): Schemas['TariffCalculationFormB'] {
  const form = {
    hts_code: echoedCode,
    description: result.hts.description,
    country: result.country.name,
    base_duty_rate: result.base.rateText,
    total_tariff_rate: num(result.totals.dutyRatePercent),
    total_duty: num(result.totals.duty),
    // MFN is always listed, with a null rate while the base is unresolved.
    tariff_breakdown: result.programs
      .filter((p) => p.applies || p.family === 'base')
      .map((p) => ({ type: breakdownType[p.family], rate: num(p.ratePercent) })),
    warnings: result.warnings,
  };
  return withProvenance(form, result);
}

export function toTariffSimulation(simulation: DutySimulation, echoedCode: string): Schemas['TariffSimulation'] {
  return {
    hts_code: echoedCode,
    declared_value: Number(simulation.scenarios[0].calculation.declaredValue),
    scenarios: simulation.scenarios.map((scenario) => ({
      index: scenario.index,
      label: scenario.label,
      claims: scenario.claims.map((claim) => ({
        ...claim,
        value: claim.value?.toNumber(),
      })) as Schemas['TariffClaim'][],
      rank: scenario.rank,
      landed_duty: num(scenario.landedDuty),
      difference: {
        programs: scenario.difference.programs.map((p) => ({ family: p.family, amount: num(p.amount) })),
        total_duty: num(scenario.difference.duty),
        landed_duty: num(scenario.difference.landedDuty),
      },
      result: toFormA(scenario.calculation, echoedCode, 0).result,
    })),
    ranking: simulation.ranking.map((r) => ({
      rank: r.rank,
      index: r.index,
      label: r.label,
      landed_duty: num(r.landedDuty),
      reason: r.reason,
    })),
    rules_version: simulation.rulesVersion,
  };
}

export function toStoredCalculation(stored: StoredCalculation): Schemas['StoredTariffCalculation'] {
  return {
    id: stored.id,
    object: 'tariff_calculation',
    livemode: stored.livemode,
    created_at: new Date(stored.createdAt).toISOString(),
    request: stored.request,
    result: toFormA(stored.calculation, String(stored.request.hts_code), 0).result,
  };
}
