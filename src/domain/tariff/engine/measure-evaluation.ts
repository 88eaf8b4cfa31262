import Decimal from 'decimal.js';
import type { RateAmount } from '../rate-text/rate-amount';
import type { CompiledMeasure, TariffRules } from '../rules/tariff-rules';
import type { LoadedMeasure } from '../rules/rule-set';
import type { ValidRequest } from './duty-request';

/** A candidate measure after its exemptions, conditions and amount are decided (before interactions). */
export interface EvaluatedMeasure {
  measure: LoadedMeasure;
  status: 'applies' | 'suppressed' | 'unresolved' | 'prohibited';
  /** Unrounded USD amount when it applies and is known. */
  amount: Decimal | null;
  basisValue: Decimal | null;
  reason?: string;
  reliefHeading?: string;
  suppressedBy?: string[];
  possibleExemptions: Array<{ heading?: string; text: string }>;
  /**
   * Whether the article is "subject to" the measure (owes more than 0) even when the amount is
   * unresolved: true when only the value basis is missing, unknown when applicability itself is.
   */
  subjectTo: boolean | 'unknown';
}

const inWindow = (date: string, from?: string, to?: string) => (from === undefined || date >= from) && (to === undefined || date < to);

/**
 * Decides one candidate: a matching exemption suppresses it; an unmet claim condition drops it (null);
 * a missing claim or an unconfirmed scope leaves it unresolved; otherwise its amount is computed.
 */
export function evaluateMeasure(
  compiled: CompiledMeasure,
  request: ValidRequest,
  rules: TariffRules,
  baseAmount: RateAmount,
): EvaluatedMeasure | null {
  const { measure, fraction } = compiled;
  const country = request.country.code;
  const date = request.entryDate;
  const possibleExemptions = [...measure.possible_exemptions];
  const positive = fraction === null || fraction.greaterThan(0);
  const result = (fields: Omit<EvaluatedMeasure, 'measure' | 'possibleExemptions' | 'subjectTo'> & { subjectTo?: boolean | 'unknown' }): EvaluatedMeasure => ({
    measure,
    possibleExemptions,
    subjectTo: fields.subjectTo ?? (fields.status === 'unresolved' ? 'unknown' : fields.status !== 'suppressed' && (fields.amount === null ? positive : fields.amount.greaterThan(0))),
    ...fields,
  });

  for (const condition of measure.conditions) {
    if (condition.kind === 'special_program_claimed' && !(request.specialProgram && condition.programs.includes(request.specialProgram))) return null;
    if (condition.kind === 'pharmaceutical' && request.pharmaceutical !== null && request.pharmaceutical !== condition.status) return null;
  }

  for (const exemption of compiled.exemptions) {
    if (!inWindow(date, exemption.from, exemption.to)) continue;
    if (!rules.groups.inScope(exemption.countries, country, date)) continue;
    if (exemption.productsMatcher && !exemption.productsMatcher.matches(request.code, date)) continue;
    const needs = exemption.requires;
    const programMet = !needs?.special_program || (request.specialProgram !== null && needs.special_program.includes(request.specialProgram));
    const pharmaMet = !needs?.pharmaceutical || request.pharmaceutical === needs.pharmaceutical;
    if (programMet && pharmaMet) {
      return result({
        status: 'suppressed',
        amount: null,
        basisValue: null,
        reason: `exempt: ${exemption.description}${exemption.heading ? ` (${exemption.heading})` : ''}`,
        ...(exemption.heading ? { reliefHeading: exemption.heading } : {}),
      });
    }
    const claim = !programMet ? `a claim of special program ${needs?.special_program?.join(' or ')}` : `claims.pharmaceutical = ${needs?.pharmaceutical}`;
    possibleExemptions.push({ ...(exemption.heading ? { heading: exemption.heading } : {}), text: `${exemption.description}: exempt with ${claim}` });
  }

  for (const condition of measure.conditions) {
    if (condition.kind === 'pharmaceutical' && request.pharmaceutical === null) {
      return result({ status: 'unresolved', amount: null, basisValue: null, reason: `applies only to ${condition.status} pharmaceuticals: claims.pharmaceutical (patented or generic) is needed` });
    }
    if (condition.kind === 'scope_unconfirmed') return result({ status: 'unresolved', amount: null, basisValue: null, reason: condition.reason });
  }

  if (fraction === null) {
    return result({ status: 'prohibited', amount: null, basisValue: null, reason: `importation prohibited: ${measure.description}` });
  }
  let basisValue: Decimal | null = request.value;
  if (measure.basis === 'metal_content') basisValue = request.metalContentValue;
  if (measure.basis === 'non_us_content') basisValue = null;
  if (basisValue === null) {
    const needed = measure.basis === 'metal_content' ? 'the certified metal content value (claims.metal_content_value)' : 'the value of the non-U.S. content, which the request does not take';
    return result({ status: 'unresolved', amount: null, basisValue: null, reason: `the duty is on ${needed}`, subjectTo: positive });
  }
  if (measure.rate.kind === 'additive') return result({ status: 'applies', amount: basisValue.times(fraction), basisValue });
  if (baseAmount.status !== 'resolved') {
    return result({ status: 'unresolved', amount: null, basisValue, reason: `a total duty level needs the base duty, which is unresolved (${baseAmount.reason})` });
  }
  const topUp = Decimal.max(0, basisValue.times(fraction).minus(baseAmount.amount));
  return result({ status: 'applies', amount: topUp, basisValue });
}
