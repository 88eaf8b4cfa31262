import Decimal from 'decimal.js';
import { EntryDateBeforeReleasesError, HtsCodeNotInForceError, UnknownHtsCodeError } from '../errors';
import { formatHtsCode } from '../hts-code';
import type { HeldReleases, HtsLineSource } from '../hts-line-source';
import type { CompiledMeasure, TariffRules } from '../rules/tariff-rules';
import type { AdcvdCase } from '../rules/rule-set';
import { evaluateBaseDuty, type BaseDuty } from './base-duty';
import { validateDutyRequest, withClaim, type DutyInput, type ValidRequest } from './duty-request';
import {
  reportFamilies,
  type AdcvdAdvisory,
  type DutyCalculation,
  type DutyComponent,
  type ExemptionToConfirm,
  type PossibleExemption,
  type ProgramSummary,
  type UnresolvedItem,
} from './duty-result';
import { deMinimisOutcome, relieveAll } from './de-minimis';
import { harborMaintenanceFee, merchandiseProcessingFee } from './fees';
import { applyInteractions } from './interactions';
import { claimsUsedBy, evaluateMeasure, type EvaluatedMeasure } from './measure-evaluation';
import { fractionOfPercent, percentDecimal } from '../rate-text/percent';
import { centsText, isAboveZero, percentOf, toCents } from './money';

export interface DutyEngineDependencies {
  lines: HtsLineSource;
  /** The in-memory rule index (see ActiveTariffRules). */
  rules: TariffRules;
  /** Today's date (UTC, YYYY-MM-DD), the default entry date. */
  today: () => string;
}

function rateType(base: BaseDuty): DutyCalculation['base']['rateType'] {
  const kind = base.rate.kind;
  return kind === 'free' || kind === 'ad_valorem' || kind === 'specific' || kind === 'compound' ? kind : 'other';
}

/** Each component's amount (rounded to cents; zero when it has none), kept to add up without parsing the texts back. */
type Amounts = Map<DutyComponent, Decimal>;

const zero = new Decimal(0);

function withAmount(component: DutyComponent, amount: Decimal | null, amounts: Amounts): DutyComponent {
  amounts.set(component, amount ?? zero);
  return component;
}

function baseComponent(base: BaseDuty, declared: string, amounts: Amounts): DutyComponent {
  const amount = base.amount.status === 'resolved' ? toCents(base.amount.amount) : null;
  return withAmount(
    {
      id: 'mfn',
      family: 'base',
      program: base.column === 'column2' ? 'column_2' : base.column === 'special' ? 'special_rate' : 'mfn',
      programTitle: base.programTitle,
      heading: base.heading,
      description: `Base duty, ${base.column === 'column2' ? 'column 2' : base.column === 'special' ? `special rate (${base.specialProgram})` : 'column 1 general'}`,
      rateKind: 'base',
      rateText: base.rateText,
      ratePercent: base.rate.kind === 'ad_valorem' ? base.rate.term.percent : base.rate.kind === 'free' ? '0' : null,
      basis: 'full_value',
      basisValue: declared,
      amount: amount ? amount.toFixed(2) : null,
      status: base.amount.status === 'resolved' ? 'applies' : 'unresolved',
      ...(base.amount.status === 'unresolved' ? { reason: base.amount.reason } : {}),
      citations: base.citations,
      possibleExemptions: [],
    },
    amount,
    amounts,
  );
}

/** How long after the newest release held a date is still priced from it without a warning. */
const staleScheduleDays = 60;

export function daysAfter(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * A program that starts after the newest release we hold is not in any schedule of ours: its heading
 * and rate come from the measure's own sources, which the answer says.
 */
function laterThanSchedule(item: EvaluatedMeasure, held: HeldReleases | null): string[] | undefined {
  const { measure } = item;
  if (held === null || measure.effective_from <= held.newest.effectiveDate) return undefined;
  const source = measure.citations[0]?.ref ?? "the measure's citations";
  return [
    `This program starts on ${measure.effective_from}, after the newest HTS release we hold (${held.newest.name}, in force from ${held.newest.effectiveDate}): its heading and rate are read from ${source}, not from a release's Chapter 99.`,
  ];
}

/** Why an AD/CVD amount may not be the deposit owed: we hold no current cash-deposit rates. */
const adcvdRateCaveat =
  "The cash-deposit rate is from our seed rows, not from CBP's current AD/CVD instructions or Commerce's latest review results, which we do not hold: administrative reviews change the rate, so the deposit owed on the date may differ.";

function measureComponent(item: EvaluatedMeasure, amounts: Amounts, held: HeldReleases | null): DutyComponent {
  const { measure } = item;
  const caveats = laterThanSchedule(item, held);
  const amount = item.status === 'applies' && item.amount ? toCents(item.amount) : null;
  const met = measure.rate.kind === 'floor' && item.status === 'applies' && amount?.isZero();
  const rateText =
    measure.rate.kind === 'prohibition'
      ? 'prohibited'
      : measure.rate.kind === 'floor'
        ? `${measure.rate.percent}% total duty level`
        : `+${measure.rate.percent}%`;
  return withAmount(
    {
      id: measure.id,
      family: measure.family,
      program: measure.program,
      programTitle: measure.programTitle,
      heading: met && measure.heading_when_met ? measure.heading_when_met : measure.heading,
      description: measure.description,
      rateKind: measure.rate.kind,
      rateText,
      ratePercent: measure.rate.kind === 'prohibition' ? null : measure.rate.percent,
      basis: item.chargedOn ?? measure.basis,
      basisValue: item.basisValue ? item.basisValue.toFixed(2) : null,
      amount: amount ? amount.toFixed(2) : null,
      status: item.status,
      ...(item.reason ? { reason: item.reason } : {}),
      ...(item.suppressedBy ? { suppressedBy: item.suppressedBy } : {}),
      ...(item.reliefHeading ? { reliefHeading: item.reliefHeading } : {}),
      citations: measure.citations,
      possibleExemptions: item.possibleExemptions,
      ...(caveats ? { caveats } : {}),
    },
    amount,
    amounts,
  );
}

/**
 * How the line is found through a scope number the schedule no longer has, when none of the
 * numbers the scope lists as they are covers it; null when a listed number does.
 */
function renumberedMatch(order: AdcvdCase, code: string): string | null {
  if (!order.renumbered) return null;
  const targets = new Set(order.renumbered.flatMap((entry) => entry.followedTo));
  if (order.htsPrefixes.some((prefix) => !targets.has(prefix) && code.startsWith(prefix))) return null;
  const entry = order.renumbered.find((item) => item.followedTo.some((prefix) => code.startsWith(prefix)));
  if (!entry) return null;
  const to = entry.followedTo.map(formatHtsCode).join(', ');
  return entry.basis === 'renumbered'
    ? `the scope lists ${formatHtsCode(entry.listed)}, which ${entry.release} renumbered as ${to}`
    : `the scope lists ${formatHtsCode(entry.listed)}, a statistical number dropped before the oldest release we hold, matched by its subheading ${to}`;
}

function adcvdAdvisories(
  request: ValidRequest,
  rules: TariffRules,
  declared: string,
  amounts: Amounts,
): { advisories: AdcvdAdvisory[]; components: DutyComponent[] } {
  const advisories: AdcvdAdvisory[] = [];
  const components: DutyComponent[] = [];
  for (const order of rules.adcvdCases(request.code, request.country.code, request.entryDate)) {
    const live = order.rates.filter(
      (rate) =>
        rate.effectiveFrom <= request.entryDate &&
        (rate.effectiveTo === undefined || request.entryDate < rate.effectiveTo),
    );
    const own = request.exporter
      ? live.find((rate) => !rate.allOthers && rate.exporter.toLowerCase() === request.exporter?.toLowerCase())
      : undefined;
    // Without a named exporter (or one without its own rate) the all-others rate is the deposit.
    const allOthers = own ? undefined : live.find((rate) => rate.allOthers);
    const rate = own ?? allOthers;
    const amount = rate ? toCents(request.value.times(fractionOfPercent(rate.percent))) : null;
    const followed = renumberedMatch(order, request.code);
    const scope = `The written scope of the order governs; the HTS number is for convenience only (${order.scopeNote}${followed ? `; ${followed}` : ''}).`;
    const listed = order.listedIn ? ` Listed as in effect in Commerce's notice FR doc ${order.listedIn}.` : '';
    const basis = own
      ? `rate of ${rate?.exporter}`
      : request.exporter
        ? `all-others rate: no rate of its own for ${request.exporter}`
        : 'all-others rate, as no exporter is named (claim adcvd_exporter)';
    advisories.push({
      caseNumber: order.caseNumber,
      type: order.type,
      product: order.product,
      scopeNote: order.scopeNote,
      ratePercent: rate ? rate.percent : null,
      rateBasis: own ? 'exporter' : allOthers ? 'all_others' : null,
      amount: amount ? amount.toFixed(2) : null,
      message: rate
        ? `${order.type} order ${order.caseNumber} (${order.product}): ${rate.percent}% cash deposit (${basis}, FR doc ${rate.federalRegisterDocument}). ${scope}`
        : `Possible ${order.type} order ${order.caseNumber} (${order.product}) on products of ${request.country.name}: its scope lists ${followed ? 'the number this HTS number now stands for' : 'this HTS number'}. The cash-deposit rate depends on the exporter and is not in our data${request.exporter ? ` for ${request.exporter}` : ''}; the duty total leaves it out. ${scope}${listed}`,
    });
    if (rate && amount) {
      components.push(
        withAmount(
          {
            id: order.caseNumber,
            family: 'ad_cvd',
            program: order.type === 'AD' ? 'antidumping' : 'countervailing',
            programTitle: order.type === 'AD' ? 'Antidumping duty' : 'Countervailing duty',
            heading: null,
            description: `${order.type} order ${order.caseNumber}: ${order.product}`,
            rateKind: 'adcvd',
            rateText: `${rate.percent}%`,
            ratePercent: rate.percent,
            basis: 'full_value',
            basisValue: declared,
            amount: amount.toFixed(2),
            status: 'applies',
            citations: [
              { type: 'federal_register', ref: `FR doc ${rate.federalRegisterDocument}` },
              ...rules.ruleSet.adcvdCitations,
            ],
            possibleExemptions: [],
            caveats: [adcvdRateCaveat],
          },
          amount,
          amounts,
        ),
      );
    }
  }
  return { advisories, components };
}

/** A running sum that starts with its first term (no decimal is made for adding to 0). */
const plus = (sum: Decimal | null, term: Decimal): Decimal => (sum === null ? term : sum.plus(term));

/** A program with no measure on the line: nothing to add up (one shared, frozen summary per family). */
const absent = new Map(
  reportFamilies.map((family) => [
    family,
    Object.freeze({
      family,
      applies: false,
      amount: '0.00',
      ratePercent: '0',
      headings: Object.freeze([]) as unknown as string[],
    }),
  ]),
);

/**
 * The family's rate as the measures state it (their percents added up) when every amount it owes is
 * an ad valorem percent of the full value; rounding each line to cents must not show as 49.9997%.
 * Null when an amount rests on something else (a specific rate, metal content, a total-duty level).
 */
function nominalRate(own: DutyComponent[], amounts: Amounts): string | null {
  let sum: Decimal | null = null;
  for (const component of own) {
    if (component.status !== 'applies' || (amounts.get(component) as Decimal).isZero()) continue;
    const adValorem =
      component.rateKind === 'additive' ||
      component.rateKind === 'adcvd' ||
      (component.rateKind === 'base' && component.ratePercent !== null);
    if (!adValorem || component.basis !== 'full_value' || component.ratePercent === null) return null;
    sum = plus(sum, percentDecimal(component.ratePercent));
  }
  return (sum ?? zero).toString();
}

function summarize(components: DutyComponent[], amounts: Amounts, value: Decimal): ProgramSummary[] {
  return reportFamilies.map((family) => {
    // A line has a handful of components: a scan per family costs less than grouping them in a map.
    let own: DutyComponent[] | undefined;
    for (const component of components) if (component.family === family) (own ??= []).push(component);
    if (!own) return absent.get(family) as ProgramSummary;
    let sum: Decimal | null = null;
    let owes = false;
    let unresolved = false;
    const headings: string[] = [];
    for (const component of own) {
      if (component.status === 'unresolved') unresolved = true;
      if (component.status !== 'applies') continue;
      const amount = amounts.get(component) as Decimal;
      sum = plus(sum, amount);
      owes ||= family === 'base' || isAboveZero(amount);
      if (component.heading !== null && !headings.includes(component.heading)) headings.push(component.heading);
    }
    const amount = unresolved ? null : (sum ?? zero);
    return {
      family,
      applies: owes || (unresolved && family !== 'base'),
      amount: amount ? amount.toFixed(2) : null,
      ratePercent: amount ? (nominalRate(own, amounts) ?? percentOf(amount, value)) : null,
      headings,
    };
  });
}

/**
 * Computes the US duty stack for one entry line on its entry date: base duty, every measure in force
 * (applying or suppressed, with the reason), AD/CVD advisories, fees and totals. Money is exact;
 * each line is rounded half-up to cents and totals add the rounded lines. Anything the request does
 * not let us decide is listed in `unresolved` and makes the totals null — never a silent zero.
 */
export async function calculateDuty(input: DutyInput, dependencies: DutyEngineDependencies): Promise<DutyCalculation> {
  const request = validateDutyRequest(input, dependencies.today);
  const result = await calculateStack(request, dependencies);
  result.possibleExemptions = await withClaimTotals(request, result, dependencies);
  return result;
}

/**
 * Each exemption the line could reach with a claim it does not make, with the duty total the claim
 * would give (the same calculation with the claim added).
 */
async function withClaimTotals(
  request: ValidRequest,
  result: DutyCalculation,
  dependencies: DutyEngineDependencies,
): Promise<PossibleExemption[]> {
  if (!reachesClaim(result.components)) return [];
  const found: PossibleExemption[] = [];
  for (const component of result.components) {
    for (const note of component.possibleExemptions) {
      const claim = note.claim;
      if (!claim || found.some((known) => known.claim.code === claim.code && known.heading === (note.heading ?? null)))
        continue;
      const claimed = withClaim(request, {
        code: claim.code,
        value: null,
        text: claim.text ?? null,
        date: claim.date ?? null,
      });
      const total = (await calculateStack(claimed, dependencies)).totals.duty;
      found.push({
        claim,
        heading: note.heading ?? null,
        description: note.text,
        component: component.id,
        totalDuty: total,
      });
    }
  }
  return found;
}

/**
 * The annex exemptions the line is listed for that no catalogue claim reaches yet (an end use, a named
 * product): charged as computed, each named with its heading so the importer can confirm it.
 */
function exemptionsToConfirm(components: DutyComponent[]): ExemptionToConfirm[] {
  const found: ExemptionToConfirm[] = [];
  for (const component of components) {
    if (component.status === 'suppressed') continue;
    for (const note of component.possibleExemptions) {
      const heading = note.heading ?? null;
      if (note.listed && !found.some((known) => known.heading === heading && known.component === component.id))
        found.push({ heading, description: note.text, component: component.id });
    }
  }
  return found;
}

/** Whether some component names an exemption a claim would reach (most lines have none). */
function reachesClaim(components: DutyComponent[]): boolean {
  for (const component of components) for (const note of component.possibleExemptions) if (note.claim) return true;
  return false;
}

/** Claims no measure on the line (and no AD/CVD order for its origin) can use: warned about, never applied. */
function unfitClaims(
  request: ValidRequest,
  candidates: CompiledMeasure[],
  rules: TariffRules,
  adcvdFound: boolean,
): string[] {
  const used = new Set(candidates.flatMap((candidate) => claimsUsedBy(candidate, request, rules)));
  used.add('special_program');
  used.add('de_minimis'); // its own warning says why it was refused
  if (adcvdFound) used.add('adcvd_exporter');
  return [...request.claims.keys()]
    .filter((code) => !used.has(code))
    .map(
      (code) =>
        `The claim ${code} does not fit this line (no measure on ${request.code} for this origin and date uses it); it was not applied.`,
    );
}

async function calculateStack(request: ValidRequest, dependencies: DutyEngineDependencies): Promise<DutyCalculation> {
  const { rules } = dependencies;
  const lookup = await dependencies.lines.lineInForce(request.code, request.entryDate);
  if (lookup.status === 'unknown') throw new UnknownHtsCodeError(formatHtsCode(request.code));
  const held = await dependencies.lines.heldReleases();
  if (lookup.status === 'not_in_force') {
    // Before the oldest release the date, not the code, is what no schedule of ours covers.
    if (held !== null && request.entryDate < held.oldest.effectiveDate)
      throw new EntryDateBeforeReleasesError(request.entryDate, held.oldest);
    throw new HtsCodeNotInForceError(lookup.reason);
  }
  const { line } = lookup;

  const base = evaluateBaseDuty(line, request, rules);
  const candidates = rules.candidates({
    code: request.code,
    country: request.country.code,
    entryDate: request.entryDate,
    arrivalDate: request.arrivalDate,
  });
  const evaluated: EvaluatedMeasure[] = [];
  for (const candidate of candidates) {
    const item = evaluateMeasure(candidate, request, rules, base.amount);
    if (item) evaluated.push(item);
  }
  applyInteractions(evaluated, request.entryDate);

  const declared = request.value.toFixed(2);
  const amounts: Amounts = new Map();
  const adcvd = adcvdAdvisories(request, rules, declared, amounts);
  const components = [baseComponent(base, declared, amounts)];
  for (const item of evaluated) components.push(measureComponent(item, amounts, held));
  for (const component of adcvd.components) components.push(component);
  const deMinimis = deMinimisOutcome(request, rules);
  if (deMinimis.kind === 'relieved') relieveAll(components, deMinimis.reason);
  const unresolved: UnresolvedItem[] = [];
  let banned = false;
  // Null while a ban that may cover the article is unresolved: neither "prohibited" nor "allowed" is known.
  let banUnresolved = false;
  for (const component of components) {
    if (component.status === 'prohibited') banned = true;
    if (component.status !== 'unresolved') continue;
    unresolved.push({ component: component.id, reason: component.reason ?? 'unresolved' });
    if (component.rateKind === 'prohibition') banUnresolved = true;
  }
  const componentUnresolved = unresolved.length > 0;
  const prohibited = banned ? true : banUnresolved ? null : false;

  const { line: mpf, due: mpfDue } = merchandiseProcessingFee(rules.fees, request);
  const { line: hmf, due: hmfDue } = harborMaintenanceFee(rules.fees, request);
  if (mpf.status === 'unresolved') unresolved.push({ component: 'fees.mpf', reason: mpf.reason ?? 'unresolved' });
  if (hmf.status === 'unresolved') unresolved.push({ component: 'fees.hmf', reason: hmf.reason ?? 'unresolved' });
  const feesTotal = mpf.status === 'unresolved' || hmf.status === 'unresolved' ? null : plus(mpfDue, hmfDue ?? zero);
  let applying: Decimal | null = null;
  for (const component of components)
    if (component.status === 'applies') applying = plus(applying, amounts.get(component) as Decimal);
  const dutyTotal = prohibited !== false || componentUnresolved ? null : (applying ?? zero);
  const feesText = feesTotal ? centsText(feesTotal) : null;

  // The base duty's warnings are its own array, made for this calculation: the others join it.
  const warnings = base.warnings;
  if (held !== null && request.entryDate > daysAfter(held.newest.effectiveDate, staleScheduleDays))
    warnings.push(
      `The entry date is more than ${staleScheduleDays} days after ${held.newest.name} (in force from ${held.newest.effectiveDate}), the newest HTS release we hold: it was priced on that release, and a later release may have changed the line's rates or the Chapter 99 headings.`,
    );
  if (prohibited)
    warnings.push('Importation of this article is prohibited on the date given; no duty total is computed.');
  if (request.arrivalDefaulted && evaluated.some((item) => item.measure.date_basis === 'arrival')) {
    warnings.push('A measure here is keyed to the date of arrival; the entry date was used as the arrival date.');
  }
  for (const advisory of adcvd.advisories) if (advisory.amount === null) warnings.push(advisory.message);
  if (deMinimis.kind === 'refused') warnings.push(deMinimis.warning);
  if (request.claims.size > 0) warnings.push(...unfitClaims(request, candidates, rules, adcvd.advisories.length > 0));

  return {
    hts: {
      code: line.code,
      dotted: formatHtsCode(line.code),
      description: line.description,
      descriptionPath: line.descriptionPath,
      units: line.units,
      rateLineCode: line.rateLineCode,
    },
    country: request.country,
    declaredValue: declared,
    entryDate: request.entryDate,
    arrivalDate: request.arrivalDate,
    mode: request.mode,
    base: {
      column: base.column,
      specialProgram: base.specialProgram,
      rateText: base.rateText,
      rateType: rateType(base),
      adValoremPercent:
        base.rate.kind === 'ad_valorem'
          ? base.rate.term.percent
          : base.amount.status === 'resolved'
            ? percentOf(base.amount.amount, request.value)
            : null,
    },
    components,
    programs: summarize(components, amounts, request.value),
    adcvd: adcvd.advisories,
    unresolved,
    fees: { mpf, hmf, total: feesText },
    totals: {
      duty: dutyTotal ? dutyTotal.toFixed(2) : null,
      dutyRatePercent: dutyTotal ? percentOf(dutyTotal, request.value) : null,
      fees: feesText,
      dutyAndFees: dutyTotal && feesTotal ? dutyTotal.plus(feesTotal).toFixed(2) : null,
    },
    prohibited,
    possibleExemptions: [],
    exemptionsToConfirm: exemptionsToConfirm(components),
    warnings,
    htsRelease: line.release,
    rulesVersion: rules.version,
  };
}
