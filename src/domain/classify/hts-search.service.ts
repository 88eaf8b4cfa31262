import { AttributeId, attributeRuleById, StatedAttributes, valuesExcluded, valuesFit } from './attributes';
import { Clarification, clarifyingQuestions } from './clarifications';
import type { HtsSearchStore } from './classify-ports';
import { candidateConfidences } from './confidence';
import type { Lexicon } from './lexicon';
import { CandidateReranker, RerankFailed } from './llm-reranker';
import { AnalysedQuery, analyseQuery } from './query-analysis';
import { RankedLeaf, rankLeaves } from './ranking';
import type { SearchIndex } from './search-index';
import type { SearchIndexCacheLike } from './search-index-cache';
import { bridgeToSchedule } from './vocabulary';
import { goodsDescription, maxQueryLength } from './goods-sentences';
import { htsNumberInQuery, lookUpHtsNumber } from './code-lookup';
import { foreignLanguageOf } from './query-language';
import type { TextAnalyser } from './text-analysis';
import { dottedHtsCode } from '../hts';
import { DomainError } from '../shared';

export interface HtsSearchRequest {
  /** A plain-English product description. */
  query: string;
  /** Candidates to return, 1–20 (default 5). */
  limit?: number;
  /** Answers to clarifying questions: { attribute: value }, e.g. { construction: 'knit', gender: 'female' }. */
  context?: Record<string, string>;
}

export interface HtsSearchDeps {
  store: HtsSearchStore;
  indexes: SearchIndexCacheLike;
  lexicon: Lexicon;
  /** Epoch milliseconds now: the release in force today is searched. */
  clock: () => number;
  /** The optional model re-ranking; null or absent keeps the offline ranking. */
  reranker?: CandidateReranker | null;
}

export interface HtsSearchCandidate {
  /** 10 digits, dotted 4.2.4 (`6109.10.0012`); 8 digits (4.2.2) for the few lines published without a statistical suffix. */
  code: string;
  description: string;
  /** From the heading down to the line, joined with " > ". */
  descriptionPath: string;
  chapter: { code: string };
  heading: { code: string; description: string };
  subheading: { code: string; description: string | null };
  /** 0–1. */
  confidence: number;
  /** Which words and attributes decided it. */
  rationale: string;
  matchedTerms: string[];
}

export interface RerankingReport {
  /** off: no model configured; applied: the model's order is used; fallback: the offline order is, because of `reason`. */
  status: 'off' | 'applied' | 'fallback';
  model: string | null;
  reason: string | null;
  latencyMs: number | null;
}

export interface HtsSearchResult {
  release: { id: string; title: string; effectiveDate: string };
  /** description: ranked from the words; hts_code: the query is an HTS number, looked up in the release. */
  queryKind: 'description' | 'hts_code';
  candidates: HtsSearchCandidate[];
  /** Questions whose answers (sent back in `context`) would narrow the result. */
  clarifications: Clarification[];
  /** Context answers used, and the keys or values not recognised. */
  context: { applied: Record<string, string>; ignored: string[] };
  reranking: RerankingReport;
}

export class HtsSearchError extends Error {
  override readonly name = 'HtsSearchError';
  constructor(
    readonly reason: 'no_release' | 'no_product_words' | 'not_english' | 'not_a_line',
    message: string,
  ) {
    super(message);
  }
}

export const defaultCandidateLimit = 5;
export const maxCandidateLimit = 20;
/** Candidates over which confidence is shared out (more than are returned, so 5 near-equal ones are not each sure). */
const confidencePool = 20;

/** Whether a heading's chapter title and own text fit every attribute the query states (other than part or whole). */
function headingAllows(index: SearchIndex, heading: string, stated: StatedAttributes): boolean {
  const written = index.headings.get(heading)?.attributes;
  if (!written) return false;
  for (const [id, values] of stated) {
    const inHeading = written.get(id);
    if (id !== 'part_or_whole' && inHeading && !valuesFit(attributeRuleById.get(id)!, values, inHeading)) return false;
  }
  return true;
}

/** Drops the leaves a context answer rules out (when any leaf is left). */
function narrowByAnswers(ranked: RankedLeaf[], answered: StatedAttributes): RankedLeaf[] {
  if (answered.size === 0) return ranked;
  const fits = ranked.filter((entry) =>
    [...answered].every(([id, values]) => {
      const rule = attributeRuleById.get(id)!;
      const written = entry.leaf.attributes.get(id);
      if (written) return valuesFit(rule, values, written);
      const ruledOut = entry.leaf.excluded.get(id);
      return !ruledOut || !valuesExcluded(rule, values, ruledOut);
    }),
  );
  return fits.length > 0 ? fits : ranked;
}

/** Subheadings of one heading among the leading candidates, so the list also spans other headings. */
const subheadingsPerHeading = 3;

/**
 * The best leaf of each 6-digit subheading first, at most `subheadingsPerHeading` of them per
 * heading (so the list spans alternatives), then the next best leaves.
 */
function spreadBySubheading(ranked: RankedLeaf[], count: number): RankedLeaf[] {
  const chosen: RankedLeaf[] = [];
  const subheadings = new Set<string>();
  const perHeading = new Map<string, number>();
  for (const entry of ranked) {
    if (chosen.length === count) break;
    const six = entry.leaf.code.slice(0, 6);
    const four = six.slice(0, 4);
    if (subheadings.has(six) || (perHeading.get(four) ?? 0) >= subheadingsPerHeading) continue;
    subheadings.add(six);
    perHeading.set(four, (perHeading.get(four) ?? 0) + 1);
    chosen.push(entry);
  }
  for (const entry of ranked) {
    if (chosen.length === count) break;
    if (!chosen.includes(entry)) chosen.push(entry);
  }
  return chosen;
}

/**
 * How much of the query's own wording (weighted by rarity) the line explains: words found on its
 * branch, and words of a lexicon phrase that names the line's heading ("earbuds" for 8518).
 */
function coverage(entry: RankedLeaf, query: AnalysedQuery, index: SearchIndex): number {
  const heading = entry.leaf.code.slice(0, 4);
  const explained = new Set(
    query.lexiconMatches.filter((match) => match.headings.includes(heading)).flatMap((match) => match.phrases.flat()),
  );
  let total = 0;
  let found = 0;
  for (const term of query.ownTerms) {
    const weight = Math.log(1 + index.leaves.length / (1 + (index.documentFrequency.get(term) ?? 0)));
    total += weight;
    if (entry.headingTerms.includes(term) || entry.pathTerms.includes(term) || explained.has(term)) found += weight;
  }
  return total === 0 ? 0 : found / total;
}

function rationale(entry: RankedLeaf, query: AnalysedQuery): string {
  const parts: string[] = [];
  const heading = entry.leaf.heading;
  if (entry.headingTerms.length > 0)
    parts.push(
      `heading ${heading.code?.slice(0, 4)} ("${heading.description.replace(/:$/, '')}") matches ${entry.headingTerms.join(', ')}`,
    );
  else parts.push(`heading ${heading.code?.slice(0, 4)} ("${heading.description.replace(/:$/, '')}")`);
  if (entry.pathTerms.length > 0) parts.push(`the line's path matches ${entry.pathTerms.join(', ')}`);
  const lexicon = query.lexiconMatches.filter((match) => match.headings.includes(entry.leaf.code.slice(0, 4)));
  if (lexicon.length > 0)
    parts.push(
      `lexicon: ${lexicon.map((match) => `"${match.words[0] ?? match.contains[0]}" (${match.family})`).join(', ')}`,
    );
  const describe = (ids: string[]) =>
    ids.map(
      (id) =>
        `${id.replace(/_/g, ' ')} ${[...(entry.leaf.attributes.get(id as AttributeId) ?? [])].map((value) => attributeRuleById.get(id as AttributeId)?.values.find((v) => v.id === value)?.label ?? value).join('/')}`,
    );
  if (entry.agreed.length > 0) parts.push(`agrees on ${describe(entry.agreed).join('; ')}`);
  if (entry.contradicted.length > 0) parts.push(`but its wording says ${describe(entry.contradicted).join('; ')}`);
  return `${parts.join('; ')}.`;
}

function toCandidate(entry: RankedLeaf, confidence: number, why: string): HtsSearchCandidate {
  const { leaf } = entry;
  // The first numbered row of the 6-digit subheading on the path (6109.10, or 6109.10.00 when no 6-digit row is published).
  const six = leaf.code.slice(0, 6);
  const subheading =
    [leaf.heading, ...leaf.below].find(
      (row) => row.code !== null && row.code.length >= 6 && row.code.startsWith(six),
    ) ?? null;
  return {
    code: leaf.dottedCode,
    description: leaf.node.description.replace(/:$/, ''),
    descriptionPath: leaf.node.descriptionPath,
    chapter: { code: leaf.code.slice(0, 2) },
    heading: { code: leaf.code.slice(0, 4), description: leaf.heading.description.replace(/:$/, '') },
    subheading: {
      code: dottedHtsCode(leaf.code.slice(0, 6)),
      description: subheading ? subheading.description.replace(/:$/, '') : null,
    },
    confidence,
    rationale: why,
    matchedTerms: [...new Set([...entry.headingTerms, ...entry.pathTerms])],
  };
}

async function rerank(
  candidates: HtsSearchCandidate[],
  query: string,
  reranker: CandidateReranker | null | undefined,
): Promise<{ candidates: HtsSearchCandidate[]; report: RerankingReport }> {
  if (!reranker) return { candidates, report: { status: 'off', model: null, reason: null, latencyMs: null } };
  if (candidates.length < 2)
    return {
      candidates,
      report: {
        status: 'fallback',
        model: reranker.model,
        reason: 'fewer than two candidates to rank',
        latencyMs: null,
      },
    };
  const started = performance.now();
  try {
    const order = await reranker.rerank(
      query,
      candidates.map(({ code, descriptionPath }) => ({ code, descriptionPath })),
    );
    const byCode = new Map(candidates.map((candidate) => [candidate.code, candidate]));
    return {
      candidates: order.map((code) => byCode.get(code) as HtsSearchCandidate),
      report: {
        status: 'applied',
        model: reranker.model,
        reason: null,
        latencyMs: Math.round(performance.now() - started),
      },
    };
  } catch (error) {
    if (!(error instanceof RerankFailed)) throw error;
    return {
      candidates,
      report: {
        status: 'fallback',
        model: reranker.model,
        reason: error.message,
        latencyMs: Math.round(performance.now() - started),
      },
    };
  }
}

/**
 * One rule for a query the search cannot read: no word of it describes goods the schedule or the
 * lexicon knows (emoji or punctuation only, a brand or model name, gibberish), or it is written in
 * another language. Each is refused (422) with the reason, rather than answered with no
 * candidates or with candidates that share a word by chance.
 */
function refuseUnreadable(raw: string, query: AnalysedQuery, index: SearchIndex, analyser: TextAnalyser): void {
  const lexiconTerms = new Set(query.lexiconMatches.flatMap((match) => match.phrases.flat()));
  const known = (word: string) => index.vocabulary.has(analyser.lemma(word)) || lexiconTerms.has(analyser.lemma(word));
  const language = foreignLanguageOf(raw, known);
  if (language !== null)
    throw new HtsSearchError(
      'not_english',
      `The query reads as ${language}, not English: the search reads English descriptions of the goods (the schedule's language).`,
    );
  const knowsAWord =
    query.lexiconMatches.length > 0 || [...query.weights.keys()].some((term) => index.vocabulary.has(term));
  if (!knowsAWord)
    throw new HtsSearchError(
      'no_product_words',
      query.ownTerms.size === 0
        ? 'The query has no words that describe a product.'
        : `No word of the query ("${[...query.ownTerms].slice(0, 5).join('", "')}") is one the schedule or the lexicon uses: a brand, a model name or a misspelling? Describe the goods in plain English.`,
    );
}

/** A query that is an HTS number answers the line it names, or the lines below a heading or subheading, in schedule order. */
function lookUpResult(
  index: SearchIndex,
  digits: string,
  limit: number,
  context: Record<string, string> | undefined,
): HtsSearchResult {
  const code = dottedHtsCode(digits);
  const found = lookUpHtsNumber(index, digits);
  const { release } = index;
  if (!found.found)
    throw new HtsSearchError(
      'not_a_line',
      found.reason === 'not_in_release'
        ? `${code} is not a line of ${release.title}, the HTS release in force.`
        : `${code} is a provision of chapter ${digits.slice(0, 2)} (special classification or additional duties), not the classification of goods.`,
    );
  const confidence = found.exact ? 1 : Math.round((1 / found.leaves.length) * 1000) / 1000;
  const why = found.exact
    ? `the query is this line's number in ${release.title}.`
    : `a line under ${code}, the number the query gives (${found.leaves.length} lines in ${release.title}).`;
  const candidates = found.leaves
    .slice(0, limit)
    .map((leaf) =>
      toCandidate({ leaf, score: 0, headingTerms: [], pathTerms: [], agreed: [], contradicted: [] }, confidence, why),
    );
  return {
    release: { id: release.id, title: release.title, effectiveDate: release.effectiveDate },
    queryKind: 'hts_code',
    candidates,
    clarifications: [],
    context: { applied: {}, ignored: Object.keys(context ?? {}) },
    reranking: { status: 'off', model: null, reason: null, latencyMs: null },
  };
}

/** Refuses a description over the limit (413, naming it); a ruling pasted whole fits. */
export function checkQueryLength(query: string): void {
  if (query.length > maxQueryLength)
    throw new DomainError(
      'too_large',
      `The query is ${query.length.toLocaleString('en-US')} characters; at most ${maxQueryLength.toLocaleString('en-US')} (limit max_query_length).`,
      [{ field: 'query', message: `at most ${maxQueryLength} characters (limit max_query_length)` }],
    );
}

/**
 * Searches the HTS release in force for the codes that best fit a product description: the
 * offline index and lexicon rank the lines, context answers narrow them, clarifying questions
 * say what would separate the best ones, and an optional model re-orders the result. Every code
 * returned is a line of the release in force.
 */
export async function searchHtsCodes(request: HtsSearchRequest, deps: HtsSearchDeps): Promise<HtsSearchResult> {
  checkQueryLength(request.query);
  const today = new Date(deps.clock()).toISOString().slice(0, 10);
  const release = await deps.store.inForceOn(today);
  if (!release) throw new HtsSearchError('no_release', `no HTS release is in force on ${today}`);
  const index = await deps.indexes.forRelease(release);
  const limit = Math.min(maxCandidateLimit, Math.max(1, request.limit ?? defaultCandidateLimit));
  const digits = htsNumberInQuery(request.query);
  if (digits !== null) return lookUpResult(index, digits, limit, request.context);
  const query = analyseQuery(
    goodsDescription(request.query),
    deps.indexes.analyser,
    deps.lexicon,
    request.context,
    (heading, stated) => headingAllows(index, heading, stated),
  );
  bridgeToSchedule(query, index.vocabulary, deps.indexes.analyser);
  refuseUnreadable(request.query, query, index, deps.indexes.analyser);

  const ranked = narrowByAnswers(rankLeaves(index, query), query.answered).filter((entry) =>
    index.codes.has(entry.leaf.code),
  );
  const pool = spreadBySubheading(ranked, Math.max(limit, confidencePool));
  const confidences = candidateConfidences(
    pool.map((entry) => entry.score),
    pool.map((entry) => coverage(entry, query, index)),
  );
  const candidates = pool
    .slice(0, limit)
    .map((entry, i) => toCandidate(entry, confidences[i], rationale(entry, query)));

  const applied = Object.fromEntries([...query.answered].map(([id, values]) => [id, [...values][0]]));
  const offline: HtsSearchResult = {
    release: { id: release.id, title: release.title, effectiveDate: release.effectiveDate },
    queryKind: 'description',
    candidates,
    clarifications: clarifyingQuestions(ranked, query.stated),
    context: { applied, ignored: Object.keys(request.context ?? {}).filter((key) => !(key in applied)) },
    reranking: { status: 'off', model: null, reason: null, latencyMs: null },
  };
  return rerankSearchResult(offline, request.query, deps.reranker);
}

/** The offline result re-ordered by the optional model (the worker threads rank offline; this waits on the network). */
export async function rerankSearchResult(
  offline: HtsSearchResult,
  query: string,
  reranker: CandidateReranker | null | undefined,
): Promise<HtsSearchResult> {
  // A looked-up HTS number is the schedule's answer, in the schedule's order: there is nothing to re-rank.
  if (offline.queryKind === 'hts_code') return offline;
  const { candidates, report } = await rerank(offline.candidates, query, reranker);
  return { ...offline, candidates, reranking: report };
}
