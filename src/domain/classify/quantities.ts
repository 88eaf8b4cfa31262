/**
 * Measured limits. Subheadings split goods by size, weight, output, voltage or capacity ("of an
 * output not exceeding 37.5 W", "of a width of 600 mm or more", "weighing more than 200 g/m2");
 * a query that states one quantity of a kind ("a 750 W motor") is checked against each such limit
 * on a line's path (GRI 6), and a residual row ("Other") is taken as beyond its sibling's limit.
 */
export type Dimension =
  'length' | 'mass' | 'power' | 'voltage' | 'volume' | 'areal_mass' | 'apparent_power' | ValueDimension;

/** A unit value ("valued over $3 but not over $5 each", "$2.38/liter"), in dollars per piece, pair, litre or kg. */
type ValueDimension = 'value_each' | 'value_pair' | 'value_litre' | 'value_kg';

export interface QuantityLimit {
  dimension: Dimension;
  atLeast: boolean;
  /** In the dimension's base unit (mm, kg, W, V, cm3, g/m2, kVA, $); a strict bound is nudged past the number. */
  value: number;
}

/** Units as the schedule and queries write them, with their dimension and factor to the base unit. */
const units: Array<[RegExp, Dimension, number]> = [
  [/^(?:g\/m2|g\/m²|gsm)$/, 'areal_mass', 1],
  [/^kg\/m2$/, 'areal_mass', 1000],
  [/^kva$/, 'apparent_power', 1],
  [/^(?:kw|kilowatts?)$/, 'power', 1000],
  [/^(?:w|watts?)$/, 'power', 1],
  [/^(?:hp|horsepower)$/, 'power', 745.7],
  [/^(?:kv|kilovolts?)$/, 'voltage', 1000],
  [/^(?:v|volts?)$/, 'voltage', 1],
  [/^(?:cc|cm3|cm³|ml)$/, 'volume', 1],
  [/^(?:l|liters?|litres?)$/, 'volume', 1000],
  [/^(?:mm|millimet(?:er|re)s?)$/, 'length', 1],
  [/^(?:cm|centimet(?:er|re)s?)$/, 'length', 10],
  [/^(?:m|meters?|metres?)$/, 'length', 1000],
  [/^(?:in|inch|inches|")$/, 'length', 25.4],
  [/^(?:ft|foot|feet)$/, 'length', 304.8],
  [/^(?:kg|kilograms?)$/, 'mass', 1],
  [/^(?:lbs?|pounds?)$/, 'mass', 0.4536],
  [/^(?:tons?|tonnes?)$/, 'mass', 1000],
  [/^(?:g|grams?)$/, 'mass', 0.001],
];

// Longer spellings first; "in" only where nothing follows it that it could be the preposition of ("2 in. long").
const unitPattern =
  '(g\\/m2|g\\/m²|gsm|kg\\/m2|kva|kilowatts?|kw|watts?|w|horsepower|hp|kilovolts?|kv|volts?|v|cc|cm3|cm³|ml|liters?|litres?|l|' +
  'millimet(?:er|re)s?|mm|centimet(?:er|re)s?|cm|meters?|metres?|m|inch(?:es)?|in(?=\\.|\\s*(?:$|[,;)x×]|long|wide|thick|high|deep|diameter|in length|in width))|"|' +
  'ft|foot|feet|kilograms?|kg|lbs?|pounds?|tons?|tonnes?|grams?|g)';
const number = '(\\d{1,3}(?:,\\d{3})+(?:\\.\\d+)?|\\d+(?:\\.\\d+)?)';

function inBaseUnit(amount: string, unit: string): { dimension: Dimension; value: number } | null {
  const known = units.find(([pattern]) => pattern.test(unit));
  return known ? { dimension: known[1], value: Number(amount.replace(/,/g, '')) * known[2] } : null;
}

/** The words that bound a number, in the schedule and in queries, longest first. */
const boundWords =
  'not exceeding|exceeding|not over|over|not more than|no more than|more than|not less than|no less than|less than|not under|under|at least|at most|up to|maximum|max\\.?|minimum|min\\.?|below|above|<=|>=|≤|≥|<|>';
/** Bounds that put the quantity at or above the number; the rest put it at or below. */
const lowerBounds = new Set([
  'exceeding',
  'over',
  'more than',
  'not less than',
  'no less than',
  'not under',
  'at least',
  'minimum',
  'min',
  'min.',
  'above',
  '>=',
  '≥',
  '>',
]);
const strictBounds = new Set(['exceeding', 'over', 'more than', 'less than', 'under', 'below', 'above', '<', '>']);

/** A limit in the schedule: "[not exceeding|exceeding|not over|over|…] N unit [or more|or less]". */
const limit = new RegExp(
  `\\b(${boundWords})?\\s*${number}\\s*${unitPattern}(?![a-z0-9/-])(\\s+or (?:more|less))?`,
  'g',
);

/** What a unit value is per ("each", "/pair", "per dozen", "/liter", "per kg"), with the factor to its base. */
const valueBases: Array<[RegExp, ValueDimension, number]> = [
  [/^(?:each|piece|pc|unit)$/, 'value_each', 1],
  [/^(?:dozen|doz)$/, 'value_each', 1 / 12],
  [/^(?:pair|pr)$/, 'value_pair', 1],
  [/^(?:liter|litre|l)$/, 'value_litre', 1],
  [/^(?:kg|kilogram)$/, 'value_kg', 1],
  [/^(?:lb|pound)$/, 'value_kg', 1 / 0.4536],
];
const amount = `(?:\\$\\s*${number}|${number}\\s*(?:¢|cents?))`;
const basis =
  '\\s*(?:\\/\\s*|per\\s+|a\\s+)?(each|piece|pc|unit|dozen|doz|pair|pr|liter|litre|l|kg|kilogram|lb|pound)\\b';
/** "valued over $3 but not over $5 each": the bounds before the basis share it. */
const valuedLimit = new RegExp(
  `\\bvalued\\s+((?:${boundWords})\\s*${amount}(?:\\s*(?:,\\s*)?(?:but|and)\\s+(?:${boundWords})\\s*${amount})?)${basis}`,
  'g',
);
const boundedAmount = new RegExp(`(${boundWords})\\s*${amount}`, 'g');

function inDollars(dollars: string | undefined, cents: string | undefined): number {
  return dollars !== undefined ? Number(dollars.replace(/,/g, '')) : Number(cents!.replace(/,/g, '')) / 100;
}

function valueBasis(word: string): [ValueDimension, number] {
  const [, dimension, factor] = valueBases.find(([pattern]) => pattern.test(word))!;
  return [dimension, factor];
}

/** A bound on a number as a limit: "exceeding 37.5 W" excludes the number itself, so it is nudged past it. */
function bounded(dimension: Dimension, value: number, bound: string | undefined, orMoreOrLess?: string): QuantityLimit {
  const atLeast = bound ? lowerBounds.has(bound) : orMoreOrLess!.trim() === 'or more';
  const nudge = bound && strictBounds.has(bound) ? (atLeast ? 1e-9 : -1e-9) : 0;
  return { dimension, atLeast, value: value + nudge };
}

/**
 * The measured limits one row of the schedule states (its folded text). Only its first clause
 * counts: after a semicolon a row names other goods ("…other fertilizers; goods of this chapter …
 * in packages of a gross weight not exceeding 10 kg").
 */
export function quantityLimitsInText(folded: string): QuantityLimit[] {
  const clause = folded.split(';')[0];
  const limits: QuantityLimit[] = [];
  for (const [, bounds, , , , , word] of clause.matchAll(valuedLimit)) {
    const [dimension, factor] = valueBasis(word);
    for (const [, bound, dollars, cents] of bounds.matchAll(boundedAmount))
      limits.push(bounded(dimension, inDollars(dollars, cents) * factor, bound));
  }
  for (const match of clause.matchAll(limit)) {
    const [, bound, amount, unit, orMoreOrLess] = match;
    if (!bound && !orMoreOrLess) continue;
    const quantity = inBaseUnit(amount, unit);
    if (quantity) limits.push(bounded(quantity.dimension, quantity.value, bound, orMoreOrLess));
  }
  return limits;
}

/** How far a query's bound moves its number: "width <600 mm" is just under 600, "not over 600 mm" is 600. */
function queryNudge(bound: string | undefined): number {
  if (!bound || !strictBounds.has(bound)) return 0;
  return lowerBounds.has(bound) ? 1e-3 : -1e-3;
}

/** "11.74 x 23.74 inches", "26.2 x 27 x 5.3 cm": every number of a list of dimensions is in its last unit. */
const dimensionList = new RegExp(`${number}(?:\\s*[x×*]\\s*${number})+\\s*${unitPattern}(?![a-z0-9/-])`, 'g');
const statedQuantity = new RegExp(`(?<![a-z])(${boundWords})?\\s*${number}\\s*-?\\s*${unitPattern}(?![a-z0-9/-])`, 'g');
const unitValue = new RegExp(`(?<![a-z])(${boundWords})?\\s*${amount}${basis}`, 'g');

/** The quantity of each kind a folded query states once ("a 750 W motor"); a kind stated twice is left out. */
export function quantitiesInQuery(folded: string): Map<Dimension, number> {
  const seen = new Map<Dimension, number[]>();
  const add = (dimension: Dimension, value: number) => seen.set(dimension, [...(seen.get(dimension) ?? []), value]);
  const rest = folded.replace(dimensionList, (list: string, _first: string, _last: string, unit: string) => {
    for (const [value] of list.matchAll(/\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?/g)) {
      const read = inBaseUnit(value, unit);
      if (read) add(read.dimension, read.value);
    }
    return ' ';
  });
  const withoutValues = rest.replace(unitValue, (_, bound: string | undefined, dollars, cents, word: string) => {
    const [dimension, factor] = valueBasis(word);
    add(dimension, inDollars(dollars, cents) * factor * (1 + queryNudge(bound)));
    return ' ';
  });
  for (const [, bound, amount, unit] of withoutValues.matchAll(statedQuantity)) {
    const read = inBaseUnit(amount, unit);
    if (read) add(read.dimension, read.value * (1 + queryNudge(bound)));
  }
  return new Map(
    [...seen].filter(([, values]) => values.length === 1).map(([dimension, values]) => [dimension, values[0]]),
  );
}

const numberAndUnit = new RegExp(`(${number})\\s*-?\\s*${unitPattern}(?![a-z0-9/-])`, 'g');

/**
 * The query's text with the unit of each quantity left out ("25 mm pine board" → "25 pine board"):
 * the quantity is checked against the limits (`meetsLimit`), and the unit as a word would match
 * every line that states a limit in it, whichever side of the limit the goods are.
 */
export function withoutQuantityUnits(folded: string): string {
  return folded.replace(dimensionList, ' ').replace(numberAndUnit, '$1');
}

/** Whether the query's quantity meets the limit, or null when it states none of that kind. */
export function meetsLimit(quantities: Map<Dimension, number>, limit: QuantityLimit): boolean | null {
  const value = quantities.get(limit.dimension);
  if (value === undefined) return null;
  return limit.atLeast ? value >= limit.value : value <= limit.value;
}

/** The opposite limit: what a residual row is, given its sibling's. */
export function beyond(limit: QuantityLimit): QuantityLimit {
  return { ...limit, atLeast: !limit.atLeast };
}
