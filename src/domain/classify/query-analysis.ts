import { attributeRuleById, AttributeId, attributeRules, attributesInQuery, StatedAttributes } from './attributes';
import { fibreSharesInQuery } from './fibre-shares';
import { Lexicon, LexiconEntry, matchLexicon } from './lexicon';
import { quantitiesInQuery, withoutQuantityUnits } from './quantities';
import type { WeightedQuery } from './ranking';
import { withoutIncidentals } from './query-cleanup';
import { readNegations } from './negation';
import { foldText, TextAnalyser } from './text-analysis';

/** The query's own words weigh 1; its head noun more; the lexicon's wording less; synonyms least. */
const headNounWeight = 1.5;
const lexiconWeight = 0.5;
const synonymWeight = 0.35;
/**
 * Words after a clause that says what the goods are used for ("…used in the beer industry") or
 * what they include or feature ("…featuring a V-neckline", "…including a foot tub") describe the
 * use or the make-up, not the goods themselves: they weigh less. Inside a hyphenated word
 * ("asbestos-containing", "clip-on") such a word starts no clause, here or in the head noun's.
 */
const modifierClause =
  /(?<!-)\b(?:used|intended|designed|suitable|indicated|for use|featuring|including|consisting|comprising|comprised|containing|equipped|fitted|having|with|without)\b(?!-)/;
const modifierClauseWeight = 0.6;
/**
 * A purpose ("seeds for sowing", "stone for tool grinding") narrows the goods but does not name
 * them: its words weigh as a use clause's. Not for parts, whose heading the goods they are for
 * decide (section XVI note 2, section XVII note 3).
 */
const purposeClause = /(?<!-)\bfor\b(?!-)/;
/**
 * A grade or a use ("food grade", "film grade", "industrial use") states a quality the goods meet
 * or what they serve, not the goods: its words weigh as a use clause's, and it is never the head
 * noun.
 */
const gradeOrUse = /\b[a-z-]+\s+(?:grade|use)\b/g;
/** How strongly a lexicon entry's headings are preferred, in units of the rarest term's idf. */
const lexiconHeadingHint = 0.6;
/** The hint of the words the lexicon knows when it does not know the head noun. */
const unknownHeadHint = 0.3;
/** Each word of the naming phrase beyond the first adds this share to its hint. */
const phraseLengthBonus = 0.5;
/** The words of a compound the lexicon knows, where the schedule uses them alone. */
const compoundWordWeight = 0.7;
const partWords = new Set(['part', 'component', 'accessory', 'spare']);
/** A lead that ends in a word naming a set of goods put up together, not the goods. */
const setNoun = /\b(?:sets?|kits?|packs?|combos?|assortments?)\s*$/;

export interface AnalysedQuery extends WeightedQuery {
  /** The lexicon entries the query's words matched (for the rationale). */
  lexiconMatches: LexiconEntry[];
  /** Attribute values given as answers to clarifying questions. */
  answered: StatedAttributes;
  /** The query's own content terms. */
  ownTerms: Set<string>;
}

/**
 * The head noun: the last content word before the first word that starts a modifier ("of",
 * "for", "with", "made", "measuring", a comma…), parentheses aside. "cast steel fittings made to
 * ASTM A216, used for pipes" → "fitting"; "polyvinyl chloride (PVC) sheets used in furniture" → "sheet".
 */
function headNoun(text: string, analyser: TextAnalyser): string | null {
  const segments = foldText(text)
    .replace(/\([^)]*\)/g, ' ')
    .replace(gradeOrUse, ';')
    .split(
      /,|;|:|\(|\s-\s|(?<!-)\b(?:of|for|with|without|made|used|from|in|on|at|by|to|via|that|which|where|whether|consisting|comprised|comprising|including|containing|featuring|having|designed|intended|indicated|measuring|produced|imported|suitable|such as)\b(?!-)/,
    );
  // A leading segment set off by a comma that is a lone adjective ("hot-rolled, seamless steel
  // tubes") or only says whom and what the goods are of ("a men's 100% cotton, jersey knit
  // pullover") is not the lead.
  let at = 0;
  while (
    at < segments.length - 1 &&
    text.includes(`${segments[at].trim()},`) &&
    (/^\s*[a-z-]+\s*$/.test(segments[at]) || onlyAttributes(segments[at], analyser))
  )
    at++;
  const lead = segments.slice(0, at + 1).join(' ');
  const terms = analyser.terms(lead);
  // A set is classified as the goods that give it its essential character (GRI 3(b)): in "a hole
  // saw kit" the saw is the head, not the kit.
  const last = terms.length > 1 && setNoun.test(lead) ? terms.length - 2 : terms.length - 1;
  return terms[last] ?? null;
}

/** The words by which a query states gender, fibre, material, power source or condition. */
const attributeWords = attributeRules
  .filter((rule) => rule.id !== 'part_or_whole')
  .flatMap((rule) => rule.values.map((value) => new RegExp(value.inQuery.source, 'g')));

/**
 * Whether a text only says whom the goods are for and what they are of ("a men's 100% cotton"):
 * it names a gender or a share, and nothing but attribute values. A material alone ("stainless
 * steel, cold-rolled") may be the goods themselves.
 */
function onlyAttributes(text: string, analyser: TextAnalyser): boolean {
  if (!attributesInQuery(text).has('gender') && !/\d\s*%/.test(text)) return false;
  return attributeWordsOnly(text, analyser);
}

/** Whether a text has no content word beyond the words that state attributes ("100% PVC", "battery-operated"). */
function attributeWordsOnly(text: string, analyser: TextAnalyser): boolean {
  return analyser.terms(attributeWords.reduce((rest, words) => rest.replace(words, ' '), text)).length === 0;
}

/** A word a query's negation rules out counts this much of its weight, as a word the bridge rules out ("unroasted") does. */
const negatedWordWeight = 0.7;

/** The terms the query's negations rule out, unless the query also affirms them. */
function negatedTerms(spans: string[], weights: Map<string, number>, analyser: TextAnalyser): Map<string, number> {
  const negated = new Map<string, number>();
  for (const span of spans)
    for (const { term, weight } of analyser.weightedTerms(span))
      if (!weights.has(term)) negated.set(term, Math.max(negated.get(term) ?? 0, weight * negatedWordWeight));
  return negated;
}

/** The attribute values the query's negations rule out ("not of leather", "non-electric"), where it states no value of that attribute. */
function ruledOutAttributes(spans: string[], stated: StatedAttributes): StatedAttributes {
  const ruledOut: StatedAttributes = new Map();
  for (const span of spans)
    for (const [id, values] of attributesInQuery(span))
      if (!stated.has(id)) ruledOut.set(id, new Set([...(ruledOut.get(id) ?? []), ...values]));
  return ruledOut;
}

function raise(weights: Map<string, number>, term: string, weight: number): void {
  if ((weights.get(term) ?? 0) < weight) weights.set(term, weight);
}

/** Context answers ({ construction: 'knit' }) that name a known attribute and one of its values. */
export function answeredAttributes(context: Record<string, string> | undefined): StatedAttributes {
  const answered: StatedAttributes = new Map();
  for (const [id, value] of Object.entries(context ?? {})) {
    const rule = attributeRuleById.get(id as AttributeId);
    if (rule?.values.some((candidate) => candidate.id === value)) answered.set(rule.id, new Set([value]));
  }
  return answered;
}

/** The weighted terms, heading hints and stated attributes of a query and its context answers. */
/** Whether a heading's own wording (and its chapter's) allows what the query states: "of plastics" does not allow steel. */
export type HeadingFit = (heading: string, stated: StatedAttributes) => boolean;

export function analyseQuery(
  raw: string,
  analyser: TextAnalyser,
  lexicon: Lexicon,
  context?: Record<string, string>,
  headingFits?: HeadingFit,
): AnalysedQuery {
  const folded = withoutIncidentals(foldText(raw));
  // What the query's negations rule out ("no added sugar", "not knitted") is no word of the goods:
  // it counts against the lines that name it (negated), and for those that rule it out.
  const negation = readNegations(folded, true);
  // A quantity's unit is no word of the goods: the quantity is read against the lines' limits.
  const text = withoutQuantityUnits(negation.affirmed);
  const weighted = analyser.weightedTerms(text);
  const terms = weighted.map((entry) => entry.term);
  const weights = new Map<string, number>();
  for (const { term, weight } of weighted) raise(weights, term, weight);
  const head = headNoun(text, analyser);
  // Words only a clause, a grade or a use states weigh less, unless the text outside it says them too.
  const lessen = (part: string, rest: string) => {
    const restTerms = new Set(analyser.terms(rest));
    for (const term of analyser.terms(part))
      if (!restTerms.has(term)) weights.set(term, Math.min(weights.get(term) ?? 1, modifierClauseWeight));
  };
  const clauseAt = (clause: RegExp) => {
    const [before, ...after] = text.split(clause);
    lessen(after.join(' '), before);
    return before;
  };
  if (head === null || !partWords.has(head)) clauseAt(purposeClause);
  const core = clauseAt(modifierClause);
  const coreTerms = new Set(analyser.terms(core));
  lessen((text.match(gradeOrUse) ?? []).join(' '), text.replace(gradeOrUse, ' '));
  if (head && weights.has(head)) weights.set(head, headNounWeight * (weights.get(head) as number));

  const answered = answeredAttributes(context);
  const stated = attributesInQuery(folded, negation.isNegated);
  // The material of the goods is the one named before any feature or use clause: "a mirror with
  // a wooden frame" is not of wood.
  const coreMaterial = attributesInQuery(core).get('material');
  if (coreMaterial) stated.set('material', coreMaterial);
  else stated.delete('material');
  for (const [id, values] of answered) stated.set(id, values);

  const headingHints = new Map<string, number>();
  const matches = matchLexicon(lexicon, terms);
  // Only the longest phrase naming the head noun points to headings: in "aluminum water pipe" the
  // pipe decides, not the water; in "hair dryer" the hair dryer, not any dryer.
  const namingLength = (phrases: string[][]) =>
    Math.max(0, ...phrases.filter((phrase) => head !== null && phrase.includes(head)).map((phrase) => phrase.length));
  const longest = Math.max(0, ...matches.map((match) => namingLength(match.phrases)));
  const naming = matches.filter((match) => longest > 0 && namingLength(match.phrases) === longest);
  // A head the lexicon knows only as a form of goods ("dispersion", "pellets"), or that asks for
  // parts, lets the other words it knows decide: "polyurethane dispersion" points where
  // "polyurethane" does, "faucet parts" where "faucet" does (the parts line is then preferred).
  const formOnly =
    naming.length > 0
      ? naming.every((match) => match.entry.headings.length === 0)
      : head !== null && partWords.has(head);
  // A head the lexicon does not know at all ("grates", "inserter") leaves the goods to the words
  // it knows before any use or feature clause, pointing less surely: "shower grates used for
  // draining water" points where "shower" does, not where "water" does. Words that only state
  // what the goods are of or run on ("PVC", "battery") name no goods.
  const unknownHead = naming.length === 0 && !formOnly;
  const namesGoods = (phrase: string[]) =>
    phrase.every((term) => coreTerms.has(term)) && !attributeWordsOnly(phrase.join(' '), analyser);
  const pointing = formOnly
    ? matches.filter((match) => match.entry.headings.length > 0)
    : unknownHead
      ? matches.filter((match) => match.phrases.some(namesGoods))
      : naming;
  const expansions: AnalysedQuery['expansions'] = [];
  for (const match of matches) {
    const { entry, phrases } = match;
    const wording = entry.meansTerms.filter((term) => !weights.has(term));
    if (wording.length > 0) expansions.push({ terms: wording, weight: lexiconWeight });
    if (!pointing.some((match) => match.entry === entry)) continue;
    // The words of a compound the lexicon knows ("frying pan") mean the compound, not each word
    // alone ("lavatory pans"): they weigh less where the schedule uses them on their own.
    if (longest > 1 && naming.includes(match)) {
      for (const phrase of phrases.filter((candidate) => candidate.length === longest)) {
        for (const term of phrase)
          if (weights.has(term)) weights.set(term, (weights.get(term) as number) * compoundWordWeight);
      }
    }
    // The entry's headings the query's stated attributes allow share the hint ("plastic cup": not
    // the cups of porcelain or glass); a longer phrase ("usb flash drive") is less ambiguous than
    // one word ("drive") and points harder.
    const allowed = headingFits ? entry.headings.filter((heading) => headingFits(heading, stated)) : entry.headings;
    const length = Math.max(...phrases.map((phrase) => phrase.length));
    const hint =
      ((unknownHead ? unknownHeadHint : lexiconHeadingHint) * (1 + phraseLengthBonus * (length - 1))) /
      Math.sqrt(Math.max(1, allowed.length));
    for (const heading of allowed) headingHints.set(heading, Math.max(hint, headingHints.get(heading) ?? 0));
  }
  for (const term of terms) {
    for (const synonym of lexicon.synonyms.get(term) ?? []) raise(weights, synonym, synonymWeight);
  }

  return {
    weights,
    expansions,
    headingHints,
    stated,
    ruledOut: ruledOutAttributes(negation.negated, stated),
    fibreShares: fibreSharesInQuery(text),
    quantities: quantitiesInQuery(negation.affirmed),
    negated: negatedTerms(negation.negated, weights, analyser),
    unlessAlso: new Map(),
    answered,
    ownTerms: new Set(terms),
    lexiconMatches: matches.map((match) => match.entry),
  };
}
