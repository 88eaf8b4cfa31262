import { attributesInQuery } from './attributes';
import type { WeightedQuery } from './ranking';
import { foldText } from './text-analysis';
import type { TextAnalyser } from './text-analysis';

export function analyseQuery(text: string, analyser: TextAnalyser): WeightedQuery {
  const weights = new Map<string, number>();
  for (const term of analyser.terms(text)) weights.set(term, 1);
  return { weights, headingHints: new Map(), stated: attributesInQuery(foldText(text)) };
}
