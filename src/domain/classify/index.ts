/** The classify capability's public surface: code outside src/domain/classify imports it from here. */
export type { SearchableHtsLine } from './classify-ports';
export { HtsSearchError, type HtsSearchResult, searchHtsCodes } from './hts-search.service';
export { buildLexicon, type Lexicon, LexiconError } from './lexicon';
export { type CandidateReranker, OpenAiCompatibleReranker } from './llm-reranker';
export { HtsSearchIndexCache } from './search-index-cache';
export { HtsSearchPool, searchTaskRunner, type SearchAnswer, type SearchTask } from './search-pool';
export type { TextAnalyser } from './text-analysis';
