import { parseRateExpression, parseSpecialColumn } from '../rate-text/parse-rate-text';
import { rateAmount, type RateAmount } from '../rate-text/rate-amount';
import type { RateExpression } from '../rate-text/rate-text.model';
import type { HtsLine } from '../hts-line-source';
import type { Citation } from '../rules/rule-schema';
import type { TariffRules } from '../rules/tariff-rules';
import type { ValidRequest } from './duty-request';

export interface BaseDuty {
  column: 'general' | 'special' | 'column2';
  specialProgram: string | null;
  programTitle: string;
  rate: RateExpression;
  rateText: string;
  /** The Chapter 99 heading of a rate charged in lieu of a column (Russia: 9903.90.08), else null. */
  heading: string | null;
  amount: RateAmount;
  citations: Citation[];
  warnings: string[];
}

/** The citation of each line's general rate, made once per rate line. */
const generalCitations = new Map<string, Citation[]>();

function generalCitation(line: HtsLine): Citation[] {
  let citations = generalCitations.get(line.rateLineCode);
  if (!citations) {
    citations = [{ type: 'hts', ref: `HTSUS ${line.rateLineCode}, column 1 general` }];
    generalCitations.set(line.rateLineCode, citations);
  }
  return citations;
}

function general(line: HtsLine, warnings: string[]): Omit<BaseDuty, 'amount'> {
  const rate = parseRateExpression(line.general);
  return {
    column: 'general',
    specialProgram: null,
    programTitle: 'MFN (column 1 general)',
    rate,
    rateText: line.general,
    heading: null,
    citations: generalCitation(line),
    warnings,
  };
}

/**
 * The base duty: column 2 for general note 3(b) origins; the special column when the claimed program
 * is listed on the line and the origin is eligible on the date; otherwise column 1 general. A claim
 * that cannot be honoured falls back to the general rate with a warning saying why.
 */
export function evaluateBaseDuty(line: HtsLine, request: ValidRequest, rules: TariffRules): BaseDuty {
  const chosen = chooseColumn(line, request, rules) as BaseDuty;
  // Each column choice is a fresh object: the amount is added to it rather than to a copy.
  chosen.amount = rateAmount(chosen.rate, request);
  return chosen;
}

function chooseColumn(line: HtsLine, request: ValidRequest, rules: TariffRules): Omit<BaseDuty, 'amount'> {
  const { baseRates } = rules.ruleSet;
  const country = request.country.code;
  if (rules.groups.covers(baseRates.column2_group, country, request.entryDate)) {
    const warnings = request.specialProgram
      ? [`Special program ${request.specialProgram} does not apply to products of ${request.country.name} (column 2).`]
      : [];
    const inLieu = rules.column2InLieu.find(
      (entry) =>
        entry.countries.includes(country) &&
        entry.effective_from <= request.entryDate &&
        entry.matcher.matches(request.code, request.entryDate),
    );
    if (inLieu) {
      return {
        column: 'column2',
        specialProgram: null,
        programTitle: `Column 2, in lieu: ${inLieu.percent}% (${inLieu.heading})`,
        rate: parseRateExpression(`${inLieu.percent}%`),
        rateText: `${inLieu.percent}% (${inLieu.heading}, in lieu of column 2)`,
        heading: inLieu.heading,
        citations: inLieu.citations,
        warnings,
      };
    }
    return {
      column: 'column2',
      specialProgram: null,
      programTitle: 'Column 2 (general note 3(b))',
      rate: parseRateExpression(line.column2),
      rateText: line.column2,
      heading: null,
      citations: [...baseRates.column2_citations, { type: 'hts', ref: `HTSUS ${line.rateLineCode}, column 2` }],
      warnings,
    };
  }
  const claimed = request.specialProgram;
  if (!claimed) return general(line, []);
  const special = parseSpecialColumn(line.special);
  if (special.kind !== 'special') {
    return general(line, [
      `Special program ${claimed} is not available on ${line.rateLineCode} (no special rate); the general rate applies.`,
    ]);
  }
  const offer = special.offers.find((item) => item.programs === 'all' || item.programs.includes(claimed));
  const pointer = special.references.find((item) => item.programs.includes(claimed));
  const program = baseRates.special_programs[claimed];
  const warnings: string[] = [];
  if (program) {
    const { effective_from: from, effective_to: to } = program;
    if ((from && request.entryDate < from) || (to && request.entryDate >= to)) {
      return general(line, [
        `Special program ${claimed} (${program.name}) is not in force on ${request.entryDate}; the general rate applies.`,
      ]);
    }
    if (program.countries && !program.countries.some((ref) => rules.groups.covers(ref, country, request.entryDate))) {
      return general(line, [
        `Products of ${request.country.name} are not eligible for special program ${claimed} (${program.name}); the general rate applies.`,
      ]);
    }
    if (!program.countries)
      warnings.push(
        `Eligibility of ${request.country.name} for ${claimed} (${program.name}) is not verified by our data.`,
      );
  } else {
    warnings.push(`Special program ${claimed} is not in our program table; its eligibility is not verified.`);
  }
  if (!offer && pointer) {
    return {
      column: 'special',
      specialProgram: claimed,
      programTitle: `Special rate (${claimed})`,
      rate: { kind: 'reference', raw: line.special, refersTo: `See ${pointer.provisions}` },
      rateText: line.special,
      heading: null,
      citations: [
        { type: 'hts', ref: `HTSUS ${line.rateLineCode}, special column: see ${pointer.provisions} (${claimed})` },
      ],
      warnings,
    };
  }
  if (!offer)
    return general(line, [
      `Special program ${claimed} is not listed on ${line.rateLineCode}; the general rate applies.`,
    ]);
  return {
    column: 'special',
    specialProgram: claimed,
    programTitle: `Special rate (${program?.name ?? claimed})`,
    rate: offer.rate,
    rateText: offer.rate.raw,
    heading: null,
    citations: [
      { type: 'hts', ref: `HTSUS ${line.rateLineCode}, special column (${claimed})` },
      ...(program?.citations ?? []),
    ],
    warnings,
  };
}
