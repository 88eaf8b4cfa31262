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
  /** The line is on the annex list of an exemption no catalogue claim can reach yet: to confirm, never applied. */
  listed?: true;
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
  /**
   * A basis other than the measure's own: the non-U.S. content under a U.S. content relief, or the
   * value other than a metal content that an interaction leaves it (see interactions).
   */
  chargedOn?: 'non_metal_content' | 'non_us_content';
  /**
   * The metal content the measure splits off (splits_content): its basis value for a metal_content
   * measure (null while not claimed), the claimed content for a full-value one, undefined without a split.
   */
  splitContent?: Decimal | null;
  /**
   * The amount the measure would owe on another basis value (a part of the full value); null when
   * it cannot be charged by value (a prohibition, or a total-duty level whose base is unresolved).
   */
  amountOn: (basisValue: Decimal) => Decimal | null;
}

const inWindow = (date: string, from?: string, to?: string) =>
  (from === undefined || date >= from) && (to === undefined || date < to);

/** Whether the goods are claimed as loaded (in transit) before the date. */
function loadedBefore(request: ValidRequest, date: string): boolean {
  const loaded = request.claims.get('loaded_in_transit')?.date;
  return loaded !== null && loaded !== undefined && loaded < date;
}

/** The day before a YYYY-MM-DD date: the latest loading date a relief for goods loaded before it accepts. */
function dayBefore(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

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

/** The metal content the measure splits off: see EvaluatedMeasure.splitContent. */
function splitContentOf(measure: LoadedMeasure, request: ValidRequest, basisValue: Decimal | null) {
  if (!measure.splits_content) return undefined;
  if (measure.basis === 'metal_content') return basisValue;
  return (
    request.claims.get(metalContentClaims[measure.splits_content])?.value ?? request.metalContentValue ?? undefined
  );
}

/** The claimed U.S. content share when it reaches the measure's U.S. content relief (9903.01.34), else null. */
function usContentRelief(measure: LoadedMeasure, request: ValidRequest): Decimal | null {
  const share = request.claims.get('us_content_share')?.value;
  return measure.us_content_relief && share && share.greaterThanOrEqualTo(measure.us_content_relief.min_share)
    ? share
    : null;
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
      // A loading date on or after the relief's date does not fit it.
      ...(exemption.requires?.claim &&
      (!exemption.requires.loaded_before || loadedBefore(request, exemption.requires.loaded_before))
        ? [exemption.requires.claim]
        : []),
      ...(exemption.requires?.special_program ? ['special_program'] : []),
      ...(exemption.requires?.pharmaceutical ? [`pharmaceutical_${exemption.requires.pharmaceutical}`] : []),
    ]),
    ...measure.conditions.flatMap((condition) =>
      condition.kind === 'special_program_claimed'
        ? ['special_program']
        : condition.kind === 'pharmaceutical'
          ? ['pharmaceutical_patented', 'pharmaceutical_generic']
          : condition.kind === 'loaded_before' && loadedBefore(request, condition.date)
            ? ['loaded_in_transit']
            : condition.kind === 'tariff_rate_quota'
              ? ['within_quota', 'over_quota']
              : condition.kind === 'claimed'
                ? [condition.claim]
                : [],
    ),
    ...compiled.confirmations
      .filter((confirmation) => confirmation.productsMatcher.matches(request.code, date))
      .map((confirmation) => confirmation.claim),
    ...(measure.metal ? [metalContentClaims[measure.metal]] : []),
    ...(measure.splits_content ? [metalContentClaims[measure.splits_content]] : []),
    ...(measure.basis === 'non_us_content' || usContentRelief(measure, request) ? ['us_content_share'] : []),
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
  const possibleExemptions: PossibleExemptionNote[] = compiled.possibleExemptions
    .filter(
      (possible) =>
        rules.groups.inScope(possible.countries, country, date) &&
        (!possible.productsMatcher || possible.productsMatcher.matches(request.code, date)),
    )
    .map((possible) => (possible.productsMatcher ? { ...possible.note, listed: true } : possible.note));
  const positive = fraction === null || isAboveZero(fraction);
  const amountOn = (basisValue: Decimal): Decimal | null => {
    if (fraction === null) return null;
    if (measure.rate.kind === 'additive') return basisValue.times(fraction);
    if (baseAmount.status !== 'resolved') return null;
    // A total-duty level on a part of the value counts the base duty on that part only.
    const baseShare = baseAmount.amount.times(basisValue).dividedBy(request.value);
    return Decimal.max(0, basisValue.times(fraction).minus(baseShare));
  };
  const result = (
    fields: Omit<EvaluatedMeasure, 'measure' | 'possibleExemptions' | 'subjectTo' | 'amountOn'> & {
      subjectTo?: boolean | 'unknown';
    },
  ): EvaluatedMeasure => ({
    measure,
    possibleExemptions,
    amountOn,
    splitContent: splitContentOf(measure, request, fields.basisValue),
    subjectTo:
      fields.subjectTo ??
      (fields.status === 'unresolved'
        ? 'unknown'
        : fields.status !== 'suppressed' && (fields.amount === null ? positive : isAboveZero(fields.amount))),
    ...fields,
  });

  for (const condition of measure.conditions) {
    if (
      condition.kind === 'special_program_claimed' &&
      !(request.specialProgram && condition.programs.includes(request.specialProgram))
    )
      return null;
    if (
      condition.kind === 'pharmaceutical' &&
      request.pharmaceutical !== null &&
      request.pharmaceutical !== condition.status
    )
      return null;
    if (condition.kind === 'loaded_before' && !loadedBefore(request, condition.date)) return null;
    if (condition.kind === 'claimed' && !request.claims.has(condition.claim)) return null;
  }

  for (const confirmation of compiled.confirmations) {
    if (confirmation.productsMatcher.matches(request.code, date) && !request.claims.has(confirmation.claim)) {
      return result({
        status: 'suppressed',
        amount: null,
        basisValue: null,
        reason: `${confirmation.reason}: not charged without the claim ${confirmation.claim}`,
      });
    }
  }

  for (const exemption of compiled.exemptions) {
    if (!inWindow(date, exemption.from, exemption.to)) continue;
    if (!rules.groups.inScope(exemption.countries, country, date)) continue;
    if (exemption.productsMatcher && !exemption.productsMatcher.matches(request.code, date)) continue;
    const needs = exemption.requires;
    const programMet =
      !needs?.special_program ||
      (request.specialProgram !== null && needs.special_program.includes(request.specialProgram));
    const pharmaMet = !needs?.pharmaceutical || request.pharmaceutical === needs.pharmaceutical;
    const claimMet =
      !needs?.claim ||
      (request.claims.has(needs.claim) && (!needs.loaded_before || loadedBefore(request, needs.loaded_before)));
    if (programMet && pharmaMet && claimMet) {
      return result({
        status: 'suppressed',
        amount: null,
        basisValue: null,
        reason: `exempt: ${exemption.description}${exemption.heading ? ` (${exemption.heading})` : ''}`,
        ...(exemption.heading ? { reliefHeading: exemption.heading } : {}),
      });
    }
    // A program of patented pharmaceuticals (9903.04.65…) is offered once the status is claimed, not as that status.
    if (!pharmaMet && needs?.claim) continue;
    const claim: ClaimInput = !programMet
      ? { code: 'special_program', text: needs?.special_program?.[0] }
      : !pharmaMet
        ? { code: `pharmaceutical_${needs?.pharmaceutical}` }
        : needs?.loaded_before
          ? { code: needs.claim as string, date: dayBefore(needs.loaded_before) }
          : { code: needs?.claim as string, text: `claimed ${exemption.heading ?? 'exemption'}` };
    const named =
      claim.code === 'special_program' ? `special program ${needs?.special_program?.join(' or ')}` : claim.code;
    possibleExemptions.push({
      ...(exemption.heading ? { heading: exemption.heading } : {}),
      text: `${exemption.description}: exempt with the claim ${named}`,
      claim,
    });
  }

  for (const condition of measure.conditions) {
    if (condition.kind === 'pharmaceutical' && request.pharmaceutical === null) {
      return result({
        status: 'unresolved',
        amount: null,
        basisValue: null,
        reason: `applies only to ${condition.status} pharmaceuticals: claims.pharmaceutical (patented or generic) is needed`,
      });
    }
    if (condition.kind === 'scope_unconfirmed')
      return result({ status: 'unresolved', amount: null, basisValue: null, reason: condition.reason });
    if (condition.kind === 'tariff_rate_quota' && request.quota === 'within') {
      return result({
        status: 'suppressed',
        amount: null,
        basisValue: null,
        reason: `within the tariff-rate quota: no additional duty (${condition.within_heading})`,
        reliefHeading: condition.within_heading,
      });
    }
    if (condition.kind === 'tariff_rate_quota' && request.quota === null) {
      possibleExemptions.push({
        heading: condition.within_heading,
        text: 'Within the tariff-rate quota, no additional duty: claim within_quota',
        claim: { code: 'within_quota' },
      });
      const reason = `charged only beyond the tariff-rate quota (within it, ${condition.within_heading}: no additional duty): claim within_quota or over_quota`;
      return result({ status: 'unresolved', amount: null, basisValue: null, reason });
    }
  }

  if (fraction === null) {
    return result({
      status: 'prohibited',
      amount: null,
      basisValue: null,
      reason: `importation prohibited: ${measure.description}`,
    });
  }
  const basisValue = basisValueOf(measure, request);
  if (basisValue === null) {
    const needed =
      measure.basis === 'metal_content'
        ? `the certified ${measure.metal} content value (claim ${metalContentClaims[measure.metal ?? 'steel']})`
        : 'the value of the non-U.S. content (claim us_content_share)';
    return result({
      status: 'unresolved',
      amount: null,
      basisValue: null,
      reason: `the duty is on ${needed}`,
      subjectTo: positive,
    });
  }
  if (measure.rate.kind !== 'additive' && baseAmount.status !== 'resolved') {
    return result({
      status: 'unresolved',
      amount: null,
      basisValue,
      reason: `a total duty level needs the base duty, which is unresolved (${baseAmount.reason})`,
    });
  }
  const usShare = usContentRelief(measure, request);
  if (usShare && measure.us_content_relief) {
    const nonUs = basisValue.times(new Decimal(100).minus(usShare)).dividedBy(100);
    return {
      ...result({
        status: 'applies',
        amount: amountOn(nonUs),
        basisValue: nonUs,
        reliefHeading: measure.us_content_relief.heading,
      }),
      chargedOn: 'non_us_content',
      reason: `charged on the non-U.S. content: the U.S. content is ${usShare.toString()}% of the value (${measure.us_content_relief.heading}; ${measure.us_content_relief.citation.ref})`,
    };
  }
  return result({ status: 'applies', amount: amountOn(basisValue), basisValue });
}
