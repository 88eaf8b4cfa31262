import {
  attributesAlongPath,
  attributesInQuery,
  attributesInText,
  attributeRuleById,
  isResidualRow,
  StatedAttributes,
  valuesExcluded,
  valuesFit,
} from '../../../../src/domain/classify/attributes';
import { foldText } from '../../../../src/domain/classify/text-analysis';

const plain = (stated: StatedAttributes) =>
  Object.fromEntries([...stated].map(([id, values]) => [id, [...values].sort()]));
const inQuery = (text: string) => plain(attributesInQuery(foldText(text)));
/** A path written "heading > row > row", each row read on its own, none residual. */
const inPath = (text: string) =>
  plain(
    attributesAlongPath(
      foldText(text)
        .split(' > ')
        .map((row) => ({ own: attributesInText(row), siblings: null })),
    ).stated,
  );

describe('attribute rules', () => {
  it('reads knit or woven from a query, and never takes "not knitted or crocheted" for knitted', () => {
    expect(inQuery("men's knit polo shirt").construction).toEqual(['knit']);
    expect(inQuery('woven denim jacket').construction).toEqual(['woven']);
    expect(inPath("Men's or boys' shirts, not knitted or crocheted > Of cotton").construction).toEqual(['woven']);
    expect(
      inPath('T-shirts, singlets, tank tops and similar garments, knitted or crocheted > Of cotton').construction,
    ).toEqual(['knit']);
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

  it('reads a powder as dried goods', () => {
    expect(inQuery('powdered egg albumin').condition).toEqual(['dried']);
    expect(inQuery('chili powder').condition).toEqual(['dried']);
    expect(inQuery('frozen shrimp').condition).toEqual(['frozen']);
  });

  it('tells electric from non-electric and engine types', () => {
    expect(inQuery('cordless drill').power_source).toEqual(['electric']);
    expect(inQuery('gasoline-powered chainsaw').power_source).toEqual(['spark_ignition']);
    expect(inPath('Non-electric heating apparatus').power_source).toEqual(['manual']);
    expect(inPath('Other than electric').power_source).toBeUndefined();
    expect(inPath('Spark-ignition reciprocating internal combustion piston engines').power_source).toEqual([
      'spark_ignition',
    ]);
  });

  it('lets cast iron fit a line for iron or steel, but keeps steel off a line of cast iron', () => {
    const material = attributeRuleById.get('material')!;
    expect(inQuery('cast iron skillet').material).toEqual(['cast_iron']);
    expect(inQuery('cast carbon steel fittings').material).toEqual(['iron_steel']);
    expect(
      inPath('Tube or pipe fittings, of iron or steel > Cast fittings > Of nonmalleable cast iron').material,
    ).toEqual(['cast_iron']);
    expect(inPath('Of iron (other than cast iron) or steel').material).toEqual(['iron_steel']);
    expect(valuesFit(material, new Set(['cast_iron']), new Set(['iron_steel']))).toBe(true);
    expect(valuesFit(material, new Set(['iron_steel']), new Set(['cast_iron']))).toBe(false);
  });

  it('reads "of base metal" as any base metal, never as plastics', () => {
    const material = attributeRuleById.get('material')!;
    expect(inPath('Flexible tubing of base metal, with or without fittings').material).toEqual(['base_metal']);
    expect(inPath('Other base metals; cermets; articles thereof').material).toEqual(['other_base_metal']);
    expect(valuesFit(material, new Set(['aluminum']), new Set(['base_metal']))).toBe(true);
    expect(valuesFit(material, new Set(['stainless_steel']), new Set(['base_metal']))).toBe(true);
    expect(valuesFit(material, new Set(['plastics']), new Set(['base_metal']))).toBe(false);
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

  it('lets the deepest row of a path decide, so stainless steel under "of iron or steel" is stainless', () => {
    expect(inPath('Tube or pipe fittings, of iron or steel > Other, of stainless steel > Flanges').material).toEqual([
      'stainless_steel',
    ]);
    expect(inPath('Tube or pipe fittings, of iron or steel > Cast fittings').material).toEqual(['iron_steel']);
    const material = attributeRuleById.get('material')!;
    expect(valuesFit(material, new Set(['iron_steel']), new Set(['stainless_steel']))).toBe(false);
  });

  it('takes steel not said to be alloy as nonalloy: plain steel does not fit a line of other alloy steel', () => {
    expect(inPath('Other alloy steel in ingots or other primary forms > Ingots > Of tool steel').material).toEqual([
      'alloy_steel',
    ]);
    expect(inPath('Iron and nonalloy steel in ingots or other primary forms > Ingots').material).toEqual([
      'iron_steel',
    ]);
    expect(inQuery('alloy steel ingot').material).toEqual(['alloy_steel']);
    const material = attributeRuleById.get('material')!;
    const steel = attributesInQuery(foldText('steel ingot')).get('material')!;
    expect(valuesFit(material, steel, new Set(['alloy_steel']))).toBe(false);
    expect(valuesFit(material, steel, new Set(['iron_steel']))).toBe(true);
    // Alloy steel is still steel for the lines "of iron or steel" (chapter 73).
    expect(valuesFit(material, new Set(['alloy_steel']), new Set(['iron_steel']))).toBe(true);
  });

  it('rules out, on a residual "Other" row, the values its siblings state', () => {
    expect(isResidualRow('of other textile materials')).toBe(true);
    expect(isResidualRow('other, of stainless steel')).toBe(true);
    expect(isResidualRow('of cotton')).toBe(false);
    const siblings = new Map([['fibre', new Set(['cotton', 'synthetic', 'artificial'])]]) as StatedAttributes;
    const line = attributesAlongPath([
      { own: attributesInText("men's or boys' overcoats, knitted or crocheted"), siblings: null },
      { own: attributesInText('of other textile materials'), siblings },
    ]);
    expect(plain(line.excluded).fibre).toEqual(['artificial', 'cotton', 'synthetic']);
    const fibre = attributeRuleById.get('fibre')!;
    expect(valuesExcluded(fibre, attributesInQuery('100% polyester').get('fibre')!, line.excluded.get('fibre')!)).toBe(
      true,
    );
    expect(valuesExcluded(fibre, attributesInQuery('merino wool').get('fibre')!, line.excluded.get('fibre')!)).toBe(
      false,
    );
    // A row below that states the value again lifts the exclusion.
    const restated = attributesAlongPath([
      { own: new Map(), siblings },
      { own: attributesInText('containing 70 percent or more by weight of silk or cotton'), siblings: null },
    ]);
    expect(restated.excluded.has('fibre')).toBe(false);
  });

  it('takes the fibre or material named first when the query gives no shares', () => {
    expect(inQuery("women's knit nightgown of a blend of acrylic and cotton").fibre).toEqual(['synthetic']);
    expect(inQuery('PVC flooring with a wood grain decorative layer').material).toEqual(['plastics']);
    expect(inQuery('cast iron pan with a wooden handle').material).toEqual(['cast_iron']);
  });

  it('reads base metals, and does not take nickel silver for silver', () => {
    expect(inQuery('zinc ingot').material).toEqual(['zinc']);
    expect(inQuery('lead-free solder wire').material).toBeUndefined();
    expect(inPath('Lead and articles thereof > Unwrought lead').material).toEqual(['lead']);
    expect(inPath('Copper bars > Of copper-nickel-zinc base alloys (nickel silver)').material ?? []).not.toContain(
      'precious_metal',
    );
  });

  it('reads nylon or acrylic as the fibre of a textile, not as a plastic, unless a plastics word says otherwise', () => {
    expect(inQuery('nylon rope').material).toBeUndefined();
    expect(inQuery('nylon rope').fibre).toEqual(['synthetic']);
    expect(inQuery('nylon cable ties of plastic').material).toEqual(['plastics']);
  });
});
