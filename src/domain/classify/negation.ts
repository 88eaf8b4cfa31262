/**
 * Negation scope: the words a negation rules out, in a query ("no added sugar", "shirts, not
 * knitted", "bags without handles", "neither bleached nor dyed", "sugar-free") and in the
 * schedule's wording ("Coffee, not roasted", "Without handles"). One left-to-right pass over the
 * text: a negated word counts against a line that names it and for one that rules it out.
 */

/**
 * The words that open a negation. "With or without" rules nothing out; "not exceeding", "no more
 * than" and the like state a limit (quantities.ts reads them); "No." is a number; "free of charge"
 * is a price. "Whether or not" rules nothing out either, but the schedule's wording does not
 * affirm what it qualifies ("Coffee, whether or not roasted" is not the roasted coffee).
 */
const cue =
  /(?<!\bwith or )\b(?:not|no|without|other than|excluding|except|exclusive of|free (?:of|from)|neither)\b(?![.#-]|\s*\d|\s+(?:more|less|exceeding|over|under|greater|fewer|only|charge|additional|longer|later|earlier)\b)|\bnon-(?=[a-z])/g;
/** "No" is a query's word: the schedule's "having no jewels or only one jewel" is left as written. */
const queryOnlyCue = 'no';
const whetherOrNot = /\bwhether or $/;
/** "Sugar-free", "asbestos-free": without the first word. Not the idioms ("hands-free", "duty-free"). */
const freeCompound = /\b(?!(?:hands?|duty|tax|toll|care|trouble|hassle|maintenance|worry)-)([a-z]+)-free\b/g;
/** Ends a query's negation once it has a word: a new clause, a feature, a use, another item. */
const queryScopeEnd =
  /^(?:with|but|which|that|where|while|used|having|featuring|including|designed|intended|suitable|for|is|are|in|on|from|made|packed)$/;
/** Words that open a negation's scope without saying what it rules out ("not put up for retail sale"). */
const scopeOpening = new Set(['put', 'up', 'a', 'an', 'the', 'any', 'of', 'made']);
/** "And" before another article ("no pockets and a rib knit waistband") ends it; "no pockets and buttons" does not. */
const anotherArticle = /^\s+(?:a|an|the|with|its|their)\b/;
/** A query's negation reads at most this many words (a run-on description has no punctuation). */
const maxQueryScopeWords = 6;

/** One negation: the cue starts at `cueAt`, the words it rules out run from `wordsAt` to `end`. */
export interface NegationScope {
  cueAt: number;
  wordsAt: number;
  end: number;
  /** "non-" and "-free" negate one word, which the text keeps whole (the schedule says "nonwovens"). */
  inWord: boolean;
  /** "Whether or not" in the schedule's wording: its words are neither affirmed nor ruled out. */
  neutral: boolean;
}

/**
 * The words after a cue up to the punctuation that ends its clause or the next cue ("whether or
 * not worked but not strung": strung is ruled out), and in a query up to the first word that
 * starts another clause.
 */
function scopeEnd(text: string, from: number, limit: number, inQuery: boolean): number {
  const clause = (/^[^,;:()]*/.exec(text.slice(from, limit)) as RegExpExecArray)[0];
  if (!inQuery) return from + clause.trimEnd().length;
  const word = /\s*([a-z0-9%'/-]+)/y;
  let end = from;
  let count = 0;
  let said = false;
  for (let match = word.exec(clause); match; match = word.exec(clause)) {
    const another = match[1] === 'and' && anotherArticle.test(clause.slice(word.lastIndex));
    if (count === maxQueryScopeWords || (said && (queryScopeEnd.test(match[1]) || another))) break;
    end = from + word.lastIndex;
    count++;
    said ||= !scopeOpening.has(match[1]);
  }
  return end;
}

/** The negations of a folded (lower-case) text, in order, not overlapping. */
export function negationScopes(folded: string, inQuery: boolean): NegationScope[] {
  const cues = [...folded.matchAll(cue)].filter((match) => inQuery || match[0] !== queryOnlyCue);
  const scopes: NegationScope[] = [];
  cues.forEach((match, at) => {
    const neutral = match[0] === 'not' && whetherOrNot.test(folded.slice(Math.max(0, match.index - 11), match.index));
    if (neutral && inQuery) return;
    const wordsAt = match.index + match[0].length;
    const end =
      match[0] === 'non-'
        ? wordsAt + (/^[a-z]+/.exec(folded.slice(wordsAt))?.[0].length ?? 0)
        : scopeEnd(folded, wordsAt, cues[at + 1]?.index ?? folded.length, inQuery);
    scopes.push({ cueAt: match.index, wordsAt, end, inWord: match[0] === 'non-', neutral });
  });
  for (const match of folded.matchAll(freeCompound)) {
    if (scopes.some((scope) => match.index >= scope.cueAt && match.index < scope.end)) continue;
    const end = match.index + match[1].length;
    scopes.push({ cueAt: match.index, wordsAt: match.index, end, inWord: true, neutral: false });
  }
  return scopes.sort((a, b) => a.cueAt - b.cueAt);
}

export interface NegationReading {
  /** The text without what it rules out (a "non-" word stays: it is a word of its own). */
  affirmed: string;
  /** The words ruled out, one negation per segment. */
  negated: string[];
  /** Whether a position of the text lies among words a negation rules out (not on its cue). */
  isNegated(at: number): boolean;
}

/** Splits a text into what it affirms and what its negations rule out (as written; cues are read lower-cased). */
export function readNegations(text: string, inQuery: boolean): NegationReading {
  const scopes = negationScopes(text.toLowerCase(), inQuery);
  const folded = text;
  let affirmed = '';
  let from = 0;
  for (const scope of scopes) {
    affirmed += folded.slice(from, scope.cueAt);
    // A "-free" word goes with its negation; a "non-" word is kept for the term it is.
    const freeWord = scope.inWord && scope.cueAt === scope.wordsAt;
    if (!scope.inWord) affirmed += ' ; ';
    else if (!freeWord) affirmed += folded.slice(scope.cueAt, scope.end);
    from = freeWord ? scope.end + '-free'.length : scope.end;
  }
  affirmed += folded.slice(from);
  return {
    affirmed,
    negated: scopes.filter((scope) => !scope.neutral).map((scope) => folded.slice(scope.wordsAt, scope.end)),
    isNegated: (at) => scopes.some((scope) => !scope.neutral && at >= scope.wordsAt && at < scope.end),
  };
}
