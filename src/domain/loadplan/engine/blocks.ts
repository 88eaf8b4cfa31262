import { Orientation, PackingProblem } from './problem';

/**
 * Blocks are the engine's unit of placement: nx × ny × nz copies of one box type in one orientation
 * (Fanslau & Bortfeldt's simple blocks). Every box in a block stands fully on the box below it, and
 * the block's whole top can carry further cargo unless its boxes may carry nothing.
 * (General blocks, pairs of blocks joined along an axis, were tried and made BR results worse at a
 * one-second budget: they multiply the blocks each step must scan.)
 */
export interface Block {
  dx: number;
  dy: number;
  dz: number;
  /** Volume of the boxes, which equals the block's volume. */
  volume: number;
  weight: number;
  type: number;
  count: number;
  /** Loading group of the block's boxes. */
  group: number;
  /** kg the block's top may carry (the bottom box carries everything above it); 0 = nothing on top. */
  topCapacity: number;
  orientation: Orientation;
  nx: number;
  ny: number;
  nz: number;
}

/**
 * Counts to try along an axis where at most `max` boxes fit: every count up to 16, beyond that a
 * spread of counts ending at the maximum, so that thousands of small cartons do not explode the list.
 */
function countsUpTo(max: number): number[] {
  if (max <= 16) return Array.from({ length: max }, (_, i) => i + 1);
  const counts = new Set<number>();
  for (let n = 1; n <= 12; n++) counts.add(n);
  for (let k = 1; k <= 12; k++) counts.add(Math.round((max * k) / 12));
  for (let n = max - 3; n <= max; n++) counts.add(n);
  return [...counts].filter((n) => n >= 1 && n <= max).sort((a, b) => a - b);
}

/** Every block the problem allows, largest volume first (the search relies on that order). */
export function generateBlocks(problem: PackingProblem): Block[] {
  const { length, width, height, payload } = problem.container;
  const blocks: Block[] = [];
  problem.types.forEach((type, t) => {
    const maxStack =
      type.loadCapacity === 0
        ? 1
        : type.weight > 0 && Number.isFinite(type.loadCapacity)
          ? 1 + Math.floor(type.loadCapacity / type.weight)
          : Infinity;
    const maxByWeight = type.weight > 0 ? Math.floor(payload / type.weight) : Infinity;
    const maxCount = Math.min(type.quantity, maxByWeight);
    for (const o of type.orientations) {
      const zs = countsUpTo(Math.min(Math.floor(height / o.dz), maxStack, maxCount));
      const ys = countsUpTo(Math.min(Math.floor(width / o.dy), maxCount));
      const xs = countsUpTo(Math.min(Math.floor(length / o.dx), maxCount));
      for (const nz of zs) {
        for (const ny of ys) {
          if (ny * nz > maxCount) break;
          for (const nx of xs) {
            const n = nx * ny * nz;
            if (n > maxCount) break;
            blocks.push({
              dx: nx * o.dx,
              dy: ny * o.dy,
              dz: nz * o.dz,
              volume: n * type.volume,
              weight: n * type.weight,
              type: t,
              count: n,
              group: type.group,
              topCapacity: type.loadCapacity === 0 ? 0 : type.loadCapacity - (nz - 1) * type.weight,
              orientation: o,
              nx,
              ny,
              nz,
            });
          }
        }
      }
    }
  });
  return blocks.sort((p, q) => q.volume - p.volume || p.type - q.type || p.dz - q.dz || p.dy - q.dy || p.dx - q.dx);
}
