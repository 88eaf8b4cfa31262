import type { TextAnalyser } from './text-analysis';

/**
 * Bridges from a query word the schedule never uses to the schedule words it stands for: the
 * same stem in another form ("copier" → copying, "sorter" → sorting), or the two schedule words
 * a closed compound joins ("tugboat" → tug, boat). Such words are weighed lower than the query's
 * own, because the bridge can be wrong; a word the schedule uses is never bridged.
 */
export interface ScheduleVocabulary {
  /** Whether the schedule uses the term. */
  has(term: string): boolean;
  /** Porter2 stem → the schedule's terms with that stem. */
  byStem: Map<string, string[]>;
}

/** Shortest part of a split compound (so "airbag" splits, "season" does not become "sea" + "son"). */
const minimumCompoundPart = 3;
const minimumCompoundLength = 7;
/** Shortest schedule word taken as the ending of a longer query word (so "-ine" or "-ate" never is). */
const minimumEnding = 5;

export function stemFamilies(terms: Iterable<string>, analyser: TextAnalyser): Map<string, string[]> {
  const byStem = new Map<string, string[]>();
  for (const term of terms) {
    const stem = analyser.stem(term);
    const family = byStem.get(stem) ?? [];
    family.push(term);
    byStem.set(stem, family);
  }
  return byStem;
}

/** Agent and instrument nouns the stemmer keeps whole ("copier", "sorter", "pulper"): their verb's stem. */
function agentStem(term: string, analyser: TextAnalyser): string | null {
  const match = /^(.{3,})(?:er|or)$/.exec(term);
  return match ? analyser.stem(match[1]) : null;
}

function compoundParts(term: string, vocabulary: ScheduleVocabulary): string[] | null {
  if (term.length < minimumCompoundLength) return null;
  let best: string[] | null = null;
  for (let at = minimumCompoundPart; at <= term.length - minimumCompoundPart; at++) {
    const parts = [term.slice(0, at), term.slice(at)];
    if (!parts.every((part) => vocabulary.has(part))) continue;
    // The most even split is the likeliest reading ("blackboard" → black + board, not blackb + oard).
    if (!best || Math.min(...parts.map((part) => part.length)) > Math.min(...best.map((part) => part.length)))
      best = parts;
  }
  return best;
}

/** The schedule's terms a query term stands for, or [] when the schedule uses the term itself (or nothing fits). */
export function scheduleTermsFor(term: string, vocabulary: ScheduleVocabulary, analyser: TextAnalyser): string[] {
  if (vocabulary.has(term)) return [];
  const family = vocabulary.byStem.get(analyser.stem(term)) ?? [];
  if (family.length > 0) return family;
  const agent = agentStem(term, analyser);
  const agentFamily = agent ? (vocabulary.byStem.get(agent) ?? []) : [];
  if (agentFamily.length > 0) return agentFamily;
  return asDerivative(term, compoundParts(term, vocabulary) ?? knownEnding(term, vocabulary), vocabulary);
}

/** The longest schedule word a query word ends with ("ovalbumin" → albumin, "dimethoxymethane" → methane). */
function knownEnding(term: string, vocabulary: ScheduleVocabulary): string[] {
  if (negatedWord(term)) return [];
  for (let at = 1; term.length - at >= minimumEnding; at++) {
    if (vocabulary.has(term.slice(at))) return [term.slice(at)];
  }
  return [];
}

/** The word a negating prefix is joined to: "unroasted" → roasted, "nonretail" → retail. */
function negatedWord(term: string): string | null {
  return /^(?:un|non)([a-z]{4,})$/.exec(term)?.[1] ?? null;
}

/** The schedule's terms a query word that negates one stands for ("unroasted" → roasted: the lines that say "not roasted"). */
export function negatedScheduleTerms(term: string, vocabulary: ScheduleVocabulary, analyser: TextAnalyser): string[] {
  const word = negatedWord(term);
  if (!word || vocabulary.has(term)) return [];
  if (vocabulary.has(word)) return [word];
  return vocabulary.byStem.get(analyser.stem(word)) ?? [];
}

/** A leading part that names a substituent group ("isopropyl", "chloro", "methoxy"). */
const substituent = /(?:yl|oxy|chloro|bromo|fluoro|iodo|nitro|nitroso|amino|hydroxy|cyano|thio)$/;

/**
 * A compound substituted on a parent compound the schedule names is one of that compound's
 * derivatives: "isopropylaniline" is among the "aniline derivatives", not aniline.
 */
function asDerivative(term: string, parts: string[], vocabulary: ScheduleVocabulary): string[] {
  const parent = parts[parts.length - 1];
  return parent && substituent.test(term.slice(0, term.length - parent.length)) && vocabulary.has('derivative')
    ? [...parts, 'derivative']
    : parts;
}

/**
 * Words the schedule sets against each other to split goods by origin (graphite, borates, rubber,
 * honey, waxes, pearls: "Natural graphite" and "Artificial graphite"): stating one rules the
 * others out, unless the line says both ("natural or artificial mineral waters").
 */
const opposites = new Map<string, string[]>([
  ['natural', ['synthetic', 'artificial']],
  ['synthetic', ['natural']],
  ['artificial', ['natural']],
]);

/** Notes a term the query rules out, with the largest weight any of its words gives it. */
function ruleOut(negated: Map<string, number>, term: string, weight: number): void {
  negated.set(term, Math.max(negated.get(term) ?? 0, weight));
}

/** The prefixes by which the schedule writes a word's negation in one word ("unbleached", "nonalloy"). */
const negatingPrefixes = ['un', 'non'];

/** A bridged term counts this much of the query word it stands for. */
const bridgeWeight = 0.7;

/**
 * Adds, to a query's weighted terms, the schedule's terms for each word the schedule does not use,
 * and to its negated terms the schedule's terms a word such as "unroasted" rules out, and those a
 * word such as "synthetic" is set against (natural).
 */
export function bridgeToSchedule(
  query: { weights: Map<string, number>; negated: Map<string, number>; unlessAlso: Map<string, string> },
  vocabulary: ScheduleVocabulary,
  analyser: TextAnalyser,
): void {
  const { weights, negated } = query;
  for (const [term, others] of opposites) {
    const weight = weights.get(term);
    if (weight === undefined || others.some((other) => weights.has(other))) continue;
    for (const other of others.filter((word) => vocabulary.has(word))) {
      ruleOut(negated, other, weight * bridgeWeight);
      query.unlessAlso.set(other, term);
    }
  }
  // A word the query's negation rules out stands for the schedule's word that negates it: "neither
  // bleached nor dyed" is "Unbleached", "not alloyed" "Nonalloy".
  for (const [term, weight] of [...negated]) {
    for (const prefix of negatingPrefixes)
      if (vocabulary.has(prefix + term) && !weights.has(prefix + term)) weights.set(prefix + term, weight);
  }
  for (const [term, weight] of [...weights]) {
    for (const bridged of scheduleTermsFor(term, vocabulary, analyser)) {
      if (!weights.has(bridged)) weights.set(bridged, weight * bridgeWeight);
    }
    for (const ruledOut of negatedScheduleTerms(term, vocabulary, analyser))
      ruleOut(negated, ruledOut, weight * bridgeWeight);
  }
}
