import { attributesInPath, attributesInQuery, attributeRuleById, valuesFit } from '../../../../src/domain/classify/attributes';
import { foldText } from '../../../../src/domain/classify/text-analysis';

const inQuery = (text: string) => Object.fromEntries([...attributesInQuery(foldText(text))].map(([id, values]) => [id, [...values].sort()]));
const inPath = (text: string) => Object.fromEntries([...attributesInPath(foldText(text))].map(([id, values]) => [id, [...values].sort()]));

describe('attribute rules', () => {
  it('reads knit or woven from a query, and never takes "not knitted or crocheted" for knitted', () => {
    expect(inQuery("men's knit polo shirt").construction).toEqual(['knit']);
    expect(inQuery('woven denim jacket').construction).toEqual(['woven']);
    expect(inPath("Men's or boys' shirts, not knitted or crocheted > Of cotton").construction).toEqual(['woven']);
    expect(inPath('T-shirts, singlets, tank tops and similar garments, knitted or crocheted > Of cotton').construction).toEqual(['knit']);
  });

  it('reads gender and age from everyday words and from the schedule wording', () => {
    expect(inQuery("ladies' blouse").gender).toEqual(['female']);
    expect(inQuery('shorts for boys').gender).toEqual(['male']);
    expect(inQuery('romper for infants and toddlers').gender).toEqual(['babies']);
    expect(inPath("Other T-shirts > Men's or boys' > Boys' (338)").gender).toEqual(['male']);
    expect(inPath("Babies' garments and clothing accessories").gender).toEqual(['babies']);
  });

  it('takes the fibre that predominates by weight in a blend', () => {
    expect(inQuery('coat of 70% polyester and 30% wool').fibre).toEqual(['synthetic']);
    expect(inQuery('sweater, 55% cotton 45% acrylic').fibre).toEqual(['cotton']);
    expect(inQuery('rayon scarf').fibre).toEqual(['artificial']);
    expect(inPath('Of man-made fibers').fibre).toEqual(['artificial', 'synthetic']);
  });

  it('tells electric from non-electric and engine types', () => {
    expect(inQuery('cordless drill').power_source).toEqual(['electric']);
    expect(inQuery('gasoline-powered chainsaw').power_source).toEqual(['spark_ignition']);
    expect(inPath('Non-electric heating apparatus').power_source).toEqual(['manual']);
    expect(inPath('Other than electric').power_source).toBeUndefined();
    expect(inPath('Spark-ignition reciprocating internal combustion piston engines').power_source).toEqual(['spark_ignition']);
  });

  it('lets stainless steel fit a line for iron or steel, but not one for aluminum', () => {
    const material = attributeRuleById.get('material')!;
    const stainless = attributesInQuery(foldText('stainless steel sink')).get('material')!;
    expect(valuesFit(material, stainless, new Set(['iron_steel']))).toBe(true);
    expect(valuesFit(material, stainless, new Set(['aluminum']))).toBe(false);
  });

  it('reads a parts line from its own segment, not from a heading that ends in "parts thereof"', () => {
    expect(inQuery('faucet parts').part_or_whole).toEqual(['part']);
    expect(inPath('Electric smoothing irons; parts thereof > Travel type').part_or_whole).toEqual(['whole']);
    expect(inPath('Electric smoothing irons; parts thereof > Parts > Other').part_or_whole).toEqual(['part']);
  });

  it('reads the condition of food', () => {
    expect(inQuery('frozen boneless beef').condition).toEqual(['frozen']);
    expect(inPath('Meat of bovine animals, fresh or chilled').condition).toEqual(['fresh']);
  });
});
