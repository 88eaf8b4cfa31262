import winkNLP, { ItsFunction } from 'wink-nlp';
import model from 'wink-eng-lite-web-model';

/**
 * Words that carry no product meaning in a query or in the schedule's wording. "Other", "parts"
 * and the like are not here: they matter in the schedule and are weighed by the index instead.
 */
const stopWords = new Set([
  'a',
  'an',
  'the',
  'of',
  'or',
  'and',
  'for',
  'with',
  'without',
  'to',
  'in',
  'on',
  'at',
  'by',
  'from',
  'as',
  'into',
  'than',
  'be',
  'is',
  'are',
  'was',
  'were',
  'it',
  'its',
  'this',
  'that',
  'these',
  'those',
  'such',
  'which',
  'whether',
  'not',
  'nor',
  'but',
  'if',
  'other',
  'etc',
  'eg',
  'ie',
  'e',
  'g',
  'nesoi',
  'thereof',
  'therefor',
  'their',
  'each',
  'any',
  'all',
  'some',
  'more',
  'less',
  'no',
  'only',
  'also',
  'either',
  'both',
  'so',
  'per',
  'including',
  'include',
  'except',
  'subheading',
  'heading',
  'chapter',
  'note',
  'statistical',
  'u',
  's',
  'us',
  'used',
  'use',
  'made',
  'make',
  'type',
  'kind',
  'designed',
  'design',
  'intended',
  'suitable',
  'principally',
  'solely',
  'chiefly',
  'mainly',
  'primarily',
  'consisting',
  'consist',
  'containing',
  'contain',
  'featuring',
  'feature',
  'having',
  'have',
  'has',
  'can',
  'may',
  'will',
  'would',
  'which',
  'who',
  'what',
  'when',
  'where',
  'there',
  'here',
  'about',
  'over',
  'under',
  'up',
  'down',
  'out',
  'new',
  'brand',
  'model',
  'item',
  'product',
  'approximately',
  'approx',
  'measuring',
  'measure',
  'various',
  'via',
  'imported',
  'import',
  'importation',
  'unspecified',
  'specifically',
  'respectively',
  'comprise',
  'comprised',
]);

/** Tokens shorter than this are noise (initials, stray letters) once possessives and hyphens are split. */
const minimumTermLength = 2;

export interface WeightedTerm {
  term: string;
  weight: number;
}

/** "knee-length" is one word of the query, indexed as "kneelength", "knee" and "length": its parts are weaker evidence. */
const compoundPartWeight = 0.5;

export interface TextAnalyser {
  /** The content terms of a text: lower-cased lemmas, stop words and numbers removed, in order. */
  terms(text: string): string[];
  /** The same, each with its weight in a query: the parts of a hyphenated word count less than the word. */
  weightedTerms(text: string): WeightedTerm[];
  /** The lemma of one lower-case word, as the index stores it. */
  lemma(word: string): string;
  /** The Porter2 stem of one lower-case word ("measurement" and "measuring" → "measur"). */
  stem(word: string): string;
}

/** Folds accents, curly quotes and case so that "Café’s" and "cafe's" read alike. */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u2018\u2019\u2032]/g, "'")
    .toLowerCase();
}

/** Raw words: possessives dropped ("men's" → "men"), hyphenated compounds kept whole for splitting later. */
function rawWords(folded: string): string[] {
  return folded
    .replace(/(\w)'s\b/g, '$1')
    .replace(/s'(?=\W|$)/g, 's')
    .split(/[^a-z0-9-]+/)
    .map((word) => word.replace(/^-+|-+$/g, ''))
    .filter((word) => word !== '');
}

/**
 * A plural the model leaves as it is because it does not know the word ("monofilaments",
 * "geoboards"): the regular plural, where the ending cannot be a singular's ("gas", "lens",
 * "series", "chassis", "canvas" stay).
 */
function unknownPlural(word: string): string {
  return /[^aeiosu]s$/.test(word) && word.length > 5 ? word.slice(0, -1) : word;
}

/** The model does not know joined compounds ("tshirts"); their plural is the regular one. */
function singular(word: string): string {
  return /[^su]s$/.test(word) ? word.slice(0, -1) : word;
}

/**
 * Lemmatisation by wink-nlp with its small English model (shipped inside its npm package, so
 * nothing is downloaded at run time). Each distinct word is lemmatised once, on its own, and
 * cached: the same word then always gets the same lemma, in the schedule and in a query alike,
 * which matters more for retrieval than the context-sensitive lemma would.
 */
export function createTextAnalyser(): TextAnalyser {
  const nlp = winkNLP(model, ['pos', 'sbd', 'negation']);
  const its = nlp.its;
  const cache = new Map<string, string>();

  function readLemma(word: string): { lemma: string; verb: boolean } {
    const tokens = nlp.readDoc(word).tokens();
    const lemmas = tokens.out(its.lemma as ItsFunction<string>) as string[];
    if (lemmas.length !== 1) return { lemma: word, verb: false };
    return {
      lemma: lemmas[0].toLowerCase(),
      verb: (tokens.out(its.pos as ItsFunction<string>) as string[])[0] === 'VERB',
    };
  }

  function lemma(word: string): string {
    let cached = cache.get(word);
    if (cached === undefined) {
      const read = readLemma(word);
      // Out of context an irregular past form is read as the verb ("saw" → see, "felt" → feel,
      // "spoke" → speak); in goods it is the noun, as its plural shows ("saws" → saw).
      const nounToo =
        read.verb && read.lemma !== word && !/(?:ed|ing|s)$/.test(word) && readLemma(`${word}s`).lemma === word;
      cached = nounToo ? word : read.lemma === word ? unknownPlural(word) : read.lemma;
      cache.set(word, cached);
    }
    return cached;
  }

  function stem(word: string): string {
    const stems = nlp
      .readDoc(word)
      .tokens()
      .out(its.stem as ItsFunction<string>) as string[];
    return stems.length === 1 ? stems[0] : word;
  }

  function contentTerm(word: string): string | null {
    if (/\d/.test(word) || word.length < minimumTermLength || stopWords.has(word)) return null;
    const base = lemma(word);
    return stopWords.has(base) || base.length < minimumTermLength ? null : base;
  }

  function weightedTerms(text: string): WeightedTerm[] {
    const out: WeightedTerm[] = [];
    for (const word of rawWords(foldText(text))) {
      if (!word.includes('-')) {
        const term = contentTerm(word);
        if (term) out.push({ term, weight: 1 });
        continue;
      }
      // "T-shirts" is indexed as "tshirt" and "shirt", so "tshirt", "t-shirt" and "shirt" all find it.
      const joined = contentTerm(singular(word.replace(/-/g, '')));
      if (joined) out.push({ term: joined, weight: 1 });
      // "Non-reinforced" is not reinforced: only the joined word stands for it.
      if (/^non-/.test(word)) continue;
      for (const part of word.split('-')) {
        const term = contentTerm(part);
        if (term && term !== joined) out.push({ term, weight: joined ? compoundPartWeight : 1 });
      }
    }
    return out;
  }

  const terms = (text: string) => weightedTerms(text).map((entry) => entry.term);

  return { terms, weightedTerms, lemma, stem };
}
