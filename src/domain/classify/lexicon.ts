import { z } from 'zod';
import type { TextAnalyser } from './text-analysis';

/**
 * The curated lexicon: everyday product words → the schedule's wording (and, where the words
 * settle it, the heading). Owned in the repo as YAML families under lexicon/, reviewed like code,
 * validated here and tested against the release. Entries describe whole families of goods,
 * never individual evaluation items.
 */
const entrySchema = z
  .object({
    /** Everyday words or phrases ("boxer shorts", "sneaker"); matched on lemmas, so plurals match too. */
    words: z.array(z.string().min(1)).default([]),
    /** Word parts that name a family wherever they occur in a query word (chemical names: "chloro", "amine"). */
    contains: z.array(z.string().regex(/^[a-z]{3,}$/)).default([]),
    /** The schedule's wording for them, added to the query. */
    means: z.array(z.string().min(1)).default([]),
    /** Headings (4 digits) the words point to. */
    headings: z.array(z.string().regex(/^\d{4}$/)).default([]),
  })
  .strict()
  .refine((entry) => entry.words.length + entry.contains.length > 0, { message: 'an entry needs words or contains' });

const familySchema = z
  .object({
    family: z.string().min(1),
    description: z.string().min(1),
    entries: z.array(entrySchema).default([]),
    /** Interchangeable words (tyre/tire, sofa/couch), added to each other at low weight. */
    synonyms: z.array(z.array(z.string().min(1)).min(2)).default([]),
  })
  .strict();

export interface LexiconEntry {
  family: string;
  /** Each phrase as its sequence of content terms. */
  phrases: string[][];
  words: string[];
  contains: string[];
  meansTerms: string[];
  headings: string[];
}

export interface Lexicon {
  entries: LexiconEntry[];
  /** term → its synonyms' terms. */
  synonyms: Map<string, string[]>;
}

export class LexiconError extends Error {
  override readonly name = 'LexiconError';
}

/** Validates the family files (name → parsed YAML) and analyses their words as queries will be. */
export function buildLexicon(files: Record<string, unknown>, analyser: TextAnalyser): Lexicon {
  const entries: LexiconEntry[] = [];
  const synonyms = new Map<string, string[]>();
  for (const [name, content] of Object.entries(files)) {
    const parsed = familySchema.safeParse(content);
    if (!parsed.success)
      throw new LexiconError(
        `${name}: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`,
      );
    for (const entry of parsed.data.entries) {
      const phrases = entry.words.map((word) => analyser.terms(word)).filter((terms) => terms.length > 0);
      if (phrases.length !== entry.words.length)
        throw new LexiconError(`${name}: "${entry.words.join(', ')}" has a phrase with no content word`);
      entries.push({
        family: parsed.data.family,
        phrases,
        words: entry.words,
        contains: entry.contains,
        meansTerms: [...new Set(entry.means.flatMap((text) => analyser.terms(text)))],
        headings: entry.headings,
      });
    }
    for (const group of parsed.data.synonyms) {
      const terms = group.map((word) => analyser.terms(word).join(' '));
      for (const term of terms) {
        const others = terms.filter((other) => other !== term).flatMap((other) => other.split(' '));
        synonyms.set(term, [...new Set([...(synonyms.get(term) ?? []), ...others])]);
      }
    }
  }
  return { entries, synonyms };
}

function containsPhrase(terms: string[], phrase: string[]): boolean {
  outer: for (let start = 0; start + phrase.length <= terms.length; start++) {
    for (let i = 0; i < phrase.length; i++) if (terms[start + i] !== phrase[i]) continue outer;
    return true;
  }
  return false;
}

/**
 * The entries whose words occur in the query's terms (in order, as phrases), or whose word parts
 * occur inside a query word, each with the phrases found (a word part counts as the query word).
 */
export function matchLexicon(lexicon: Lexicon, terms: string[]): Array<{ entry: LexiconEntry; phrases: string[][] }> {
  const matches: Array<{ entry: LexiconEntry; phrases: string[][] }> = [];
  for (const entry of lexicon.entries) {
    const phrases = entry.phrases.filter((candidate) => containsPhrase(terms, candidate));
    const word = terms.find((term) => entry.contains.some((part) => term.includes(part)));
    if (word) phrases.push([word]);
    if (phrases.length > 0) matches.push({ entry, phrases });
  }
  return matches;
}
