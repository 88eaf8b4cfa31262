/**
 * A ruling pasted whole (or a long description) says what the goods are in a few sentences among
 * many that do not: the request's history, samples sent and returned, the legal reasoning (GRIs,
 * Explanatory Notes, the headings considered and the code proposed), duty rates and the closing.
 * Searching all of it lets the words of that reasoning outrank the article; this keeps the
 * sentences that describe the goods, the one that says what they are first.
 */

/** The longest description the search takes (characters); beyond it the request is refused, naming the limit. */
export const maxQueryLength = 10_000;

/** A description up to this long is searched as it is: it is all about the goods. */
const plainDescriptionLength = 600;

/** Goods sentences kept (after the one saying what the goods are), so a long ruling weighs like a short one. */
const keptSentences = 8;

// A full stop ends a sentence unless it ends an abbreviation ("No. 5", "U.S.", "approx.", "Fed. Reg.").
const abbreviation =
  /(?:\b(?:no|nos|approx|e\.g|i\.e|etc|inc|co|corp|ltd|fed|reg|u\.s|vs|fig|art|ch|sec|dr|mr|mrs|ms|st|dept|p|pp|ca|cf|resp|max|min|wt|vol)|\b[a-z])\.$/i;

/** The text cut into sentences: at line breaks, and at ". ", "! ", "? " and "; " before a new sentence. */
export function sentencesOf(text: string): string[] {
  const sentences: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const start = sentences.length;
    for (const piece of line.split(/(?<=[.!?;])\s+(?=["“'(]?[A-Z0-9])/)) {
      const last = sentences.length - 1;
      if (last >= start && abbreviation.test(sentences[last])) sentences[last] += ` ${piece}`;
      else sentences.push(piece);
    }
  }
  return sentences.map((sentence) => sentence.trim()).filter((sentence) => /[a-z]{3}/i.test(sentence));
}

/**
 * Sentences that are about the request or the law, not the goods: whoever writes a ruling
 * states these in the same few ways, and a code or a legal reference marks the rest.
 */
const notAboutTheGoods = [
  // Citations of the schedule and its notes, and codes: the reasoning, not the goods.
  /\b\d{4}\.\d{2}\b|\bHTSUS?\b|\bharmonized (?:tariff|commodity|system)\b|\b(?:sub)?headings?\b|\bchapter \d|\bsection [IVX]+\b|\bGRIs?\b|\bgeneral rules? of interpretation\b|\bexplanatory notes?\b|\bENs?\b|\bT\.D\.|\bFed\. Reg\.|\bC\.F\.R\.|\bCFR\b|\b19 U\.S\.C\./,
  /\bclassif(?:y|ied|ication|iable)\b|\btariff\b|\bduty\b|\bdutiable\b|\brulings?\b|\bprecedent\b|\bprima facie\b|\bessential character\b/i,
  // The request's history and the letter's formalities.
  /\b(?:your|the) (?:letter|request|inquiry|submission|correspondence|e-?mail)\b|\byou (?:suggest|propose|proposed|requested|asked|ask|cite|believe|contend|argue|claim)\b|\bwe (?:note|find|disagree|agree|regret|believe|are of the opinion)\b|\bthis office\b|\bCBP\b|\bcustoms\b/i,
  /\bsamples?\b.*\b(?:submitted|returned|retained|examined|destroyed|discarded|sent|provided|received|forwarded)\b|\b(?:submitted|provided|received|forwarded)\b.*\b(?:samples?|literature|photographs?|information|specifications?|drawings?|brochures?)\b|\blaborator(?:y|ies)\b/i,
  /\bcountry of origin\b|\bmarking\b|\bpreferential\b|\bfree trade agreement\b|\bNAFTA\b|\bUSMCA\b|\bCAFTA\b|\bqualif(?:y|ies)\b/i,
  /\bif you have any questions\b|\bsincerely\b|\bnational import specialist\b|\bthis ruling is\b|\bpart 177\b|\brates? of duty\b|\bhttps?:\/\//i,
];

/** Fewer words than this is a letter's heading, date, address, salutation or signature, not a sentence. */
const sentenceWords = 5;

const aboutTheGoods = (sentence: string) =>
  sentence.split(/\s+/).length >= sentenceWords && !notAboutTheGoods.some((pattern) => pattern.test(sentence));

/**
 * Where a sentence says what the goods are, the words after it: "The item under consideration is
 * identified as a Paint and Plant art kit" → "a Paint and Plant art kit"; "Magnevist is a clear
 * solution…" → "a clear solution…". Patterns in order of how surely they name the article.
 */
const article = String.raw`((?:(?:an?|the|two|three|four|five|six|several)\b|["“]).+)$`;
const definitions = [
  new RegExp(
    String.raw`\b(?:under consideration|at issue|in question|concerned|subject merchandise|subject to this ruling|to be imported)\s*,?\s*(?:is|are|consists? of|will be)\s+(?:identified as\s+|described as\s+|said to be\s+)?${article}`,
    'i',
  ),
  new RegExp(
    String.raw`\b(?:identified|described|designated|referred to|marketed|invoiced|advertised)\s+as\s+(?:being\s+)?${article}`,
    'i',
  ),
  new RegExp(
    String.raw`^[^,;]{1,80}?\b(?:is|are)\s+(?:(?:said|stated|claimed|reported|described)\s+to\s+be\s+)?${article}`,
    'i',
  ),
];

/**
 * The words after the first sentence that says what the goods are: by the surer patterns in any
 * sentence ("The merchandise subject to this ruling is…"), else by "X is a…" in a goods sentence.
 */
function definitionIn(sentences: string[], goods: string[]): string | null {
  for (const [at, pattern] of definitions.entries())
    for (const sentence of at < definitions.length - 1 ? sentences : goods) {
      const found = pattern.exec(sentence);
      if (found) return found[1];
    }
  return null;
}

/** What the request asks to classify, as a ruling's subject line and opening state it ("the tariff classification of a plastic storage box from China"). */
const subject =
  /\b(?:classification|ruling)(?: ruling| opinion)? (?:of|on|for|regarding|concerning) (?!behalf\b)(?:the (?:tariff )?(?:classification|status) of )?(?:an? |the |your )?(.+?)(?=,| from | imported | under | which | that | in | to |[.;:]|$)/i;

/**
 * The part of a description to search: the description itself when short; else what the request
 * asks to classify and the sentences about the goods, the one that says what they are leading (as
 * its article, GRI 1 reads the heading that names it), at most a few more. A text with no such
 * sentence is searched whole.
 */
export function goodsDescription(text: string): string {
  if (text.length <= plainDescriptionLength) return text;
  const sentences = sentencesOf(text);
  const named = sentences.map((sentence) => subject.exec(sentence)?.[1]).find((found) => found !== undefined);
  const goods = sentences.filter(aboutTheGoods);
  const defined = definitionIn(sentences, goods);
  if (goods.length === 0 && !named && !defined) return text;
  const lead = [named, defined].filter((part): part is string => part !== null && part !== undefined);
  const rest = goods.filter((sentence) => !defined || !sentence.endsWith(defined)).slice(0, keptSentences);
  return [...lead, ...rest].map((part) => part.replace(/[\s.;,]*$/, '.')).join(' ');
}
