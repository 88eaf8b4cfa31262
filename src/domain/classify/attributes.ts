/**
 * The attributes that decide most splits below a heading (knit or woven, gender, fibre, material,
 * power source, condition of food, part or whole): how a query states each one, and how the
 * schedule's wording does. A line whose path states a value the query contradicts loses; one
 * that states the query's value gains; when the best lines differ on an attribute the query does
 * not give, the search asks for it (see clarifications.ts).
 */
export type AttributeId =
  'construction' | 'gender' | 'fibre' | 'material' | 'power_source' | 'condition' | 'part_or_whole';

export interface AttributeValue {
  id: string;
  label: string;
  /** Matches the folded query text when the query states this value. */
  inQuery: RegExp;
  /** Matches the folded description path when the schedule states this value. */
  inPath: RegExp;
  /** Other values of the attribute a path may state that still fit this one (stainless steel is steel). */
  fits?: string[];
}

export interface AttributeRule {
  id: AttributeId;
  question: string;
  values: AttributeValue[];
}

/** Words not preceded by a negation ("non-electric", "not knitted", "other than electric"). */
const notNegated = '(?<!non-|non |not |other than |without )';

/** Alloy steel other than stainless, as the schedule and queries name it ("other alloy steel", "tool steel"); not "nonalloy steel". */
const alloySteel = /\b(alloy|tool|high-speed|silico-manganese|silicon electrical) steel\b/;

export const attributeRules: AttributeRule[] = [
  {
    id: 'construction',
    question: 'Is the fabric knitted (or crocheted) or woven?',
    values: [
      {
        id: 'knit',
        label: 'knitted or crocheted',
        inQuery: /\b(knit|knitted|knits|crochet(ed)?|jersey|fleece|interlock)\b/,
        inPath: /(?<!not (knitted or )?)\b(knitted|crocheted)\b/,
      },
      {
        id: 'woven',
        label: 'woven (not knitted)',
        inQuery: /\b(woven|weave|not knit(ted)?|denim|twill|poplin|chiffon|oxford cloth)\b/,
        inPath: /\bnot knitted or crocheted\b|\bwoven\b/,
      },
    ],
  },
  {
    id: 'gender',
    question: 'Is it for men or boys, for women or girls, or for babies?',
    values: [
      {
        id: 'male',
        label: "men's or boys'",
        inQuery: /\b(men|mens|man|boy|boys|male|gentlemen|gents)\b/,
        inPath: /\b(men|boys)'?s?'?\b/,
      },
      {
        id: 'female',
        label: "women's or girls'",
        inQuery: /\b(women|womens|woman|ladies|lady|girl|girls|female|maternity)\b/,
        inPath: /\b(women|girls)'?s?'?\b/,
      },
      {
        id: 'babies',
        label: "babies' (infants)",
        inQuery: /\b(baby|babies|infant|infants|toddler|toddlers|newborn)\b/,
        inPath: /\b(babies|infants?)\b/,
      },
    ],
  },
  {
    id: 'fibre',
    question: 'Which textile fibre predominates by weight?',
    values: [
      { id: 'cotton', label: 'cotton', inQuery: /\bcotton\b/, inPath: new RegExp(`${notNegated}\\bcotton\\b`) },
      {
        id: 'wool',
        label: 'wool or fine animal hair',
        inQuery: /\b(wool|woolen|woollen|cashmere|merino|alpaca|angora|mohair)\b/,
        inPath: /\bwool\b|fine animal hair/,
      },
      {
        id: 'synthetic',
        label: 'synthetic fibres (polyester, nylon, acrylic…)',
        inQuery:
          /\b(polyester|nylon|polyamide|acrylic|spandex|elastane|polypropylene|synthetic|microfiber|microfibre|man-made|manmade)\b/,
        inPath: /synthetic|man-made|manmade/,
      },
      {
        id: 'artificial',
        label: 'artificial fibres (rayon, viscose…)',
        inQuery: /\b(rayon|viscose|lyocell|modal|acetate|cupro|artificial|man-made|manmade)\b/,
        inPath: /artificial|man-made|manmade/,
      },
      { id: 'silk', label: 'silk', inQuery: /\bsilk\b/, inPath: /\bsilk\b/ },
      {
        id: 'vegetable',
        label: 'flax, linen, ramie or other vegetable fibres',
        inQuery: /\b(linen|flax|ramie|hemp|jute)\b/,
        inPath: /\b(flax|ramie|vegetable fibers?)\b/,
      },
    ],
  },
  {
    id: 'material',
    question: 'What material is it made of?',
    values: [
      {
        id: 'stainless_steel',
        label: 'stainless steel',
        inQuery: /\bstainless\b/,
        inPath: /\bstainless steel\b/,
        fits: ['iron_steel', 'base_metal'],
      },
      // Cast iron is iron, but a line of cast iron is no line for steel ("cast carbon steel fittings" are not 7307.11).
      {
        id: 'cast_iron',
        label: 'cast iron',
        inQuery: /\bcast[- ]iron\b/,
        inPath: /(?<!other than )\bcast iron\b/,
        fits: ['iron_steel', 'base_metal'],
      },
      // Steel is nonalloy unless the goods are said to be alloy steel (chapter 72, note 1(d)–(f)):
      // plain "steel" does not fit the lines of "other alloy steel", tool or high-speed steel.
      {
        id: 'alloy_steel',
        label: 'alloy steel (other than stainless)',
        inQuery: alloySteel,
        inPath: alloySteel,
        fits: ['iron_steel', 'base_metal'],
      },
      {
        id: 'iron_steel',
        label: 'iron or steel',
        inQuery: /\b(steel|iron)\b/,
        inPath:
          /\b(iron or steel|of iron|of steel|(?<!stainless |\balloy |tool |high-speed |silico-manganese |electrical )steel)\b/,
        fits: ['base_metal'],
      },
      {
        id: 'aluminum',
        label: 'aluminum',
        inQuery: /\b(aluminum|aluminium)\b/,
        inPath: /\baluminum\b/,
        fits: ['base_metal'],
      },
      {
        id: 'copper',
        label: 'copper, brass or bronze',
        inQuery: /\b(copper|brass|bronze)\b/,
        inPath: /\b(copper|brass|bronze)\b/,
        fits: ['base_metal'],
      },
      {
        id: 'plastics',
        label: 'plastics',
        inQuery:
          /\b(plastic|plastics|pvc|vinyl|polyethylene|polypropylene|polystyrene|polycarbonate|acrylic|abs|pet|hdpe|ldpe|silicone|resin|nylon|polyurethane)\b/,
        inPath: new RegExp(`${notNegated}\\bplastics?\\b`),
      },
      {
        id: 'rubber',
        label: 'rubber',
        inQuery: /\b(rubber|latex|neoprene)\b/,
        inPath: new RegExp(`${notNegated}\\brubber\\b`),
      },
      {
        id: 'wood',
        label: 'wood or bamboo',
        inQuery: /\b(wood|wooden|timber|bamboo|plywood|oak|pine|teak|walnut|beech|maple)\b/,
        inPath: /\b(wood|wooden|bamboo)\b/,
      },
      { id: 'glass', label: 'glass', inQuery: /\bglass\b/, inPath: /\bglass\b/ },
      {
        id: 'ceramic',
        label: 'porcelain, china or other ceramic',
        inQuery: /\b(ceramic|porcelain|china|stoneware|earthenware|terracotta)\b/,
        inPath: /\b(ceramic|porcelain|china|stoneware|earthenware)\b/,
      },
      {
        id: 'leather',
        label: 'leather',
        inQuery: /\bleather\b/,
        inPath: new RegExp(`${notNegated}\\b(leather|composition leather)\\b`),
      },
      {
        id: 'paper',
        label: 'paper or paperboard',
        inQuery: /\b(paper|cardboard|paperboard|carton)\b/,
        inPath: /\b(paper|paperboard)\b/,
      },
      // "Of other textile materials" is the fibre residual of a garment heading, not a material split.
      {
        id: 'textile',
        label: 'textile material',
        inQuery: /\b(textile|fabric|cloth|canvas)\b/,
        inPath: /(?<!other )\btextile\b/,
      },
      // "Nickel silver" is a copper alloy, not silver.
      {
        id: 'precious_metal',
        label: 'precious metal (gold, silver, platinum)',
        inQuery: /\b(gold|silver|platinum|palladium|rhodium|sterling)\b/,
        inPath: /\b(precious metal|gold|(?<!nickel )silver|platinum|palladium|rhodium)\b/,
      },
      {
        id: 'nickel',
        label: 'nickel',
        inQuery: /\bnickel\b(?! silver)/,
        inPath: /^nickel\b|\bof nickel\b/,
        fits: ['base_metal'],
      },
      {
        id: 'lead',
        label: 'lead',
        inQuery: /\blead\b(?![- ](?:free|time|wire|frame|acid))/,
        inPath: /^lead\b|\bof lead\b/,
        fits: ['base_metal'],
      },
      { id: 'zinc', label: 'zinc', inQuery: /\bzinc\b/, inPath: /^zinc\b|\bof zinc\b/, fits: ['base_metal'] },
      { id: 'tin', label: 'tin', inQuery: /\btin\b(?! ?plate)/, inPath: /^tin\b|\bof tin\b/, fits: ['base_metal'] },
      {
        id: 'other_base_metal',
        label: 'another base metal (tungsten, titanium, magnesium…)',
        inQuery:
          /\b(tungsten|wolfram|molybdenum|tantalum|magnesium|cobalt|bismuth|cadmium|titanium|zirconium|antimony|manganese|beryllium|chromium|germanium|vanadium|gallium|hafnium|indium|niobium|rhenium|thallium|cermet)\b/,
        inPath:
          /other base metals|\b(tungsten|molybdenum|tantalum|magnesium|cobalt|bismuth|cadmium|titanium|zirconium|antimony|manganese|beryllium|chromium|germanium|vanadium|gallium|hafnium|indium|niobium|rhenium|thallium|cermets)\b/,
        fits: ['base_metal'],
      },
      // Section XV and headings such as "Flexible tubing of base metal" take any base metal, but no plastics.
      {
        id: 'base_metal',
        label: 'base metal',
        inQuery: /\bbase metals?\b/,
        inPath: /(?<!other )\bbase metals?\b/,
        fits: [
          'iron_steel',
          'stainless_steel',
          'alloy_steel',
          'cast_iron',
          'aluminum',
          'copper',
          'nickel',
          'lead',
          'zinc',
          'tin',
          'other_base_metal',
        ],
      },
    ],
  },
  {
    id: 'power_source',
    question: 'What powers it?',
    values: [
      {
        id: 'electric',
        label: 'electric (mains or battery)',
        inQuery:
          /\b(electric|electrical|electrically|battery|batteries|cordless|rechargeable|plug-in|corded|usb|powered by electricity)\b/,
        inPath: new RegExp(`${notNegated}\\b(electric|electrically|electrical|battery|self-contained electric)\\b`),
      },
      {
        id: 'spark_ignition',
        label: 'gasoline (spark-ignition engine)',
        inQuery: /\b(gasoline|petrol|gas-powered|gas powered|spark-ignition|spark ignition)\b/,
        inPath: /spark-ignition/,
      },
      {
        id: 'diesel',
        label: 'diesel (compression-ignition engine)',
        inQuery: /\b(diesel|compression-ignition|compression ignition)\b/,
        inPath: /compression-ignition|diesel/,
      },
      {
        id: 'manual',
        label: 'hand-operated (no motor)',
        inQuery: /\b(manual|manually|hand-operated|hand operated|non-powered|non-electric|hand-powered)\b/,
        inPath: /\b(hand-operated|non-electric|manually operated|not electrically operated)\b/,
      },
    ],
  },
  {
    id: 'condition',
    question: 'Is it fresh or chilled, frozen, dried, or otherwise prepared or preserved?',
    values: [
      {
        id: 'fresh',
        label: 'fresh or chilled',
        inQuery: /\b(fresh|chilled|live|raw)\b/,
        inPath: new RegExp(`${notNegated}\\b(fresh|chilled)\\b`),
      },
      { id: 'frozen', label: 'frozen', inQuery: /\bfrozen\b/, inPath: new RegExp(`${notNegated}\\bfrozen\\b`) },
      // A powder of food is dry: "egg albumin powder" is dried egg albumin.
      {
        id: 'dried',
        label: 'dried, salted or smoked',
        inQuery: /\b(dried|dry|dehydrated|powder|powdered|smoked|salted|cured)\b/,
        inPath: new RegExp(`${notNegated}\\b(dried|smoked|salted|dehydrated)\\b`),
      },
      {
        id: 'prepared',
        label: 'prepared or preserved (cooked, canned…)',
        inQuery: /\b(canned|cooked|preserved|prepared|roasted|jarred|pickled|in brine|in oil)\b/,
        inPath: /\bprepared or preserved\b/,
      },
    ],
  },
  {
    id: 'part_or_whole',
    question: 'Is it a complete article, or a part or accessory of one?',
    values: [
      {
        id: 'part',
        label: 'a part or accessory',
        inQuery: /\b(part|parts|component|components|spare|accessory|accessories|replacement)\b/,
        inPath: /(^|> )(other )?(parts|accessories)\b|\b(parts|accessories) (of|for)\b/,
      },
      // A segment that starts with "Parts" (not a heading's closing "; parts thereof") is a parts line;
      // a line that does not say so is the article itself.
      { id: 'whole', label: 'the complete article', inQuery: /\b(complete|whole|finished|entire)\b/, inPath: /(?!)/ },
    ],
  },
];

export const attributeRuleById = new Map(attributeRules.map((rule) => [rule.id, rule]));

/** Values of one attribute the query states: { fibre: ['cotton'] }. */
export type StatedAttributes = Map<AttributeId, Set<string>>;

/** Plastics words that are not also the names of textile fibres. */
const plasticsBeyondFibres =
  /\b(plastic|plastics|pvc|vinyl|polyethylene|polystyrene|polycarbonate|abs|pet|hdpe|ldpe|silicone|resin|polyurethane)\b/;

/** Whether a match at `at` is ruled out: inside a negation's words, or the word a "non-" negates. */
export type NegatedAt = (at: number) => boolean;

const globalForms = new Map<RegExp, RegExp>();

/** Where the text first states a value, leaving out what is negated ("non-woven", "not of leather"); -1 if nowhere. */
function statedAt(pattern: RegExp, folded: string, negatedAt: NegatedAt): number {
  let global = globalForms.get(pattern);
  if (!global) {
    global = new RegExp(pattern.source, 'g');
    globalForms.set(pattern, global);
  }
  for (const match of folded.matchAll(global))
    if (!negatedAt(match.index) && !(match.index >= 4 && folded.startsWith('non-', match.index - 4)))
      return match.index;
  return -1;
}

/** The values of a rule named first in the text (labels and descriptions name the main fibre or material first). */
function namedFirst(rule: AttributeRule, folded: string, negatedAt: NegatedAt): Set<string> | null {
  const firstAt = (value: AttributeValue) => statedAt(value.inQuery, folded, negatedAt);
  const named = rule.values.filter((value) => firstAt(value) >= 0);
  if (named.length < 2) return null;
  const first = Math.min(...named.map(firstAt));
  return new Set(named.filter((value) => firstAt(value) === first).map((value) => value.id));
}

/**
 * Fibre blends are classified by the fibre that predominates by weight: "70% polyester and 30%
 * wool" is polyester. Without shares, the fibre named first (labels list fibres in order of
 * predominance): "a blend of acrylic and cotton" is acrylic.
 */
function predominantFibre(folded: string, negatedAt: NegatedAt): Set<string> | null {
  const fibre = attributeRuleById.get('fibre') as AttributeRule;
  let best: { share: number; value: string } | null = null;
  for (const match of folded.matchAll(/(\d{1,3}(?:\.\d+)?)\s*%\s*([a-z-]+)/g)) {
    const value = fibre.values.find((candidate) => candidate.inQuery.test(match[2]));
    if (value && !negatedAt(match.index) && (best === null || Number(match[1]) > best.share))
      best = { share: Number(match[1]), value: value.id };
  }
  return best ? new Set([best.value]) : namedFirst(fibre, folded, negatedAt);
}

const nothingNegated: NegatedAt = () => false;

/**
 * The attribute values a folded query text states. A fibre blend is its predominant fibre, and
 * goods of several materials are taken as of the one named first ("a PVC floor tile with a wood
 * grain layer" is of plastics; "a cast iron pan with a wooden handle" of iron). What a negation
 * rules out is not stated ("non-electric" is not electric, "shirts, not knitted" not knit).
 */
export function attributesInQuery(folded: string, negatedAt: NegatedAt = nothingNegated): StatedAttributes {
  const stated: StatedAttributes = new Map();
  for (const rule of attributeRules) {
    const values = rule.values
      .filter((value) => statedAt(value.inQuery, folded, negatedAt) >= 0)
      .map((value) => value.id);
    if (values.length > 0) stated.set(rule.id, new Set(values));
  }
  const fibre = predominantFibre(folded, negatedAt);
  if (fibre) stated.set('fibre', fibre);
  const material = namedFirst(attributeRuleById.get('material') as AttributeRule, folded, negatedAt);
  if (material) stated.set('material', material);
  // "Nylon" or "acrylic" next to a fibre is the fibre of a textile, not a plastic.
  if (stated.has('fibre') && stated.get('material')?.has('plastics') && !plasticsBeyondFibres.test(folded)) {
    const others = [...(stated.get('material') as Set<string>)].filter((value) => value !== 'plastics');
    if (others.length > 0) stated.set('material', new Set(others));
    else stated.delete('material');
  }
  return stated;
}

/** The attribute values one row's own wording states. */
export function attributesInText(folded: string): StatedAttributes {
  const stated: StatedAttributes = new Map();
  for (const rule of attributeRules) {
    const values = rule.values.filter((value) => value.inPath.test(folded)).map((value) => value.id);
    if (values.length > 0) stated.set(rule.id, new Set(values));
  }
  return stated;
}

/** A row on a line's path, as the attribute fold reads it. */
export interface PathRow {
  /** What the row's own wording states. */
  own: StatedAttributes;
  /** For a residual row ("Other", "Of other textile materials"): what its sibling rows state, which it is not. */
  siblings: StatedAttributes | null;
}

/** What a line's path says of each attribute: the values it states, and the values it rules out. */
export interface LineAttributes {
  stated: StatedAttributes;
  excluded: StatedAttributes;
}

/** A residual row: the schedule's "everything else" line among its siblings. */
export function isResidualRow(folded: string): boolean {
  return /^(of )?other\b/.test(folded.trim());
}

/**
 * Folds the rows of a path, from the top (chapter, heading) down to the line: the deepest row that
 * states an attribute decides it ("of iron or steel" > "Other, of stainless steel" is stainless
 * steel), and a residual row rules out what its siblings state ("Of cotton", "Of man-made fibers",
 * "Of other textile materials": the last is neither cotton nor man-made) unless a row below it
 * states the value again. A line that does not say it is for parts is the article itself.
 */
export function attributesAlongPath(rows: PathRow[]): LineAttributes {
  const stated: StatedAttributes = new Map();
  const excluded: StatedAttributes = new Map();
  for (const row of rows) {
    for (const [id, values] of row.siblings ?? []) {
      if (id === 'part_or_whole' || row.own.has(id)) continue;
      excluded.set(id, new Set([...(excluded.get(id) ?? []), ...values]));
    }
    for (const [id, values] of row.own) {
      stated.set(id, values);
      excluded.delete(id);
    }
  }
  if (!stated.has('part_or_whole')) stated.set('part_or_whole', new Set(['whole']));
  return { stated, excluded };
}

/** Whether a line stating `inPath` fits a query stating `inQuery` for one attribute. */
export function valuesFit(rule: AttributeRule, inQuery: Set<string>, inPath: Set<string>): boolean {
  for (const wanted of inQuery) {
    if (inPath.has(wanted)) return true;
    const value = rule.values.find((candidate) => candidate.id === wanted);
    if (value?.fits?.some((other) => inPath.has(other))) return true;
  }
  return false;
}

/** Whether a line that rules out `excluded` rules out everything the query states (stainless steel is ruled out with steel). */
export function valuesExcluded(rule: AttributeRule, inQuery: Set<string>, excluded: Set<string>): boolean {
  for (const wanted of inQuery) {
    const value = rule.values.find((candidate) => candidate.id === wanted);
    if (!excluded.has(wanted) && !value?.fits?.some((other) => excluded.has(other))) return false;
  }
  return true;
}
