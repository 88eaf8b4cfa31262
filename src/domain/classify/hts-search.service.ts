import type { HtsSearchStore } from './classify-ports';
import type { SearchIndexCacheLike } from './search-index-cache';
import type { Lexicon } from './lexicon';
import { analyseQuery } from './query-analysis';
import { rankLeaves } from './ranking';

export interface HtsSearchRequest {
  query: string;
  /** Candidates to return, 1–20 (default 5). */
  limit?: number;
}

export interface HtsSearchDeps {
  store: HtsSearchStore;
  indexes: SearchIndexCacheLike;
  lexicon: Lexicon;
  /** Epoch milliseconds now: the release in force today is searched. */
  clock: () => number;
}

export interface HtsSearchCandidate {
  code: string;
}

export interface HtsSearchResult {
  candidates: HtsSearchCandidate[];
}

export async function searchHtsCodes(request: HtsSearchRequest, deps: HtsSearchDeps): Promise<HtsSearchResult> {
  const today = new Date(deps.clock()).toISOString().slice(0, 10);
  const release = await deps.store.inForceOn(today);
  if (!release) throw new Error('no release');
  const index = await deps.indexes.forRelease(release);
  const query = analyseQuery(request.query, deps.indexes.analyser, deps.lexicon);
  const ranked = rankLeaves(index, query);
  const limit = request.limit ?? 5;
  const seen = new Set<string>();
  const candidates: HtsSearchCandidate[] = [];
  for (const entry of ranked) {
    const six = entry.leaf.code.slice(0, 6);
    if (seen.has(six)) continue;
    seen.add(six);
    candidates.push({ code: entry.leaf.dottedCode });
    if (candidates.length === limit) break;
  }
  return { candidates };
}
