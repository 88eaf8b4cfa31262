import { AttributeId, attributeRules, StatedAttributes } from './attributes';
import type { RankedLeaf } from './ranking';

export interface ClarificationOption {
  /** The value to send back in `context` ({ [attribute]: value }). */
  value: string;
  label: string;
  /** The leading candidate codes (dotted) that this answer keeps. */
  codes: string[];
}

export interface Clarification {
  attribute: AttributeId;
  question: string;
  options: ClarificationOption[];
}

/** Leaves within this score of the best are "the best candidates" whose differences are asked about. */
const contenderMargin = 2.0;
const contenderCount = 12;

/**
 * The questions whose answers would separate the best candidates: an attribute the query (and
 * its context answers) does not give, on which the leading lines' wording differs. Options are
 * the values those lines state, in the order the best line for each appears.
 */
export function clarifyingQuestions(ranked: RankedLeaf[], stated: StatedAttributes): Clarification[] {
  const best = ranked[0];
  if (!best) return [];
  const contenders = ranked.filter((entry) => entry.score >= best.score - contenderMargin).slice(0, contenderCount);
  const questions: Clarification[] = [];
  for (const rule of attributeRules) {
    if (stated.has(rule.id)) continue;
    const options = new Map<string, string[]>();
    for (const entry of contenders) {
      for (const value of entry.leaf.attributes.get(rule.id) ?? []) {
        const codes = options.get(value) ?? [];
        if (!codes.includes(entry.leaf.dottedCode)) codes.push(entry.leaf.dottedCode);
        options.set(value, codes);
      }
    }
    if (options.size < 2) continue;
    questions.push({
      attribute: rule.id,
      question: rule.question,
      options: [...options].map(([value, codes]) => ({
        value,
        label: rule.values.find((candidate) => candidate.id === value)?.label ?? value,
        codes: codes.slice(0, 5),
      })),
    });
  }
  return questions;
}
