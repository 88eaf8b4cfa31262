import Decimal from 'decimal.js';
import type { RateAmount } from '../rate-text/rate-amount';
import type { CompiledMeasure, TariffRules } from '../rules/tariff-rules';
import type { LoadedMeasure } from '../rules/rule-set';
import { metalContentClaims } from '../claims/claim-catalogue';
import { isAboveZero } from './money';
import type { ClaimInput, ValidRequest } from './duty-request';

/** An exemption the request could reach: the claim that would reach it, when one would. */
export interface PossibleExemptionNote {
  heading?: string;
  text: string;
  claim?: ClaimInput;
}

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
  possibleExemptions: PossibleExemptionNote[];
  /**
   * Whether the article is "subject to" the measure (owes more than 0) even when the amount is
   * unresolved: true when only the value basis is missing, unknown when applicability itself is.
   */
  subjectTo: boolean | 'unknown';
}

const zero = new Decimal(0);

const inWindow = (date: string, from?: string, to?: string) => (from === undefined || date >= from) && (to === undefined || date < to);

/** The value the rate is charged on: the full value, the claimed content of the measure's metal, or the non-U.S. share. */
function basisValueOf(measure: LoadedMeasure, request: ValidRequest): Decimal | null {
  if (measure.basis === 'metal_content') {
    return (measure.metal && request.claims.get(metalContentClaims[measure.metal])?.value) || request.metalContentValue;
  }
  if (measure.basis === 'non_us_content') {
    const usShare = request.claims.get('us_content_share')?.value;
    return usShare ? request.value.times(new Decimal(100).minus(usShare)).dividedBy(100) : null;
  }
  return request.value;
}

/**
 * The claim codes a measure can use on this line: its exemptions that cover the line, origin and date,
 * its confirmations for the line, its conditions and its value basis. A claim no measure on the line
 * can use does not fit the line.
 */
export function claimsUsedBy(compiled: CompiledMeasure, request: ValidRequest, rules: TariffRules): string[] {
  const { measure } = compiled;
  const date = request.entryDate;
  const exemptions = compiled.exemptions.filter(
    (exemption) =>
      inWindow(date, exemption.from, exemption.to) &&
      rules.groups.inScope(exemption.countries, request.country.code, date) &&
      (!exemption.productsMatcher || exemption.productsMatcher.matches(request.code, date)),
  );
  return [
    ...exemptions.flatMap((exemption) => [
      ...(exemption.requires?.claim ? [exemption.requires.claim] : []),
      ...(exemption.requires?.special_program ? ['special_program'] : []),
      ...(exemption.requires?.pharmaceutical ? [`pharmaceutical_${exemption.requires.pharmaceutical}`] : []),
    ]),
    ...measure.conditions.flatMap((condition) =>
      condition.kind === 'special_program_claimed' ? ['special_program'] : condition.kind === 'pharmaceutical' ? ['pharmaceutical_patented', 'pharmaceutical_generic'] : [],
    ),
    ...compiled.confirmations.filter((confirmation) => confirmation.productsMatcher.matches(request.code, date)).map((confirmation) => confirmation.claim),
    ...(measure.metal ? [metalContentClaims[measure.metal]] : []),
    ...(measure.basis === 'non_us_content' ? ['us_content_share'] : []),
  ];
}

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
  const possibleExemptions: PossibleExemptionNote[] = [...measure.possible_exemptions];
  const positive = fraction === null || isAboveZero(fraction);
  const result = (fields: Omit<EvaluatedMeasure, 'measure' | 'possibleExemptions' | 'subjectTo'> & { subjectTo?: boolean | 'unknown' }): EvaluatedMeasure => ({
    measure,
    possibleExemptions,
    subjectTo: fields.subjectTo ?? (fields.status === 'unresolved' ? 'unknown' : fields.status !== 'suppressed' && (fields.amount === null ? positive : isAboveZero(fields.amount))),
    ...fields,
  });

  for (const condition of measure.conditions) {
    if (condition.kind === 'special_program_claimed' && !(request.specialProgram && condition.programs.includes(request.specialProgram))) return null;
    if (condition.kind === 'pharmaceutical' && request.pharmaceutical !== null && request.pharmaceutical !== condition.status) return null;
  }

  for (const confirmation of compiled.confirmations) {
    if (confirmation.productsMatcher.matches(request.code, date) && !request.claims.has(confirmation.claim)) {
      return result({ status: 'suppressed', amount: null, basisValue: null, reason: `${confirmation.reason}: not charged without the claim ${confirmation.claim}` });
    }
  }

  for (const exemption of compiled.exemptions) {
    if (!inWindow(date, exemption.from, exemption.to)) continue;
    if (!rules.groups.inScope(exemption.countries, country, date)) continue;
    if (exemption.productsMatcher && !exemption.productsMatcher.matches(request.code, date)) continue;
    const needs = exemption.requires;
    const programMet = !needs?.special_program || (request.specialProgram !== null && needs.special_program.includes(request.specialProgram));
    const pharmaMet = !needs?.pharmaceutical || request.pharmaceutical === needs.pharmaceutical;
    const claimMet = !needs?.claim || request.claims.has(needs.claim);
    if (programMet && pharmaMet && claimMet) {
      return result({
        status: 'suppressed',
        amount: null,
        basisValue: null,
        reason: `exempt: ${exemption.description}${exemption.heading ? ` (${exemption.heading})` : ''}`,
        ...(exemption.heading ? { reliefHeading: exemption.heading } : {}),
      });
    }
    const claim: ClaimInput = !programMet
      ? { code: 'special_program', text: needs?.special_program?.[0] }
      : !pharmaMet
        ? { code: `pharmaceutical_${needs?.pharmaceutical}` }
        : { code: needs?.claim as string, text: `claimed ${exemption.heading ?? 'exemption'}` };
    const named = claim.code === 'special_program' ? `special program ${needs?.special_program?.join(' or ')}` : claim.code;
    possibleExemptions.push({ ...(exemption.heading ? { heading: exemption.heading } : {}), text: `${exemption.description}: exempt with the claim ${named}`, claim });
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
  const basisValue = basisValueOf(measure, request);
  if (basisValue === null) {
    const needed =
      measure.basis === 'metal_content'
        ? `the certified ${measure.metal} content value (claim ${metalContentClaims[measure.metal ?? 'steel']})`
        : 'the value of the non-U.S. content (claim us_content_share)';
    return result({ status: 'unresolved', amount: null, basisValue: null, reason: `the duty is on ${needed}`, subjectTo: positive });
  }
  if (measure.rate.kind === 'additive') return result({ status: 'applies', amount: basisValue.times(fraction), basisValue });
  if (baseAmount.status !== 'resolved') {
    return result({ status: 'unresolved', amount: null, basisValue, reason: `a total duty level needs the base duty, which is unresolved (${baseAmount.reason})` });
  }
  const above = basisValue.times(fraction).minus(baseAmount.amount);
  const topUp = isAboveZero(above) ? above : zero;
  return result({ status: 'applies', amount: topUp, basisValue });
}
