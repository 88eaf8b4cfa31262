/**
 * Measured limits. Subheadings split goods by size, weight, output, voltage or capacity ("of an
 * output not exceeding 37.5 W", "of a width of 600 mm or more", "weighing more than 200 g/m2");
 * a query that states one quantity of a kind ("a 750 W motor") is checked against each such limit
 * on a line's path (GRI 6), and a residual row ("Other") is taken as beyond its sibling's limit.
 */
export type Dimension = 'length' | 'mass' | 'power' | 'voltage' | 'volume' | 'areal_mass' | 'apparent_power';

export interface QuantityLimit {
  dimension: Dimension;
  atLeast: boolean;
  /** In the dimension's base unit (mm, kg, W, V, cm3, g/m2, kVA); a strict bound is nudged past the number. */
  value: number;
}

/** Units as the schedule and queries write them, longest first, with their dimension and factor to the base unit. */
const units: Array<[RegExp, Dimension, number]> = [
  [/^(?:g\/m2|g\/m²|gsm)$/, 'areal_mass', 1],
  [/^kva$/, 'apparent_power', 1],
  [/^kw$/, 'power', 1000],
  [/^(?:w|watts?)$/, 'power', 1],
  [/^(?:hp|horsepower)$/, 'power', 745.7],
  [/^kv$/, 'voltage', 1000],
  [/^(?:v|volts?)$/, 'voltage', 1],
  [/^(?:cc|cm3|cm³|ml)$/, 'volume', 1],
  [/^(?:l|liters?|litres?)$/, 'volume', 1000],
  [/^mm$/, 'length', 1],
  [/^cm$/, 'length', 10],
  [/^(?:m|meters?|metres?)$/, 'length', 1000],
  [/^(?:inch|inches|")$/, 'length', 25.4],
  [/^kg$/, 'mass', 1],
  [/^(?:lbs?|pounds?)$/, 'mass', 0.4536],
  [/^(?:tons?|tonnes?)$/, 'mass', 1000],
  [/^g$/, 'mass', 0.001],
];

const unitPattern =
  '(g\\/m2|g\\/m²|gsm|kva|kw|watts?|w|hp|horsepower|kv|volts?|v|cc|cm3|cm³|ml|liters?|litres?|l|mm|cm|meters?|metres?|m|inch(?:es)?|"|kg|lbs?|pounds?|tons?|tonnes?|g)';
const number = '(\\d{1,3}(?:,\\d{3})+(?:\\.\\d+)?|\\d+(?:\\.\\d+)?)';

function inBaseUnit(amount: string, unit: string): { dimension: Dimension; value: number } | null {
  const known = units.find(([pattern]) => pattern.test(unit));
  return known ? { dimension: known[1], value: Number(amount.replace(/,/g, '')) * known[2] } : null;
}

/** A limit in the schedule: "[not exceeding|exceeding|not over|over|not more than|less than…] N unit [or more|or less]". */
const limit = new RegExp(
  `\\b(not exceeding|exceeding|not over|over|not more than|more than|not less than|less than|under|at least)?\\s*${number}\\s*${unitPattern}(?![a-z0-9/-])(\\s+or (?:more|less))?`,
  'g',
);
const lowerBounds = new Set(['exceeding', 'over', 'more than', 'not less than', 'at least']);
const strictBounds = new Set(['exceeding', 'over', 'more than', 'less than', 'under']);

/**
 * The measured limits one row of the schedule states (its folded text). Only its first clause
 * counts: after a semicolon a row names other goods ("…other fertilizers; goods of this chapter …
 * in packages of a gross weight not exceeding 10 kg").
 */
export function quantityLimitsInText(folded: string): QuantityLimit[] {
  const limits: QuantityLimit[] = [];
  for (const match of folded.split(';')[0].matchAll(limit)) {
    const [, bound, amount, unit, orMoreOrLess] = match;
    if (!bound && !orMoreOrLess) continue;
    const quantity = inBaseUnit(amount, unit);
    if (!quantity) continue;
    const atLeast = bound ? lowerBounds.has(bound) : orMoreOrLess.trim() === 'or more';
    // A strict bound ("exceeding 37.5 W") excludes the number itself.
    const nudge = bound && strictBounds.has(bound) ? (atLeast ? 1e-9 : -1e-9) : 0;
    limits.push({ dimension: quantity.dimension, atLeast, value: quantity.value + nudge });
  }
  return limits;
}

/** A bound the query puts on a quantity ("width <600 mm", "over 1,000 V") moves it just past the number. */
const queryBounds: Array<[RegExp, number]> = [
  [/^(?:<|less than|under|below)$/, -1e-3],
  [/^(?:>|more than|over|above)$/, 1e-3],
];

/** The quantity of each kind a folded query states once ("a 750 W motor"); a kind stated twice is left out. */
export function quantitiesInQuery(folded: string): Map<Dimension, number> {
  const seen = new Map<Dimension, number[]>();
  for (const match of folded.matchAll(
    new RegExp(
      `(<|>|less than|under|below|more than|over|above)?\\s*${number}\\s*-?\\s*${unitPattern}(?![a-z0-9/-])`,
      'g',
    ),
  )) {
    const quantity = inBaseUnit(match[2], match[3]);
    if (!quantity) continue;
    const nudge = match[1] ? (queryBounds.find(([words]) => words.test(match[1]))?.[1] ?? 0) : 0;
    seen.set(quantity.dimension, [...(seen.get(quantity.dimension) ?? []), quantity.value * (1 + nudge)]);
  }
  return new Map(
    [...seen].filter(([, values]) => values.length === 1).map(([dimension, values]) => [dimension, values[0]]),
  );
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
