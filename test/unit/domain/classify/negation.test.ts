import { attributesInQuery } from '../../../../src/domain/classify/attributes';
import { negationScopes, readNegations } from '../../../../src/domain/classify/negation';
import { analyseQuery } from '../../../../src/domain/classify/query-analysis';
import { foldText } from '../../../../src/domain/classify/text-analysis';
import { sharedAnalyser, sharedLexicon } from '../../../support/hts-search';

const inQuery = (text: string) => readNegations(foldText(text), true);
const ruledOut = (text: string) => inQuery(text).negated.map((words) => words.trim());
const inSchedule = (text: string) => readNegations(text, false).negated.map((words) => words.trim());

describe('negation scope in a query', () => {
  it.each([
    ['apple juice, no added sugar', ['added sugar']],
    ["men's shirt, not knitted, of cotton", ['knitted']],
    ['polyethylene bags without handles for shopping', ['handles']],
    ['a ceramic plate other than porcelain', ['porcelain']],
    ['frozen fish, excluding fillets', ['fillets']],
    ['cotton fabric, neither bleached nor dyed', ['bleached nor dyed']],
    ['chocolate bar not containing cocoa butter', ['containing cocoa butter']],
    ['paint free of lead', ['lead']],
    ['cotton yarn not put up for retail sale', ['put up for retail sale']],
  ])('%s rules out %j', (text, expected) => {
    expect(ruledOut(text)).toEqual(expected);
  });

  it('ends at the punctuation, the clause word or the next article that closes the negation', () => {
    expect(ruledOut('a pullover with no pockets or trim and a rib knit waistband')).toEqual(['pockets or trim']);
    expect(ruledOut('a pullover with no pockets and buttons')).toEqual(['pockets and buttons']);
    expect(ruledOut('gloves without fourchettes, of cotton')).toEqual(['fourchettes']);
    expect(ruledOut('tea without sugar with lemon')).toEqual(['sugar']);
    // A run-on description stops after a few words.
    expect(ruledOut('a toy with no batteries or cables or cords or plugs or wires')).toEqual([
      'batteries or cables or cords or',
    ]);
  });

  it('reads "-free" and "non-" words as negating the word they are joined to', () => {
    expect(ruledOut('sugar-free chewing gum')).toEqual(['sugar']);
    expect(inQuery('sugar-free chewing gum').affirmed).not.toMatch(/sugar/);
    // A "non-" word stays in the text: the schedule has "nonwovens" of its own.
    expect(ruledOut('non-woven polypropylene fabric')).toEqual(['woven']);
    expect(inQuery('non-woven polypropylene fabric').affirmed).toMatch(/non-woven/);
  });

  it('leaves out what is no negation: limits, numbers, idioms, "with or without" and "whether or not"', () => {
    for (const text of [
      'insulated cable not exceeding 1000 v',
      'no more than 5 kg of flour',
      'Plant No. 123 frozen lamb',
      'hands-free car kit',
      'duty-free spirits',
      'bags with or without handles',
      'coffee, whether or not roasted',
      'free of charge samples of tiles',
    ])
      expect(ruledOut(text)).toEqual([]);
  });

  it('keeps what the negation rules out out of the words, the head noun and the attributes of the goods', () => {
    const query = analyseQuery('fruit juice, no added sugar', sharedAnalyser, sharedLexicon);
    expect(query.weights.has('sugar')).toBe(false);
    expect(query.negated.get('sugar')).toBeGreaterThan(0);
    expect(query.ownTerms).toEqual(new Set(['fruit', 'juice']));

    const shirt = analyseQuery("men's shirt, not knitted, of cotton", sharedAnalyser, sharedLexicon);
    expect(shirt.stated.get('construction')).toEqual(new Set(['woven']));
    const shoes = analyseQuery('shoes, not of leather', sharedAnalyser, sharedLexicon);
    expect(shoes.stated.has('material')).toBe(false);
    expect(shoes.ruledOut.get('material')).toEqual(new Set(['leather']));
  });

  it('does not read a "non-" word as the word it negates', () => {
    expect(attributesInQuery(foldText('non-woven fabric')).has('construction')).toBe(false);
    expect(attributesInQuery(foldText('cast iron radiator, non-electric')).get('power_source')).toEqual(
      new Set(['manual']),
    );
  });
});

describe("negation scope in the schedule's wording (read once, when the index is built)", () => {
  it.each([
    ['Coffee, not roasted:', ['roasted']],
    ['Of iron (other than cast iron) or steel', ['cast iron']],
    ['Without fourchettes', ['fourchettes']],
    ['Of non-alloy steel', ['alloy']],
    ['Fish, excluding fish fillets and other fish meat:', ['fish fillets and other fish meat']],
    // "Whether or not" rules nothing out, but a negation after it does.
    ['Pearls, whether or not worked or graded but not strung, nor mounted', ['strung']],
    ['Coffee, whether or not roasted or decaffeinated', []],
    // "No" is left as written: "having no jewels or only one jewel" is about the movement.
    ['Having no jewels or only one jewel in the movement', []],
    ['Gloves, with or without fourchettes', []],
  ])('%s rules out %j', (text, expected) => {
    expect(inSchedule(text)).toEqual(expected);
  });

  it('finds each scope in one pass, in order and without overlaps', () => {
    const text = 'not a, not b, other than c (excluding d) sugar-free e';
    const scopes = negationScopes(text, false);
    expect(scopes.map((scope) => text.slice(scope.wordsAt, scope.end).trim())).toEqual(['a', 'b', 'c', 'd', 'sugar']);
    for (let at = 1; at < scopes.length; at++) expect(scopes[at].cueAt).toBeGreaterThanOrEqual(scopes[at - 1].end);
  });
});
