/**
 * Container loading instances made the way Bischoff & Ratcliff (1995, "Issues in the development of
 * approaches to container loading", Omega 23(4) 377–390) made the BR test problems, with our own
 * seeds, so that the load planner bench has strongly heterogeneous cargo (30–100 box types, the kind
 * of Davies & Bischoff's classes) without using the published files. See docs/load-planner.md.
 *
 * - Container 587 × 233 × 220.
 * - Each box type: three dimensions drawn uniformly from [30, 120], [25, 100] and [20, 80]; the
 *   largest is called its length, the smallest its height.
 * - A dimension may stand vertical only when it is less than twice the box's smallest dimension
 *   (the stability rule; the height may always stand vertical).
 * - Quantities: every type gets one box, then boxes of randomly chosen types are added until the next
 *   one would take the total box volume beyond the container's, so the cargo roughly fills it.
 * The random numbers come from mulberry32 (a 32-bit seeded generator), not the paper's generator.
 */
import type { ThpackBoxType, ThpackProblem } from '../src/reference/or-library-thpack';
import { mulberry32 } from './seeded-random';

export const BR_CONTAINER = { length: 587, width: 233, height: 220 };

const RANGES: [number, number][] = [
  [30, 120],
  [25, 100],
  [20, 80],
];

/** One problem with the given number of box types. */
export function generateBrProblem(number: number, types: number, seed: number): ThpackProblem {
  const random = mulberry32(seed);
  const between = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
  const boxTypes: ThpackBoxType[] = [];
  for (let i = 0; i < types; i++) {
    const [length, width, height] = RANGES.map(([lo, hi]) => between(lo, hi)).sort((p, q) => q - p);
    boxTypes.push({
      id: i + 1,
      length,
      width,
      height,
      verticalAllowed: [length < 2 * height, width < 2 * height, true],
      quantity: 1,
    });
  }
  const room = BR_CONTAINER.length * BR_CONTAINER.width * BR_CONTAINER.height;
  const volume = (b: ThpackBoxType) => b.length * b.width * b.height;
  let total = boxTypes.reduce((sum, b) => sum + volume(b), 0);
  for (;;) {
    const pick = boxTypes[between(0, types - 1)];
    if (total + volume(pick) > room) break;
    pick.quantity++;
    total += volume(pick);
  }
  return { number, seed, container: { ...BR_CONTAINER }, boxTypes };
}

/**
 * A development set: `count` problems whose type counts cycle through `typeCounts`, seeded from
 * `baseSeed` (problem k gets baseSeed + 7919 k).
 */
export function generateBrSet(typeCounts: readonly number[], count: number, baseSeed: number): ThpackProblem[] {
  return Array.from({ length: count }, (_, k) =>
    generateBrProblem(k + 1, typeCounts[k % typeCounts.length], baseSeed + 7919 * k),
  );
}

/** Weakly heterogeneous, like BR1–BR3: 3, 5 or 8 box types. */
export const WEAK_TYPE_COUNTS = [3, 5, 8] as const;
/** Strongly heterogeneous, like Davies & Bischoff's classes: 30 to 100 box types. */
export const STRONG_TYPE_COUNTS = [30, 40, 50, 60, 70, 80, 90, 100] as const;
