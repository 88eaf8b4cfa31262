import type { SearchResult as MiniSearchResult } from 'minisearch';
import type { ClassifiableLeaf, SearchIndex } from './search-index';

/** A query as the ranking reads it: weighted terms (the query's own, lexicon wording, synonyms). */
export interface WeightedQuery {
  /** term → weight; the query's own words weigh 1, expansions less. */
  weights: Map<string, number>;
  /** Headings the lexicon names for the query's words, with a weight. */
  headingHints: Map<string, number>;
}

export interface RankedLeaf {
  leaf: ClassifiableLeaf;
  score: number;
  headingScore: number;
  leafScore: number;
  /** Query terms found in the leaf's path or its heading. */
  matchedTerms: string[];
}

/** How much the heading's own evidence counts against the leaf's path evidence. */
const headingWeight = 1.0;
/** Leaves kept from the leaf search before the heading evidence is added. */
const leafPool = 400;
/** Headings whose every leaf is considered, whatever its own score. */
const headingBeam = 6;

function normalised(results: MiniSearchResult[]): Map<string | number, MiniSearchResult & { normalised: number }> {
  const top = results[0]?.score ?? 1;
  return new Map(results.map((result) => [result.id, { ...result, normalised: result.score / top }]));
}

/**
 * Hierarchical narrowing: headings are scored on their whole wording (what the heading says and
 * everything below it), leaves on their description path; a leaf's score adds its heading's,
 * so the heading decides first and the path below it decides among its lines.
 */
export function rankLeaves(index: SearchIndex, query: WeightedQuery): RankedLeaf[] {
  const terms = [...query.weights.keys()];
  if (terms.length === 0) return [];
  const text = terms.join(' ');
  const boostTerm = (term: string) => query.weights.get(term) ?? 0;

  const headingResults = index.headingSearch.search(text, { boost: { title: 2, body: 1 }, boostTerm });
  for (const [code, hint] of query.headingHints) {
    const found = headingResults.find((result) => result.id === code);
    if (found) found.score += hint * (headingResults[0]?.score ?? 1);
    else if (index.headings.has(code)) headingResults.push({ id: code, score: hint * (headingResults[0]?.score ?? 1), terms: [], queryTerms: [], match: {} });
  }
  headingResults.sort((a, b) => b.score - a.score);
  const headings = normalised(headingResults);

  const leafResults = index.leafSearch.search(text, { boost: { own: 1.5, title: 1 }, boostTerm }).slice(0, leafPool);
  const leafScores = normalised(leafResults);

  const pool = new Set<ClassifiableLeaf>(leafResults.map((result) => index.leaves[result.id as number]));
  for (const result of headingResults.slice(0, headingBeam)) {
    for (const leaf of index.headings.get(result.id as string)?.leaves ?? []) pool.add(leaf);
  }

  const ranked: RankedLeaf[] = [];
  for (const leaf of pool) {
    const heading = headings.get(leaf.heading.code as string);
    const own = leafScores.get(leaf.id);
    const headingScore = heading?.normalised ?? 0;
    const leafScore = own?.normalised ?? 0;
    ranked.push({
      leaf,
      headingScore,
      leafScore,
      score: leafScore + headingWeight * headingScore,
      matchedTerms: [...new Set([...(own?.terms ?? []), ...(heading?.terms ?? [])])],
    });
  }
  return ranked.sort((a, b) => b.score - a.score || a.leaf.id - b.leaf.id);
}
