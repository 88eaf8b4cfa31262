import type { Block, BlockPart } from './block';
import { compositeBlocks } from './composites';
import { Orientation, PackedBox, PackingProblem } from './problem';
import type { WorkMeter } from './work-meter';

export type { Block, BlockPart };

/** Most blocks per problem by default: past this, fewer counts per axis are tried (see countsUpTo). */
export const MAX_BLOCKS = 10_000;

/**
 * Counts to try along an axis where at most `max` boxes fit: every count up to `spread`, beyond that
 * `spread` counts spread evenly up to the maximum, so that thousands of small cartons of many types
 * do not explode the list.
 */
function countsUpTo(max: number, spread: number): number[] {
  if (max <= spread) return Array.from({ length: max }, (_, i) => i + 1);
  const counts = new Set<number>();
  const small = Math.ceil(spread / 2);
  for (let n = 1; n <= small; n++) counts.add(n);
  for (let k = 1; k <= spread - small; k++) counts.add(Math.round((max * k) / (spread - small)));
  return [...counts].filter((n) => n >= 1 && n <= max).sort((a, b) => a - b);
}

interface Shape {
  type: number;
  orientation: Orientation;
  maxCount: number;
  xs: number;
  ys: number;
  zs: number;
}

/** Each type and orientation with the most boxes that fit along each axis. */
function shapes(problem: PackingProblem): Shape[] {
  const { length, width, height, payload } = problem.container;
  return problem.types.flatMap((type, t) => {
    const maxStack =
      type.loadCapacity === 0
        ? 1
        : type.weight > 0 && Number.isFinite(type.loadCapacity)
          ? 1 + Math.floor(type.loadCapacity / type.weight)
          : Infinity;
    const maxCount = Math.min(type.quantity, type.weight > 0 ? Math.floor(payload / type.weight) : Infinity);
    return type.orientations.map((o) => ({
      type: t,
      orientation: o,
      maxCount,
      xs: Math.min(Math.floor(length / o.dx), maxCount),
      ys: Math.min(Math.floor(width / o.dy), maxCount),
      zs: Math.min(Math.floor(height / o.dz), maxStack, maxCount),
    }));
  });
}

function blocksOf(
  problem: PackingProblem,
  shape: Shape,
  spread: number,
  emit: ((block: Block) => void) | null,
): number {
  const type = problem.types[shape.type];
  const o = shape.orientation;
  let made = 0;
  const xs = countsUpTo(shape.xs, spread);
  const ys = countsUpTo(shape.ys, spread);
  for (const nz of countsUpTo(shape.zs, spread)) {
    for (const ny of ys) {
      if (ny * nz > shape.maxCount) break;
      for (const nx of xs) {
        const n = nx * ny * nz;
        if (n > shape.maxCount) break;
        made++;
        emit?.({
          dx: nx * o.dx,
          dy: ny * o.dy,
          dz: nz * o.dz,
          volume: n * type.volume,
          value: n * type.value,
          weight: n * type.weight,
          type: shape.type,
          count: n,
          group: type.group,
          topCapacity: type.loadCapacity === 0 ? 0 : type.loadCapacity - (nz - 1) * type.weight,
          orientation: o,
          nx,
          ny,
          nz,
          cap: null,
          frontDepth: o.dx,
          topDx: nx * o.dx,
          topDy: ny * o.dy,
          parts: null,
          uses: null,
        });
      }
    }
  }
  return made;
}

/**
 * Every block the problem allows, highest value first (the search relies on that order): all counts
 * up to 16 per axis, fewer when that would make more than maxBlocks blocks; with a meter, composite
 * blocks too where they help (usesComposites), made within the meter's allowance.
 */
export function generateBlocks(
  problem: PackingProblem,
  maxBlocks: number = MAX_BLOCKS,
  meter: WorkMeter | null = null,
): Block[] {
  const all = shapes(problem);
  let spread = 16;
  while (spread > 2 && all.reduce((sum, shape) => sum + blocksOf(problem, shape, spread, null), 0) > maxBlocks) {
    spread = Math.floor(spread * 0.75);
  }
  const blocks: Block[] = [];
  for (const shape of all) blocksOf(problem, shape, spread, (b) => blocks.push(b));
  blocks.push(...cappedBlocks(problem, blocks));
  if (meter && usesComposites(problem)) {
    blocks.push(...compositeBlocks(problem, blocks, MAX_COMPOSITES, meter));
  }
  return blocks.sort((p, q) => q.value - p.value || p.type - q.type || p.dz - q.dz || p.dy - q.dy || p.dx - q.dx);
}

/**
 * Composite blocks (composites.ts) are made only for strongly heterogeneous cargo, more types than
 * this: with few types, simple blocks already make tight walls, and BR1–BR7 (3–20 types) lost with
 * composites at short budgets, the extra blocks slowing every step.
 */
export const COMPOSITE_MIN_TYPES = 20;

/** Strongly heterogeneous cargo in one loading group: the problems that get composite blocks. */
export function usesComposites(problem: PackingProblem): boolean {
  return problem.types.length > COMPOSITE_MIN_TYPES && problem.types.every((t) => t.group === 0);
}

/** Most composite blocks per problem (1,000 and 4,000 did no better on the strong set at 1 s). */
export const MAX_COMPOSITES = 2_000;

/** Least share of a capped block's bounding box its boxes must fill. */
const CAP_MIN_FILL = 0.9;

/**
 * For every simple block that can carry load, the best-filling single layer of a box type that
 * carries nothing (same loading group) on its top, as a capped block.
 */
function cappedBlocks(problem: PackingProblem, bases: Block[]): Block[] {
  const { height, payload } = problem.container;
  const caps = problem.types.flatMap((type, t) =>
    type.loadCapacity === 0 ? type.orientations.map((o) => ({ type, t, o })) : [],
  );
  if (caps.length === 0) return [];
  const capped: Block[] = [];
  for (const base of bases) {
    if (base.topCapacity <= 0) continue;
    let best: Block | null = null;
    for (const { type, t, o } of caps) {
      if (type.group !== base.group || base.dz + o.dz > height) continue;
      const nx = Math.floor(base.dx / o.dx);
      const ny = Math.floor(base.dy / o.dy);
      const n = nx * ny;
      if (n === 0 || n > type.quantity || n * type.weight > base.topCapacity || base.weight + n * type.weight > payload)
        continue;
      const volume = base.volume + n * type.volume;
      if (volume < CAP_MIN_FILL * base.dx * base.dy * (base.dz + o.dz) || (best && volume <= best.volume)) continue;
      const cap: Block = {
        dx: nx * o.dx,
        dy: ny * o.dy,
        dz: o.dz,
        volume: n * type.volume,
        value: n * type.value,
        weight: n * type.weight,
        type: t,
        count: n,
        group: type.group,
        topCapacity: 0,
        orientation: o,
        nx,
        ny,
        nz: 1,
        cap: null,
        frontDepth: o.dx,
        topDx: nx * o.dx,
        topDy: ny * o.dy,
        parts: null,
        uses: null,
      };
      best = {
        ...base,
        dz: base.dz + o.dz,
        volume,
        value: base.value + cap.value,
        weight: base.weight + cap.weight,
        topCapacity: 0,
        cap,
        frontDepth: Math.min(base.frontDepth, o.dx),
        topDx: 0,
        topDy: 0,
      };
    }
    if (best) capped.push(best);
  }
  return capped;
}

/** The boxes of a block placed with its origin corner at x, y, z, appended to out. */
export function expandBlock(b: Block, x: number, y: number, z: number, out: PackedBox[]): void {
  if (b.parts) {
    for (const part of b.parts) expandBlock(part.block, x + part.x, y + part.y, z + part.z, out);
    return;
  }
  const { dx, dy, dz } = b.orientation;
  if (b.cap) expandBlock(b.cap, x, y, z + b.nz * dz, out);
  for (let k = 0; k < b.nz; k++) {
    for (let j = 0; j < b.ny; j++) {
      for (let i = 0; i < b.nx; i++) {
        out.push({ type: b.type, x: x + i * dx, y: y + j * dy, z: z + k * dz, dx, dy, dz });
      }
    }
  }
}
