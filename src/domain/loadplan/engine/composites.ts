import type { Block } from './block';
import type { PackingProblem } from './problem';
import type { WorkMeter } from './work-meter';

/**
 * Composite blocks (Fanslau & Bortfeldt's general blocks, 2010; Araya & Riff 2014): two blocks
 * joined side by side along x or y, or one on top of the other, when together they fill nearly all
 * of their bounding box. With many box types each type has only a few boxes, so simple blocks are
 * single boxes or short rows; composites give the search the tight, flat-topped walls of mixed
 * boxes that strongly heterogeneous cargo needs.
 *
 * Full support holds inside a composite: blocks joined side by side have equal heights, and a block
 * on top stands within the top of the one below. The composite's usable top (topDx × topDy from its
 * origin corner) is the part of its top where every point is the top of one of its parts at the
 * full height. Generated only for one loading group (search.ts's stop rules look at simple blocks).
 */

/** Least share of a composite's bounding box its boxes must fill (Fanslau & Bortfeldt: 98 %). */
const MIN_FILL = 0.98;

/** Work units charged per pair of blocks examined, building the composites included (measured: about 60 ns). */
const PAIR_COST = 8;

/** Rounds of joining: round k joins the blocks made in round k − 1 with all blocks made so far. */
const ROUNDS = 3;

/**
 * Up to `max` composite blocks from the given blocks (simple and capped), without duplicates
 * (same extents, usable top and boxes), within the meter's allowance (charged for the pairs examined).
 */
export function compositeBlocks(problem: PackingProblem, base: Block[], max: number, meter: WorkMeter): Block[] {
  const { length, width, height, payload } = problem.container;
  const quantity = problem.types.map((t) => t.quantity);
  const all: Block[] = [];
  // The pair scans read flat columns rather than the block objects: several times faster.
  const cols = {
    dx: [] as number[],
    dy: [] as number[],
    dz: [] as number[],
    tx: [] as number[],
    ty: [] as number[],
    v: [] as number[],
    w: [] as number[],
    g: [] as number[],
  };
  // Blocks side by side must have equal heights: look for partners among blocks of the same height.
  const byHeight = new Map<number, number[]>();
  const file = (b: Block) => {
    const i = all.length;
    all.push(b);
    cols.dx.push(b.dx);
    cols.dy.push(b.dy);
    cols.dz.push(b.dz);
    cols.tx.push(b.topDx);
    cols.ty.push(b.topDy);
    cols.v.push(b.volume);
    cols.w.push(b.weight);
    cols.g.push(b.group);
    const level = byHeight.get(b.dz);
    if (level) level.push(i);
    else byHeight.set(b.dz, [i]);
  };
  base.forEach(file);
  const made: Block[] = [];
  const seen = new Set<string>();
  let from = 0;
  const { dx: DX, dy: DY, dz: DZ, tx: TX, ty: TY, v: V, w: W, g: G } = cols;
  for (let round = 0; round < ROUNDS && made.length < max && from < all.length; round++) {
    const next: Block[] = [];
    const add = (c: Candidate | null) => {
      if (!c) return;
      const key = `${c.dx},${c.dy},${c.dz},${c.topDx},${c.topDy},${c.topCapacity},${c.uses.join('.')}`;
      if (seen.has(key)) return;
      seen.add(key);
      next.push(composite(c));
    };
    const known = all.length;
    for (let i = from; i < known && made.length + next.length < max && !meter.exhausted(); i++) {
      const a = all[i];
      const ax = DX[i];
      const ay = DY[i];
      const az = DZ[i];
      const av = V[i];
      const aw = W[i];
      const ag = G[i];
      const level = byHeight.get(az)!;
      meter.spend(PAIR_COST * (level.length + known));
      for (const j of level) {
        if (j >= known || ag !== G[j] || aw + W[j] > payload) continue;
        const volume = av + V[j];
        if (ax + DX[j] <= length && volume >= MIN_FILL * (ax + DX[j]) * Math.max(ay, DY[j]) * az) {
          add(joinAlong('x', a, all[j], quantity));
          add(joinAlong('x', all[j], a, quantity));
        }
        if (ay + DY[j] <= width && volume >= MIN_FILL * Math.max(ax, DX[j]) * (ay + DY[j]) * az) {
          add(joinAlong('y', a, all[j], quantity));
          add(joinAlong('y', all[j], a, quantity));
        }
      }
      for (let j = 0; j < known; j++) {
        if (az + DZ[j] > height || ag !== G[j] || aw + W[j] > payload) continue;
        const volume = av + V[j];
        if (DX[j] <= TX[i] && DY[j] <= TY[i] && volume >= MIN_FILL * ax * ay * (az + DZ[j]))
          add(stack(a, all[j], quantity));
        if (ax <= TX[j] && ay <= TY[j] && volume >= MIN_FILL * DX[j] * DY[j] * (az + DZ[j]))
          add(stack(all[j], a, quantity));
      }
    }
    from = known;
    for (const b of next.slice(0, max - made.length)) {
      file(b);
      made.push(b);
    }
  }
  return made;
}

/** q beside p, further along the axis; both have the same height. */
function joinAlong(axis: 'x' | 'y', p: Block, q: Block, quantity: number[]): Candidate | null {
  const dx = axis === 'x' ? p.dx + q.dx : Math.max(p.dx, q.dx);
  const dy = axis === 'y' ? p.dy + q.dy : Math.max(p.dy, q.dy);
  const volume = p.volume + q.volume;
  if (volume < MIN_FILL * dx * dy * p.dz) return null;
  const uses = mergedUses(p, q, quantity);
  if (!uses) return null;
  const carries = p.topCapacity > 0 && q.topCapacity > 0;
  // The usable top runs on into q's only when p's reaches its own far side.
  let topDx = 0;
  let topDy = 0;
  if (carries && axis === 'x') {
    topDx = p.topDx === p.dx ? p.dx + q.topDx : p.topDx;
    topDy = Math.min(p.topDy, q.topDy);
  } else if (carries) {
    topDx = Math.min(p.topDx, q.topDx);
    topDy = p.topDy === p.dy ? p.dy + q.topDy : p.topDy;
  }
  return {
    p,
    q,
    x: axis === 'x' ? p.dx : 0,
    y: axis === 'y' ? p.dy : 0,
    z: 0,
    dx,
    dy,
    dz: p.dz,
    volume,
    uses,
    topCapacity: carries ? Math.min(p.topCapacity, q.topCapacity) : 0,
    topDx,
    topDy,
    frontDepth: axis === 'x' ? p.frontDepth : Math.min(p.frontDepth, q.frontDepth),
  };
}

/** q standing on p's usable top, at its origin corner. */
function stack(p: Block, q: Block, quantity: number[]): Candidate | null {
  if (p.topCapacity <= 0 || p.topCapacity < q.weight || q.dx > p.topDx || q.dy > p.topDy) return null;
  const dz = p.dz + q.dz;
  const volume = p.volume + q.volume;
  if (volume < MIN_FILL * p.dx * p.dy * dz) return null;
  const uses = mergedUses(p, q, quantity);
  if (!uses) return null;
  return {
    p,
    q,
    x: 0,
    y: 0,
    z: p.dz,
    dx: p.dx,
    dy: p.dy,
    dz,
    volume,
    uses,
    topCapacity: Math.min(q.topCapacity, p.topCapacity - q.weight),
    topDx: q.topCapacity > 0 ? q.topDx : 0,
    topDy: q.topCapacity > 0 ? q.topDy : 0,
    frontDepth: Math.min(p.frontDepth, q.frontDepth),
  };
}

/** A composite before it is built: its parts (q at x, y, z in it) and figures. */
interface Candidate extends Pick<
  Block,
  'dx' | 'dy' | 'dz' | 'volume' | 'topCapacity' | 'topDx' | 'topDy' | 'frontDepth'
> {
  p: Block;
  q: Block;
  x: number;
  y: number;
  z: number;
  uses: number[];
}

function composite(c: Candidate): Block {
  const { p, q } = c;
  // Same fields in the same order as a simple block: the search's loops then see one object shape.
  return {
    dx: c.dx,
    dy: c.dy,
    dz: c.dz,
    volume: c.volume,
    value: p.value + q.value,
    weight: p.weight + q.weight,
    // A composite has no single type: `uses` counts its boxes.
    type: -1,
    count: p.count + q.count + (p.cap?.count ?? 0) + (q.cap?.count ?? 0),
    group: p.group,
    topCapacity: c.topCapacity,
    orientation: p.orientation,
    nx: 1,
    ny: 1,
    nz: 1,
    cap: null,
    frontDepth: c.frontDepth,
    topDx: c.topDx,
    topDy: c.topDy,
    parts: [
      { block: p, x: 0, y: 0, z: 0 },
      { block: q, x: c.x, y: c.y, z: c.z },
    ],
    uses: c.uses,
  };
}

/** Boxes per type of a block, as [type, count, …]. */
export function usesOf(b: Block): readonly number[] {
  if (b.uses) return b.uses;
  return b.cap ? [b.type, b.count, b.cap.type, b.cap.count] : [b.type, b.count];
}

/** The boxes of both blocks per type, sorted by type, or null when some type has too few. */
function mergedUses(p: Block, q: Block, quantity: number[]): number[] | null {
  const counts = new Map<number, number>();
  for (const uses of [usesOf(p), usesOf(q)]) {
    for (let i = 0; i < uses.length; i += 2) counts.set(uses[i], (counts.get(uses[i]) ?? 0) + uses[i + 1]);
  }
  const out: number[] = [];
  for (const [type, count] of [...counts].sort((m, n) => m[0] - n[0])) {
    if (count > quantity[type]) return null;
    out.push(type, count);
  }
  return out;
}
