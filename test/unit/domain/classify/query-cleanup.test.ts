import { withoutIncidentals } from '../../../../src/domain/classify/query-cleanup';
import { analyseQuery } from '../../../../src/domain/classify/query-analysis';
import { foldText } from '../../../../src/domain/classify/text-analysis';
import { sharedAnalyser, sharedLexicon } from '../../../support/hts-search';

const cleaned = (text: string) => withoutIncidentals(foldText(text)).replace(/\s+/g, ' ').trim();
const terms = (text: string) => [...analyseQuery(text, sharedAnalyser, sharedLexicon).ownTerms];

describe('query cleanup', () => {
  it('drops the country of origin, but only after a word that introduces one', () => {
    expect(cleaned("men's knit boxer shorts made of cotton from Sri Lanka")).toBe(
      "men's knit boxer shorts made of cotton",
    );
    expect(cleaned('faucet parts of unspecified origin')).toBe('faucet parts');
    expect(cleaned('hexafluoroisopropanol imported in bulk from England')).toBe(
      'hexafluoroisopropanol imported in bulk',
    );
    // China the porcelain and jersey the fabric stay.
    expect(cleaned('bone china cups from China')).toBe('bone china cups');
    expect(cleaned('cotton jersey made in Jersey')).toBe('cotton jersey');
  });

  it('drops brands and packing units', () => {
    expect(cleaned("swimmer's goggles imported under the NIKE trademark")).toBe("swimmer's goggles");
    expect(cleaned('tuna meat vacuum packed 5kg Brand ZHENGLONG')).toBe('tuna meat 5kg');
    expect(cleaned('Anchor Butter 25kg/Case unbranded')).toBe('anchor butter');
    expect(cleaned('crab meat vacuum packed 10kg carton')).toBe('crab meat');
    expect(cleaned('beer lager 330ml bottles')).toBe('beer lager');
    expect(cleaned('feed premix bagged')).toBe('feed premix');
    // "Packaging" names goods as often as it says how they are packed: it stays.
    expect(cleaned('packaging machine')).toBe('packaging machine');
    expect(cleaned('xenon non-retail packaging')).toBe('xenon non-retail packaging');
    // A fabric's weight per square metre is no packing unit.
    expect(cleaned('twill fabric 180 g/m2')).toBe('twill fabric 180 g/m2');
  });

  it("drops a chemical's CAS registry number", () => {
    expect(cleaned('4-methylpyridine, CAS # 108-89-4, in bulk')).toBe('4-methylpyridine, , in bulk');
    expect(cleaned('sodium benzoate (CAS No. 532-32-1)')).toBe('sodium benzoate ( )');
    expect(terms('glycerol CAS number 56-81-5')).toEqual(['glycerol']);
  });

  it('weighs the words of a use clause less than the goods, and a hyphenated word’s parts less than the word', () => {
    const { weights } = analyseQuery('monitors used in the beer industry', sharedAnalyser, sharedLexicon);
    expect(weights.get('beer')).toBeLessThan(weights.get('monitor')!);
    const knee = analyseQuery("women's knee-length coat", sharedAnalyser, sharedLexicon).weights;
    expect(knee.get('knee')).toBeLessThan(knee.get('kneelength')!);
  });

  it('weighs the words of a purpose less than the goods, except for parts, which their purpose classifies', () => {
    const stone = analyseQuery('hand oil stone for tool grinding', sharedAnalyser, sharedLexicon).weights;
    expect(stone.get('grinding') ?? stone.get('grind')).toBe(0.6);
    expect(stone.get('stone')).toBe(1.5);
    expect(analyseQuery('parts for diesel engines', sharedAnalyser, sharedLexicon).weights.get('engine')).toBe(1);
  });

  it('weighs the words of a grade or a use less than the goods and never takes them as the head noun', () => {
    const resin = analyseQuery('EVA resin film grade', sharedAnalyser, sharedLexicon).weights;
    expect(resin.get('film')).toBe(0.6);
    expect(resin.get('resin')).toBe(1.5);
    const yarn = analyseQuery('high-tenacity polyethylene yarn industrial use', sharedAnalyser, sharedLexicon).weights;
    expect(yarn.get('industrial')).toBe(0.6);
    expect(yarn.get('yarn')).toBeGreaterThan(1);
  });

  it('does not read a clause into a hyphenated word ("clip-on", "asbestos-containing")', () => {
    expect(
      analyseQuery('a clip-on pocket watch, lead pencil', sharedAnalyser, sharedLexicon).weights.get('watch'),
    ).toBe(1.5);
    expect(
      analyseQuery('asbestos-containing brake pads', sharedAnalyser, sharedLexicon).weights.get('brake'),
    ).toBeGreaterThan(0.6);
  });

  it('takes the head noun past a leading segment that only says whom and what the goods are of', () => {
    const { weights } = analyseQuery(
      "a men's 100% cotton, jersey knit pullover with long sleeves",
      sharedAnalyser,
      sharedLexicon,
    );
    expect(weights.get('pullover')).toBe(1.5);
    expect(weights.get('cotton')).toBe(1);
    // A material alone may be the goods themselves.
    expect(analyseQuery('stainless steel, cold-rolled', sharedAnalyser, sharedLexicon).weights.get('steel')).toBe(1.5);
  });

  it('takes a set as the goods it is a set of (GRI 3(b)), not a verb that ends in the same letters', () => {
    expect(
      analyseQuery('a bi-metal hole saw kit with a carry case', sharedAnalyser, sharedLexicon).headingHints.has('8207'),
    ).toBe(true);
    expect(analyseQuery('snorkel pack', sharedAnalyser, sharedLexicon).weights.get('snorkel')).toBe(1.5);
    expect(analyseQuery('hog leg meat cooked vacuum packed', sharedAnalyser, sharedLexicon).weights.get('meat')).toBe(
      1,
    );
  });

  it('reads an irregular past form that is also a noun as the noun, as its plural reads', () => {
    expect(['saw', 'saws', 'felt', 'spoke', 'spokes'].map((word) => sharedAnalyser.lemma(word))).toEqual([
      'saw',
      'saw',
      'felt',
      'spoke',
      'spoke',
    ]);
    // Regular and participle forms keep their verb.
    expect(['knitted', 'woven', 'made'].map((word) => sharedAnalyser.lemma(word))).toEqual(['knit', 'weave', 'make']);
  });

  it('does not read the stem of a non- compound as its own word', () => {
    expect(terms('non-reinforced polyethylene tubing')).not.toContain('reinforce');
    expect(terms('non-reinforced polyethylene tubing')).toContain('nonreinforced');
  });

  it('takes the material of the goods from before any feature clause', () => {
    const stated = (text: string) => analyseQuery(text, sharedAnalyser, sharedLexicon).stated.get('material');
    expect(stated('a mirror with a wooden frame')).toBeUndefined();
    expect([...stated('stainless steel bowl with a silicone base')!]).toEqual(['stainless_steel']);
  });
});
