import {
  attributeRuleById,
  AttributeRule,
  isResidualRow,
  LineAttributes,
  StatedAttributes,
  valuesExcluded,
  valuesFit,
} from './attributes';
import { FibreShares, meetsCondition } from './fibre-shares';
import { Dimension, meetsLimit } from './quantities';
import type { ClassifiableLeaf, HeadingEntry, ScheduleNode, SearchIndex } from './search-index';

/** A query as the ranking reads it: weighted terms (the query's own, lexicon wording, synonyms). */
export interface WeightedQuery {
  /** term → weight; the query's own words weigh 1 (its head noun more), expansions less. */
  weights: Map<string, number>;
  /** The lexicon's wording for the query's everyday words: each counts as one term, the average of its words. */
  expansions: Array<{ terms: string[]; weight: number }>;
  /** Headings the lexicon names for the query's words, with a weight. */
  headingHints: Map<string, number>;
  /** Attribute values the query (or its context answers) states. */
  stated: StatedAttributes;
  /** Attribute values the query's negations rule out ("not of leather"), for attributes it states no value of. */
  ruledOut: StatedAttributes;
  /** The fibre shares by weight the query gives, if any. */
  fibreShares: FibreShares | null;
  /** The quantity of each kind (length, mass, power…) the query states once. */
  quantities: Map<Dimension, number>;
  /** Schedule terms the query's words rule out ("unroasted" → roasted), with a weight. */
  negated: Map<string, number>;
  /** A ruled-out term a line may still carry beside the query's word that rules it out ("natural or artificial"). */
  unlessAlso: Map<string, string>;
}

export interface RankedLeaf {
  leaf: ClassifiableLeaf;
  score: number;
  /** Query terms found in the heading's own text, and below it on the leaf's path. */
  headingTerms: string[];
  pathTerms: string[];
  /** Attributes the query states and the leaf's wording agrees with, or contradicts. */
  agreed: string[];
  contradicted: string[];
}

/** A scored leaf, and the evidence that orders the lines of its heading among themselves but does not choose the heading. */
interface ScoredLeaf {
  entry: RankedLeaf;
  within: number;
}

/**
 * Where a query term is found decides how much it counts: in the heading's own text (the legal
 * scope, GRI 1), on the leaf's own path below it, or only somewhere else under the heading (it
 * supports the heading, not this line).
 */
const inHeadingLead = 1.3;
const inHeadingTitle = 1.0;
const onLeafPath = 0.9;
const elsewhereUnderHeading = 0.35;
/** A term of the heading whose goods a parts heading serves ("excavators" for 8431). */
const inReferencedHeading = 0.8;
/** A heading's term that the line's own path repeats: among the heading's lines, the narrower match (GRI 6). */
const alsoOnLeafPath = 0.25;
/**
 * A query term that two rows below the heading carry ("Aromatic monoamines and their derivatives" >
 * "Aniline derivatives"): the path narrows on it again, the narrower line (GRI 6). It only orders
 * a heading's lines among themselves.
 */
const repeatedOnLeafPath = 0.25;
/**
 * A named row on the line's path that nothing in the query bears on (no word, attribute or figure
 * of it): among a heading's lines its residual sibling ("Other") is the better reading, as
 * "Taximeters" is not a counter the query does not call one (GRI 6).
 */
const unsupportedRow = 0.05;
/**
 * A word the query rules out that only the heading's text carries costs less than one on the line's
 * own path: a heading lists goods side by side ("…; waste cork; crushed, granulated or ground cork").
 */
const negatedInHeadingOnly = 0.5;
/** A word the query rules out that a residual line's named sibling carries: the residual line is the reading (GRI 6). */
const residualForNegated = 0.5;
/** Each path word the query does not mention costs a little: the narrower match wins a tie. */
const unmatchedPathWord = 0.02;
/** Leaves kept from each BM25 search (MiniSearch) before the evidence is weighed. */
const leafPool = 300;
/** An attribute the leaf's wording agrees with, or contradicts, in units of the rarest term's idf. */
const attributeAgreement = 0.12;
const attributeContradiction = 0.3;
/** A line for parts when the query names an article is usually the wrong line; the whole article when it asks for parts, more so. */
const partMismatch = 0.08;
const wholeForParts = 0.5;
/**
 * A parts line split by the article its parts serve ("Parts: > Of hand operated and check
 * appliances", "Of valves of subheading 8481.20") agrees with a parts query when it names the
 * article the query's words choose among the heading's own lines, and not when it names another:
 * parts follow their article (section XVI, note 2(b)). Among a heading's lines only.
 */
const partsOfTheArticle = attributeAgreement;
const headingPool = 12;
/** The weight (sum of weight × idf) of a short query of two everyday words, at which the lexicon's hint has its base strength. */
const shortQueryMass = 20;

function idf(index: SearchIndex, term: string): number {
  const df = index.documentFrequency.get(term) ?? 0;
  return Math.log(1 + index.leaves.length / (1 + df));
}

/** Retrieval: the leaves BM25 finds on their paths, and every leaf of the headings BM25 finds on their wording. */
function candidatePool(index: SearchIndex, query: WeightedQuery): Set<ClassifiableLeaf> {
  const boosts = new Map(query.weights);
  for (const expansion of query.expansions) {
    for (const term of expansion.terms)
      boosts.set(term, Math.max(boosts.get(term) ?? 0, expansion.weight / expansion.terms.length));
  }
  const text = [...boosts.keys()].join(' ');
  const boostTerm = (term: string) => boosts.get(term) ?? 0;
  const pool = new Set<ClassifiableLeaf>();
  for (const result of index.leafSearch.search(text, { boost: { own: 1.5, title: 1 }, boostTerm }).slice(0, leafPool)) {
    pool.add(index.leaves[result.id as number]);
  }
  const headingCodes = index.headingSearch
    .search(text, { boost: { title: 3, body: 1 }, boostTerm })
    .slice(0, headingPool)
    .map((result) => result.id as string);
  for (const code of [...headingCodes, ...query.headingHints.keys()]) {
    for (const leaf of index.headings.get(code)?.leaves ?? []) pool.add(leaf);
  }
  // Parts of the goods found are often in a parts heading of their own (excavator → 8431).
  if (query.stated.get('part_or_whole')?.has('part')) {
    const found = new Set([...pool].map((leaf) => leaf.code.slice(0, 4)));
    for (const code of found) {
      for (const parts of index.partsHeadings.get(code) ?? [])
        for (const leaf of index.headings.get(parts)?.leaves ?? []) pool.add(leaf);
    }
  }
  return pool;
}

function scoreLeaf(
  index: SearchIndex,
  query: WeightedQuery,
  leaf: ClassifiableLeaf,
  heading: HeadingEntry,
  termIdf: Map<string, number>,
  hintScale: number,
  bearsOn: (row: ScheduleNode) => boolean,
): ScoredLeaf {
  let score = 0;
  let within = -unsupportedRow * leaf.below.filter((row) => !isResidualRow(row.folded) && !bearsOn(row)).length;
  const headingTerms: string[] = [];
  const pathTerms: string[] = [];
  for (const [term, weight] of query.weights) {
    const value = weight * (termIdf.get(term) as number);
    if (heading.titleTerms.has(term)) {
      score += value * (heading.leadTerms.has(term) ? inHeadingLead : inHeadingTitle);
      if (leaf.belowTerms.has(term)) score += value * alsoOnLeafPath;
      headingTerms.push(term);
    } else if (leaf.belowTerms.has(term)) {
      score += value * onLeafPath;
      if (leaf.repeatedTerms.has(term)) within += value * repeatedOnLeafPath;
      pathTerms.push(term);
    } else if (heading.referencedTerms.has(term)) {
      score += value * inReferencedHeading;
      headingTerms.push(term);
    } else if (heading.bodyTerms.has(term)) {
      score += value * elsewhereUnderHeading;
    }
  }
  for (const expansion of query.expansions) {
    let sum = 0;
    for (const term of expansion.terms) {
      const value = termIdf.get(term) as number;
      if (heading.titleTerms.has(term)) {
        sum += value * inHeadingTitle;
        if (leaf.belowTerms.has(term)) sum += value * alsoOnLeafPath;
        headingTerms.push(term);
      } else if (leaf.belowTerms.has(term)) {
        sum += value * onLeafPath;
        pathTerms.push(term);
      } else if (heading.referencedTerms.has(term)) {
        sum += value * inReferencedHeading;
        headingTerms.push(term);
      } else if (heading.bodyTerms.has(term)) sum += value * elsewhereUnderHeading;
    }
    score += (expansion.weight * sum) / expansion.terms.length;
  }
  // A word such as "unroasted" or "no sugar" fits a line that says "not roasted", and not one that
  // says "roasted"; among a heading's lines, the residual "Other" beside the line that names it.
  for (const [term, weight] of query.negated) {
    const value = weight * (termIdf.get(term) as number);
    if (leaf.negatedTerms.has(term) || heading.negatedTerms.has(term)) score += value * onLeafPath;
    else if (carries(leaf, heading, term) && !carries(leaf, heading, query.unlessAlso.get(term)))
      score -= value * onLeafPath * (leaf.belowTerms.has(term) ? 1 : negatedInHeadingOnly);
    else if (leaf.siblingTerms.has(term)) within += value * residualForNegated;
  }
  let unmatched = 0;
  for (const term of leaf.belowTerms) if (!query.weights.has(term) && !termIdf.has(term)) unmatched++;
  score -= unmatched * unmatchedPathWord;
  score += (query.headingHints.get(heading.code) ?? 0) * hintScale;
  const { agreed, contradicted, adjustment } = weighAttributes(query.stated, query.ruledOut, {
    stated: leaf.attributes,
    excluded: leaf.excluded,
  });
  score += (adjustment + weighMeasures(query, leaf)) * maxIdf(index);
  return { entry: { leaf, score, headingTerms, pathTerms, agreed, contradicted }, within };
}

/** Whether the query bears on a row's own wording: a word of it, an attribute or a measure it states (remembered per row). */
function queryBearsOn(query: WeightedQuery, asked: Set<string>): (row: ScheduleNode) => boolean {
  const known = new Map<ScheduleNode, boolean>();
  return (row) => {
    let bears = known.get(row);
    if (bears === undefined) {
      bears =
        row.terms.some((term) => asked.has(term)) ||
        [...row.attributes.keys()].some((id) => query.stated.has(id)) ||
        row.quantityLimits.some((limit) => query.quantities.has(limit.dimension)) ||
        (query.fibreShares !== null && row.shareConditions.length > 0);
      known.set(row, bears);
    }
    return bears;
  };
}

/** Whether the line's branch carries the term (in the heading's text or on the path below it). */
function carries(leaf: ClassifiableLeaf, heading: HeadingEntry, term: string | undefined): boolean {
  return term !== undefined && (leaf.belowTerms.has(term) || heading.titleTerms.has(term));
}

/**
 * A line whose fibre shares or measured limits the query's figures fail loses; one whose
 * conditions they meet gains, like an attribute (GRI 6).
 */
function weighMeasures(query: WeightedQuery, leaf: ClassifiableLeaf): number {
  const { fibreShares, quantities } = query;
  const results = [
    ...(fibreShares ? leaf.shareConditions.map((condition) => meetsCondition(fibreShares, condition)) : []),
    ...(quantities.size > 0 ? leaf.quantityLimits.map((limit) => meetsLimit(quantities, limit)) : []),
  ];
  if (results.includes(false)) return -attributeContradiction;
  return results.includes(true) ? attributeAgreement : 0;
}

/** The attribute rules: agreement raises a leaf, contradiction lowers it; "parts" lines need a query about parts. */
function weighAttributes(
  stated: StatedAttributes,
  ruledOut: StatedAttributes,
  line: LineAttributes,
): { agreed: string[]; contradicted: string[]; adjustment: number } {
  const agreed: string[] = [];
  const contradicted: string[] = [];
  let adjustment = 0;
  const inPath = line.stated;
  for (const [id, wanted] of stated) {
    const rule = attributeRuleById.get(id) as AttributeRule;
    const written = inPath.get(id);
    if (!written) {
      const ruledOut = line.excluded.get(id);
      if (ruledOut && valuesExcluded(rule, wanted, ruledOut)) {
        contradicted.push(id);
        adjustment -= attributeContradiction;
      }
      continue;
    }
    if (valuesFit(rule, wanted, written)) {
      agreed.push(id);
      adjustment += id === 'part_or_whole' ? 0 : attributeAgreement;
    } else {
      contradicted.push(id);
      adjustment -=
        id === 'part_or_whole' ? (wanted.has('part') ? wholeForParts : partMismatch) : attributeContradiction;
    }
  }
  // A value the query rules out ("not of leather") contradicts a line that states only it, and a
  // residual line that rules it out ("Other" beside "Of leather") agrees.
  for (const [id, unwanted] of ruledOut) {
    const rule = attributeRuleById.get(id) as AttributeRule;
    const written = inPath.get(id);
    const ruledOutToo = line.excluded.get(id);
    if (written && [...written].every((value) => valuesFit(rule, new Set([value]), unwanted))) {
      contradicted.push(id);
      adjustment -= attributeContradiction;
    } else if (!written && ruledOutToo && valuesExcluded(rule, unwanted, ruledOutToo)) {
      agreed.push(id);
      adjustment += attributeAgreement;
    }
  }
  if (!stated.has('part_or_whole') && inPath.get('part_or_whole')?.has('part')) adjustment -= partMismatch;
  return { agreed, contradicted, adjustment };
}

function maxIdf(index: SearchIndex): number {
  return Math.log(1 + index.leaves.length);
}

function isPartsLine(leaf: ClassifiableLeaf): boolean {
  return leaf.attributes.get('part_or_whole')?.has('part') === true;
}

/** Words that say a row is about parts, not which article the parts serve. */
const partsWords = new Set(['part', 'accessory', 'thereof']);

/**
 * Whether the rows of a parts line that name the article its parts serve name this article (a line
 * of the same heading): by the subheading they cite, else by a word of theirs (beyond the heading's
 * own) on the article line's path. Null when no row names an article.
 */
function servesArticle(leaf: ClassifiableLeaf, article: ClassifiableLeaf, heading: HeadingEntry): boolean | null {
  const from = leaf.below.findIndex((row) => row.attributes.get('part_or_whole')?.has('part'));
  let verdict: boolean | null = null;
  for (const row of leaf.below.slice(Math.max(0, from))) {
    if (isResidualRow(row.folded) || row.attributes.has('material') || row.attributes.has('fibre')) continue;
    const cited = [...row.folded.matchAll(/\b(\d{4})\.(\d{2})(?:\.(\d{2}))?\b/g)].map((match) =>
      match.slice(1).join(''),
    );
    if (/\bsubheadings?\b/.test(row.folded) && cited.length > 0) {
      verdict = cited.some((code) => article.code.startsWith(code));
      continue;
    }
    if (!/^(?:parts?\s+)?(?:of|for)\s/.test(row.folded)) continue;
    const words = row.terms.filter((term) => !heading.titleTerms.has(term) && !partsWords.has(term));
    if (words.length > 0) verdict = words.some((term) => article.belowTerms.has(term));
  }
  return verdict;
}

/**
 * For a parts query, a heading's parts lines that serve the article of its best whole line (one on
 * whose path the query's words are found) gain, and those that serve another lose.
 */
function weighPartsByArticle(index: SearchIndex, query: WeightedQuery, scored: ScoredLeaf[]): void {
  if (!query.stated.get('part_or_whole')?.has('part')) return;
  const articles = new Map<string, ScoredLeaf>();
  for (const candidate of scored) {
    if (isPartsLine(candidate.entry.leaf) || candidate.entry.pathTerms.length === 0) continue;
    const code = candidate.entry.leaf.code.slice(0, 4);
    const sofar = articles.get(code);
    if (!sofar || candidate.entry.score + candidate.within > sofar.entry.score + sofar.within)
      articles.set(code, candidate);
  }
  for (const candidate of scored) {
    const code = candidate.entry.leaf.code.slice(0, 4);
    const article = articles.get(code);
    if (!article || !isPartsLine(candidate.entry.leaf)) continue;
    const serves = servesArticle(candidate.entry.leaf, article.entry.leaf, index.headings.get(code) as HeadingEntry);
    if (serves !== null) candidate.within += (serves ? partsOfTheArticle : -partsOfTheArticle) * maxIdf(index);
  }
}

/**
 * A heading keeps the score of its best line, and its lines are ordered below that by their score
 * plus the evidence that only separates them (`within`): the heading is chosen as before, the
 * subheading among its lines with the narrower match in view (GRI 6).
 */
function orderWithinHeadings(scored: ScoredLeaf[]): RankedLeaf[] {
  const best = new Map<string, { score: number; within: number }>();
  for (const { entry, within } of scored) {
    const code = entry.leaf.code.slice(0, 4);
    const sofar = best.get(code) ?? { score: -Infinity, within: -Infinity };
    best.set(code, { score: Math.max(sofar.score, entry.score), within: Math.max(sofar.within, entry.score + within) });
  }
  return scored.map(({ entry, within }) => {
    const heading = best.get(entry.leaf.code.slice(0, 4)) as { score: number; within: number };
    return { ...entry, score: heading.score - (heading.within - (entry.score + within)) };
  });
}

/**
 * Hierarchical narrowing over the leaves BM25 retrieves: each query term counts by its rarity in
 * the schedule (idf) and by where the leaf's branch carries it (heading text, the path below
 * it, or elsewhere under the heading), so the heading decides first and the path decides among
 * its lines. Ties go to the earlier line in the schedule.
 */
export function rankLeaves(index: SearchIndex, query: WeightedQuery): RankedLeaf[] {
  if (query.weights.size === 0 && query.expansions.length === 0) return [];
  const allTerms = new Set([
    ...query.weights.keys(),
    ...query.negated.keys(),
    ...query.expansions.flatMap((expansion) => expansion.terms),
  ]);
  const termIdf = new Map([...allTerms].map((term) => [term, idf(index, term)]));
  // A long description piles up evidence word by word; the lexicon's word for the goods should not
  // fade in it: the hint grows with the square root of the query's weight beyond a two-word query's.
  let mass = 0;
  for (const [term, weight] of query.weights) mass += weight * (termIdf.get(term) as number);
  const hintScale = maxIdf(index) * Math.sqrt(Math.max(1, mass / shortQueryMass));
  const bearsOn = queryBearsOn(query, allTerms);
  const scored: ScoredLeaf[] = [];
  for (const leaf of candidatePool(index, query)) {
    const heading = index.headings.get(leaf.code.slice(0, 4)) as HeadingEntry;
    scored.push(scoreLeaf(index, query, leaf, heading, termIdf, hintScale, bearsOn));
  }
  weighPartsByArticle(index, query, scored);
  return orderWithinHeadings(scored).sort((a, b) => b.score - a.score || a.leaf.id - b.leaf.id);
}
