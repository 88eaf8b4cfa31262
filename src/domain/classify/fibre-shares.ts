/**
 * Fibre shares by weight. The schedule splits textiles by how much of a fibre they contain
 * ("containing 85 percent or more by weight of cotton", "containing less than 85 percent by
 * weight of cotton", "containing by weight 5 percent or more of elastomeric yarn"); a query that
 * gives the shares ("70% cotton, 30% polyester") is checked against each such condition on a
 * line's path, and a residual row ("Other") is taken as meeting none of its siblings' conditions.
 */
export type Fibre = 'cotton' | 'wool' | 'silk' | 'synthetic' | 'artificial' | 'vegetable' | 'elastomeric';

export interface ShareCondition {
  /** The fibres whose shares add up to the share the condition is about ("man-made" is synthetic and artificial). */
  fibres: Fibre[];
  atLeast: boolean;
  /** Percent by weight. */
  percent: number;
}

/** How the query names each fibre ("polyester" is synthetic, "spandex" elastomeric). */
const queryFibres: Array<[Fibre, RegExp]> = [
  ['cotton', /^cotton$/],
  ['wool', /^(wool|woolen|woollen|cashmere|merino|alpaca|angora|mohair)$/],
  ['silk', /^silk$/],
  ['synthetic', /^(polyester|nylon|polyamide|acrylic|polypropylene|synthetic|microfiber|microfibre)$/],
  ['artificial', /^(rayon|viscose|lyocell|modal|acetate|cupro|artificial)$/],
  ['vegetable', /^(linen|flax|ramie|hemp|jute)$/],
  ['elastomeric', /^(spandex|elastane|lycra|elastomeric|elastomer)$/],
];

/** How the schedule names them, in the words after "by weight of". */
const scheduleFibres: Array<[Fibre[], RegExp]> = [
  [['synthetic', 'artificial'], /man-made/],
  [['cotton'], /\bcotton\b/],
  [['wool'], /\bwool\b|fine animal hair/],
  [['silk'], /\bsilk\b/],
  [['synthetic'], /\bsynthetic\b/],
  [['artificial'], /\bartificial\b/],
  [['vegetable'], /\b(flax|ramie|vegetable)\b/],
  [['elastomeric'], /elastomeric|rubber thread/],
];

/** A share condition on a row: "[less than|more than|over] N percent [or more] [by weight] [of] <fibre>". */
const condition =
  /\b(less than|not more than|more than|over|under)?\s*(\d+(?:\.\d+)?)\s*(?:percent|%)\s*(or more|or less)?\s*(?:by weight\s*)?(?:of\s+)?([a-z][a-z '-]*)/g;

/** The share conditions one row of the schedule states (its folded text). */
export function shareConditionsInText(folded: string): ShareCondition[] {
  if (!/by weight/.test(folded)) return [];
  const conditions: ShareCondition[] = [];
  for (const match of folded.matchAll(condition)) {
    const named = scheduleFibres.find(([, words]) => words.test(match[4]));
    if (!named) continue;
    const [, bound, percent, orMore] = match;
    const atLeast = bound === 'more than' || bound === 'over' || (bound === undefined && orMore !== 'or less');
    conditions.push({
      fibres: named[0],
      atLeast,
      percent: Number(percent) + (bound === 'more than' || bound === 'over' ? 1e-9 : 0),
    });
  }
  return conditions;
}

/**
 * A row's text without the wording of fibre proportions: "containing 23 percent or more by weight
 * of wool" says how much wool there is and "mixed mainly or solely with cotton" what the minor
 * fibre is, neither that the goods are of wool or cotton, so the fibre attribute does not read them.
 */
export function withoutFibreProportions(folded: string): string {
  const unmixed = folded.replace(/\bmixed (?:mainly |solely |mainly or solely )?with [a-z -]+/g, ' ');
  if (!/by weight/.test(unmixed)) return unmixed;
  return unmixed.replace(condition, (span, ...groups) =>
    scheduleFibres.some(([, words]) => words.test(groups[3] as string)) ? ' ' : span,
  );
}

/** The opposite condition: what a residual row is, given what its sibling says. */
export function negated(condition: ShareCondition): ShareCondition {
  return { ...condition, atLeast: !condition.atLeast };
}

export interface FibreShares {
  shares: Map<Fibre, number>;
  /** The shares given add up to the whole, so a fibre not named is absent. */
  complete: boolean;
}

/** A bound the query puts on a share ("less than 85% cotton") moves it just past the number. */
const queryBound: Record<string, number> = { 'less than': -0.5, under: -0.5, below: -0.5, 'more than': 0.5, over: 0.5 };

/** The fibre shares a folded query gives ("90% cotton and 10% spandex"), or null when it gives none. */
export function fibreSharesInQuery(folded: string): FibreShares | null {
  const shares = new Map<Fibre, number>();
  for (const match of folded.matchAll(
    /(?:\b(less than|under|below|more than|over)\s+)?(\d{1,3}(?:\.\d+)?)\s*(?:%|percent)\s+(?:by weight\s+)?(?:of\s+)?([a-z]+)/g,
  )) {
    const fibre = queryFibres.find(([, words]) => words.test(match[3]))?.[0];
    if (fibre) shares.set(fibre, (shares.get(fibre) ?? 0) + Number(match[2]) + (match[1] ? queryBound[match[1]] : 0));
  }
  if (shares.size === 0) return null;
  return { shares, complete: [...shares.values()].reduce((sum, share) => sum + share, 0) >= 99 };
}

/** Whether the shares meet the condition (true), fail it (false), or cannot tell (null). */
export function meetsCondition(query: FibreShares, condition: ShareCondition): boolean | null {
  const named = condition.fibres.filter((fibre) => query.shares.has(fibre));
  const share = named.reduce((sum, fibre) => sum + (query.shares.get(fibre) as number), 0);
  // The named shares alone reach the bound; below it, only shares known in full tell.
  if (share >= condition.percent) return condition.atLeast;
  return query.complete || named.length === condition.fibres.length ? !condition.atLeast : null;
}
