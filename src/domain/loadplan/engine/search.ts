import { Block, expandBlock } from './blocks';
import { PackedBox, PackingProblem } from './problem';
import { Cuboid, Space, intersects, joinLevel, mergeSpaces, sidePieces } from './spaces';
import { WorkMeter } from './work-meter';

/**
 * Single-container search: block building over maximal spaces with a beam search whose candidates are
 * judged by a greedy completion (Araya & Riff's BSG, 2014), run again with width 2, 4, 8, … until the work
 * budget is spent. Loading groups (delivery stops) are filled one after the other, the first group
 * deepest; a later group's boxes never lie wholly deeper than, or under, an earlier group's boxes.
 */

interface Step {
  block: Block;
  x: number;
  y: number;
  z: number;
  prev: Step | null;
}

interface State {
  spaces: Space[];
  remaining: number[];
  volume: number;
  value: number;
  weight: number;
  trail: Step | null;
  placed: number;
  group: number;
  /** Every box of the current group must end beyond this x (the start of the door-most box of earlier groups). */
  minEnd: number;
  /** Per placed block (only when loads are tracked): top capacity left, and the blocks it stands on. */
  caps: number[];
  below: (readonly number[])[];
}

interface Move {
  space: Space;
  block: Block;
}

export interface SearchOptions {
  /** Weight of the wasted-volume estimate against the block's value when ranking blocks. */
  lossWeight: number;
}

export interface SearchResult {
  volume: number;
  weight: number;
  /** Boxes placed. */
  count: number;
  /** Beam width of the last pass started (1 = greedy only). */
  width: number;
  /** The placed boxes, expanded on demand (a fit count may run to millions of boxes). */
  boxes(): PackedBox[];
}

/*
 * The work charged per operation, in units of about 7.7 ns (WORK_UNITS_PER_MS): estimated by least
 * squares from the CPU time of BR1–BR7, weak and strong instances (the least of two runs each, on
 * the shared machine) and counts of each operation, rounded up for a margin:
 * - a block looked at costs 1 unit, one that fits FIT_COST more (checking the boxes left, the loss
 *   estimate, the ranking: about 20 ns);
 * - placing a block costs PLACE_COST (cutting and merging the spaces, the new state's arrays: about
 *   1.5 µs), plus MERGE_COST per pair of spaces compared when merging;
 * - copying a state costs CLONE_COST: a beam child also pays for its signature and its ranking
 *   (about 3 µs).
 * A single flat charge would not do: strongly heterogeneous cargo sees dozens of fitting blocks per
 * space and places few, weakly heterogeneous cargo the reverse. Why these and not lighter ones:
 * docs/benchmarks.md, "Load planner".
 */
const FIT_COST = 3;
const PLACE_COST = 200;
const MERGE_COST = 3;
const CLONE_COST = 400;

/**
 * Most greedy completions remembered per search: memory stays bounded at the longest budgets (a weak
 * instance at 10 s would remember about 316,000, over 100 MB of heap; a strong one about 100,000).
 */
const MAX_REMEMBERED = 250_000;

/** Moves tried in the second space of a beam state, as a share of the beam width. */
const SECOND_SPACE_MOVES = 0.5;

/**
 * How much more than the last finished pass's cost per width² (from a level on) a pass keeps room
 * for (see levelWidth): its first levels cost less (their completions are remembered), but its
 * deepest levels meet new states and cost more, up to about twice as much.
 */
const WIDTH_MARGIN = 1.5;

/** Rounds of joining equal-height spaces after each placement. */
const JOIN_ROUNDS = 2;

export class ContainerSearch {
  private readonly groups: Block[][];
  /** Per group, the blocks in cells of a grid over their extents (see gridOf). */
  private readonly grids: BlockGrid[];
  private readonly lastGroup: number;
  private readonly trackLoads: boolean;
  /** Some box weighs: only then can a block be too heavy. */
  private readonly weighs: boolean;
  private readonly reach: [Int32Array, Int32Array, Int32Array];
  private readonly minDims: Int32Array;
  /** Each box type's loading group. */
  private readonly typeGroups: Int32Array;
  private best: State;
  /**
   * The value of each greedy completion made so far, by the signature of the state it started from:
   * each pass starts again from the empty container, and its first levels meet many states an
   * earlier, narrower pass completed already.
   */
  private readonly completions = new Map<string, number>();
  private readonly totalVolume: number;
  /** Per level of the last finished beam pass, its work over its width squared (see levelWidth). */
  private unitCosts: number[] = [];

  constructor(
    private readonly problem: PackingProblem,
    blocks: Block[],
    private readonly meter: WorkMeter,
    private readonly options: SearchOptions,
  ) {
    this.lastGroup = problem.types.reduce((m, t) => Math.max(m, t.group), 0);
    this.groups = Array.from({ length: this.lastGroup + 1 }, () => [] as Block[]);
    for (const b of blocks) this.groups[b.group].push(b);
    this.grids = this.groups.map(gridOf);
    this.weighs = problem.types.some((t) => t.weight > 0);
    // Loads matter when some box has a limit above zero (zero: nothing on top at all) and some box weighs.
    this.trackLoads = this.weighs && problem.types.some((t) => t.loadCapacity > 0 && Number.isFinite(t.loadCapacity));
    const { length, width, height } = problem.container;
    meter.spend(Math.ceil(((length + width + height) * problem.types.length) / 4));
    this.reach = [
      reachable(
        length,
        problem.types.flatMap((t) => t.orientations.map((o) => o.dx)),
      ),
      reachable(
        width,
        problem.types.flatMap((t) => t.orientations.map((o) => o.dy)),
      ),
      reachable(
        height,
        problem.types.flatMap((t) => t.orientations.map((o) => o.dz)),
      ),
    ];
    this.typeGroups = Int32Array.from(problem.types, (t) => t.group);
    this.minDims = new Int32Array(problem.types.length * 3);
    problem.types.forEach((t, i) => {
      this.minDims[3 * i] = Math.min(...t.orientations.map((o) => o.dx));
      this.minDims[3 * i + 1] = Math.min(...t.orientations.map((o) => o.dy));
      this.minDims[3 * i + 2] = Math.min(...t.orientations.map((o) => o.dz));
    });
    this.totalVolume = problem.types.reduce((sum, t) => sum + t.volume * t.quantity, 0);
    this.best = this.root();
  }

  run(): SearchResult {
    this.best = this.greedy(this.root());
    let width = 1;
    for (let w = 2; !this.meter.exhausted() && !this.allLoaded(); w *= 2) {
      width = w;
      if (this.beam(w)) break;
    }
    const best = this.best;
    let count = 0;
    for (let step = best.trail; step; step = step.prev) count += step.block.count + (step.block.cap?.count ?? 0);
    return { volume: best.volume, weight: best.weight, count, width, boxes: () => this.boxes(best) };
  }

  /** Nothing left to improve: every box is in. */
  private allLoaded(): boolean {
    return this.best.volume === this.totalVolume;
  }

  private root(): State {
    const { length, width, height } = this.problem.container;
    return {
      spaces: [{ x1: 0, y1: 0, z1: 0, x2: length, y2: width, z2: height, supports: [], deadFor: -1 }],
      remaining: this.problem.types.map((t) => t.quantity),
      volume: 0,
      value: 0,
      weight: 0,
      trail: null,
      placed: 0,
      group: 0,
      minEnd: 0,
      caps: [],
      below: [],
    };
  }

  private clone(s: State): State {
    // Copying costs about as much as touching every space and count, plus allocation.
    this.meter.spend(CLONE_COST + s.spaces.length + s.remaining.length);
    return {
      spaces: s.spaces.slice(),
      remaining: s.remaining.slice(),
      volume: s.volume,
      value: s.value,
      weight: s.weight,
      trail: s.trail,
      placed: s.placed,
      group: s.group,
      minEnd: s.minEnd,
      caps: this.trackLoads ? s.caps.slice() : s.caps,
      below: this.trackLoads ? s.below.slice() : s.below,
    };
  }

  /**
   * One beam pass. Returns true when nothing was cut off (every move and every child was kept): the
   * pass then covered all the search can see, and a wider one would find nothing new.
   */
  private beam(passWidth: number): boolean {
    let complete = true;
    let beam: State[] = [this.root()];
    const unitCosts: number[] = [];
    for (let level = 0; beam.length > 0; level++) {
      const started = this.meter.spent;
      const width = this.levelWidth(passWidth, level);
      if (width < passWidth) complete = false;
      const children: { state: State; value: number; key: string }[] = [];
      for (const parent of beam) {
        const state = this.clone(parent);
        const moves = this.moves(state, width);
        if (moves.length === width) complete = false;
        if (moves.length > 0) {
          // Also try the next space in line: filling the first one is not always right.
          const second = this.selectSpace(state, moves[0].space);
          if (second >= 0) {
            const space = state.spaces[second];
            const k = Math.ceil(width * SECOND_SPACE_MOVES);
            const blocks = this.bestBlocks(state, space, k);
            if (blocks.length === k) complete = false;
            for (const block of blocks) moves.push({ space, block });
          }
        }
        for (const move of moves) {
          if (this.meter.exhausted()) return false;
          const child = this.clone(state);
          this.place(child, move);
          const key = signature(child);
          let value = this.completions.get(key);
          if (value === undefined) {
            const done = this.greedy(this.clone(child));
            if (done.value > this.best.value) {
              this.best = done;
              if (this.allLoaded()) return true;
            }
            value = done.value;
            if (this.completions.size < MAX_REMEMBERED) this.completions.set(key, value);
          }
          children.push({ state: child, value, key });
        }
      }
      children.sort((a, b) => b.value - a.value);
      beam = [];
      const seen = new Set<string>();
      // Children whose completions reach the same value end in the same plan (the same blocks reached
      // in another order): the beam takes one child per value first, the others only into room left.
      const alike: State[] = [];
      let last = NaN;
      for (const c of children) {
        if (beam.length === width) {
          complete = false;
          break;
        }
        // The same blocks in another order often leave the same state: keep one of them.
        if (seen.has(c.key)) continue;
        seen.add(c.key);
        if (c.value === last) {
          alike.push(c.state);
          continue;
        }
        last = c.value;
        beam.push(c.state);
      }
      for (const state of alike) {
        if (beam.length === width) {
          complete = false;
          break;
        }
        beam.push(state);
      }
      unitCosts.push((this.meter.spent - started) / (width * width));
    }
    this.unitCosts = unitCosts;
    return complete;
  }

  /**
   * The width of a pass at a level: the pass's own, or, when the last finished pass's cost from this
   * level on (a level costs about width² times its unit cost) says the budget left cannot take it to
   * the end at that width, the width it can.
   */
  private levelWidth(passWidth: number, level: number): number {
    const costs = this.unitCosts;
    if (costs.length === 0) return passWidth;
    // Deeper than the last pass went: at least one more level like its last (every level costs a copy).
    let rest = level < costs.length ? 0 : costs[costs.length - 1];
    for (let l = level; l < costs.length; l++) rest += costs[l];
    return Math.max(1, Math.min(passWidth, Math.floor(Math.sqrt(this.meter.left / (rest * WIDTH_MARGIN)))));
  }

  private greedy(state: State): State {
    for (;;) {
      const [move] = this.moves(state, 1);
      if (!move) return state;
      this.place(state, move);
    }
  }

  /**
   * The k best moves in the space the state fills next. Spaces where nothing fits are marked dead
   * for the current group (and dropped in the last group); when none is left, the next group starts.
   */
  private moves(state: State, k: number): Move[] {
    for (;;) {
      const index = this.selectSpace(state);
      if (index < 0) {
        if (state.group >= this.lastGroup) return [];
        this.startGroup(state, state.group + 1);
        continue;
      }
      const space = state.spaces[index];
      const blocks = this.bestBlocks(state, space, k);
      if (blocks.length > 0) return blocks.map((block) => ({ space, block }));
      if (state.group >= this.lastGroup) {
        state.spaces[index] = state.spaces[state.spaces.length - 1];
        state.spaces.pop();
      } else {
        state.spaces[index] = { ...space, deadFor: state.group };
      }
    }
  }

  /**
   * Parreño's rule: the space closest to a corner of the front wall (distances compared sorted),
   * then the largest.
   */
  private selectSpace(state: State, skip: Space | null = null): number {
    const width = this.problem.container.width;
    let bestIndex = -1;
    let b1 = 0;
    let b2 = 0;
    let b3 = 0;
    let bv = 0;
    const spaces = state.spaces;
    for (let i = 0; i < spaces.length; i++) {
      const s = spaces[i];
      if (s.deadFor === state.group || s === skip) continue;
      // Distance from the front wall only: loads grow from the front towards the doors.
      const dx = s.x1;
      const dy = Math.min(s.y1, width - s.y2);
      const dz = s.z1;
      // Sort the three distances.
      let a1 = dx;
      let a2 = dy;
      let a3 = dz;
      if (a1 > a2) [a1, a2] = [a2, a1];
      if (a2 > a3) [a2, a3] = [a3, a2];
      if (a1 > a2) [a1, a2] = [a2, a1];
      const v = (s.x2 - s.x1) * (s.y2 - s.y1) * (s.z2 - s.z1);
      if (bestIndex < 0 || a1 < b1 || (a1 === b1 && (a2 < b2 || (a2 === b2 && (a3 < b3 || (a3 === b3 && v > bv)))))) {
        bestIndex = i;
        b1 = a1;
        b2 = a2;
        b3 = a3;
        bv = v;
      }
    }
    this.meter.spend(spaces.length);
    return bestIndex;
  }

  private bestBlocks(state: State, s: Space, k: number): Block[] {
    const sx = s.x2 - s.x1;
    const sy = s.y2 - s.y1;
    const sz = s.z2 - s.z1;
    const payloadLeft = this.problem.container.payload - state.weight;
    const carry = this.trackLoads ? this.capacityBelow(state, s.supports) : Infinity;
    const [reachX, reachY, reachZ] = this.reach;
    const lossWeight = this.options.lossWeight;
    const remaining = state.remaining;
    const minEnd = state.minEnd;
    const chosen: Block[] = [];
    const scores: number[] = [];
    // Equal scores go to the block first in value order (its rank), whichever cell it is in.
    const ranks: number[] = [];
    // The k-th best score and rank so far (the bar a block must pass once k are chosen).
    let bar = -Infinity;
    let barRank = -1;
    // A block may weigh no more than the payload left nor than the blocks below it may carry.
    const weightLimit = Math.min(payloadLeft, carry);
    const weighs = this.weighs;
    let examined = 0;
    let fitted = 0;
    const { xs, ys, cells } = this.grids[state.group];
    const nx = band(xs, sx);
    const ny = band(ys, sy);
    const cellsY = ys.length + 1;
    // Only the bands whose blocks can be short and narrow enough, the longest and widest first: their
    // blocks are worth most, so the bar rises early and the other cells stop sooner (a fifth fewer
    // blocks examined, the same choices); a cell whose best block is worth less than the bar is passed by.
    for (let gx = nx; gx >= 0; gx--) {
      for (let gy = ny; gy >= 0; gy--) {
        const cell = cells[gx * cellsY + gy];
        if (!cell || cell.minDx > sx || cell.minDy > sy || cell.minDz > sz || cell.value[0] < bar) continue;
        const {
          blocks,
          dx,
          dy,
          dz,
          value,
          weight,
          rank,
          type,
          count,
          capType,
          capCount,
          usesFrom,
          usesTo,
          uses,
          frontDepth,
          topArea,
        } = cell;
        // Blocks are sorted by value: those worth more than any block the space can hold are skipped.
        let i = firstAtMost(value, cell.density * sx * sy * sz * (1 + 1e-9));
        examined += cell.visitCost;
        for (; i < blocks.length; i++) {
          const v = value[i];
          if (v <= bar && (v < bar || rank[i] > barRank)) break;
          examined++;
          const bx = dx[i];
          const by = dy[i];
          const bz = dz[i];
          if (bx > sx || by > sy || bz > sz) continue;
          fitted++;
          if (weighs && weight[i] > weightLimit) continue;
          const t = type[i];
          if (
            t >= 0
              ? remaining[t] < count[i] || (capType[i] >= 0 && remaining[capType[i]] < capCount[i])
              : !enough(remaining, uses, usesFrom[i], usesTo[i])
          )
            continue;
          if (s.x1 + frontDepth[i] <= minEnd) continue;
          const rx = sx - bx;
          const ry = sy - by;
          const rz = sz - bz;
          // The height above the block that cargo may still fill: none over a block that carries nothing,
          // and only over its usable top (a composite's may be smaller than its top), the rest is lost.
          const top = topArea[i];
          const above = top >= 0 ? reachZ[rz] : 0;
          const loss =
            (rx - reachX[rx]) * sy * sz +
            (ry - reachY[ry]) * sx * sz +
            (rz - above) * bx * by +
            above * (bx * by - top);
          const score = v - lossWeight * loss;
          const r = rank[i];
          if (score <= bar && (score < bar || r > barRank)) continue;
          let at = chosen.length === k ? k - 1 : chosen.length;
          while (at > 0 && (scores[at - 1] < score || (scores[at - 1] === score && ranks[at - 1] > r))) {
            if (at < k) {
              chosen[at] = chosen[at - 1];
              scores[at] = scores[at - 1];
              ranks[at] = ranks[at - 1];
            }
            at--;
          }
          chosen[at] = blocks[i];
          scores[at] = score;
          ranks[at] = r;
          if (chosen.length === k) {
            bar = scores[k - 1];
            barRank = ranks[k - 1];
          }
        }
      }
    }
    this.meter.spend(examined + FIT_COST * fitted);
    return chosen;
  }

  /** Every placed block under the supports, directly or through other blocks. */
  private blocksBelow(state: State, supports: readonly number[]): Set<number> {
    const found = new Set<number>();
    const stack = [...supports];
    while (stack.length > 0) {
      const j = stack.pop()!;
      if (found.has(j)) continue;
      found.add(j);
      stack.push(...state.below[j]);
    }
    return found;
  }

  /** The most weight a block on these supports may have: each block below carries it in full. */
  private capacityBelow(state: State, supports: readonly number[]): number {
    let capacity = Infinity;
    for (const j of this.blocksBelow(state, supports)) capacity = Math.min(capacity, state.caps[j]);
    return capacity;
  }

  private place(state: State, move: Move): void {
    const { space: s, block: b } = move;
    const width = this.problem.container.width;
    // The block goes into the space's corner nearest the front-wall corner the space was chosen for.
    const x = s.x1;
    const y = s.y1 <= width - s.y2 ? s.y1 : s.y2 - b.dy;
    const z = s.z1;
    const c: Cuboid = { x1: x, y1: y, z1: z, x2: x + b.dx, y2: y + b.dy, z2: z + b.dz };
    const index = state.placed;
    const carries = b.topCapacity > 0;

    if (b.uses) {
      for (let i = 0; i < b.uses.length; i += 2) state.remaining[b.uses[i]] -= b.uses[i + 1];
    } else {
      state.remaining[b.type] -= b.count;
      if (b.cap) state.remaining[b.cap.type] -= b.cap.count;
    }
    const kept: Space[] = [];
    const fresh: Space[] = [];
    for (const o of state.spaces) {
      if (!intersects(o, c)) {
        kept.push(o);
        continue;
      }
      sidePieces(o, c, fresh);
      if (carries && o.z2 > c.z2) {
        const px1 = Math.max(o.x1, c.x1);
        const py1 = Math.max(o.y1, c.y1);
        const px2 = Math.min(o.x2, c.x1 + b.topDx);
        const py2 = Math.min(o.y2, c.y1 + b.topDy);
        if (px1 < px2 && py1 < py2) {
          fresh.push({ x1: px1, y1: py1, z1: c.z2, x2: px2, y2: py2, z2: o.z2, supports: [index], deadFor: -1 });
        }
      }
    }
    const usable = this.usable(state, this.joinTops(kept, fresh, c.z2));
    state.spaces = mergeSpaces(kept, usable);
    this.meter.spend(
      PLACE_COST + kept.length + fresh.length + MERGE_COST * usable.length * (kept.length + usable.length),
    );

    if (this.trackLoads) {
      for (const j of this.blocksBelow(state, s.supports)) state.caps[j] -= b.weight;
      state.caps.push(b.topCapacity);
      state.below.push(s.supports);
    }
    state.volume += b.volume;
    state.value += b.value;
    state.weight += b.weight;
    state.trail = { block: b, x, y, z, prev: state.trail };
    state.placed++;
  }

  /**
   * Spaces on the new block's top, joined with neighbouring spaces at the same height (tops of other
   * blocks), so that a piece can stand across several blocks of equal height. Joins are repeated a
   * few rounds to reach across a row of blocks.
   */
  private joinTops(kept: Space[], fresh: Space[], level: number): Space[] {
    let frontier = fresh.filter((p) => p.z1 === level);
    if (frontier.length === 0) return fresh;
    // Only spaces with floors at that level can join.
    const all = kept.filter((q) => q.z1 === level).concat(frontier);
    this.meter.spend(kept.length);
    for (let round = 0; round < JOIN_ROUNDS && frontier.length > 0; round++) {
      const next: Space[] = [];
      for (const p of frontier) {
        for (const q of all) {
          if (q === p) continue;
          const joined = joinLevel(p, q);
          if (joined) next.push(joined);
        }
      }
      this.meter.spend(frontier.length * all.length);
      all.push(...next);
      fresh.push(...next);
      frontier = next;
    }
    return fresh;
  }

  /** Drops pieces too small in some direction for every box still to load. */
  private usable(state: State, pieces: Space[]): Space[] {
    let mx = Infinity;
    let my = Infinity;
    let mz = Infinity;
    const dims = this.minDims;
    const groups = this.typeGroups;
    const remaining = state.remaining;
    for (let t = 0; t < remaining.length; t++) {
      if (remaining[t] === 0 || groups[t] < state.group) continue;
      mx = Math.min(mx, dims[3 * t]);
      my = Math.min(my, dims[3 * t + 1]);
      mz = Math.min(mz, dims[3 * t + 2]);
    }
    return pieces.filter((p) => p.x2 - p.x1 >= mx && p.y2 - p.y1 >= my && p.z2 - p.z1 >= mz);
  }

  /**
   * Opens the next loading group. Its boxes must not lie wholly nearer the doors than a box already
   * loaded (each must end beyond the start of the door-most one: minEnd), nor under one, so the
   * regions under loaded blocks are cut away.
   */
  private startGroup(state: State, group: number): void {
    // Only simple and capped blocks here: composites are made for problems with one group only.
    state.group = group;
    for (let step = state.trail; step; step = step.prev) {
      const { block: b, x, y, z } = step;
      // The door-most box of the block starts one box depth before the block's far end.
      state.minEnd = Math.max(state.minEnd, x + b.nx * b.orientation.dx - b.orientation.dx);
      if (b.cap) state.minEnd = Math.max(state.minEnd, x + b.cap.dx - b.cap.orientation.dx);
      const under: Cuboid = { x1: x, y1: y, z1: 0, x2: x + b.dx, y2: y + b.dy, z2: z + b.dz };
      const kept: Space[] = [];
      const fresh: Space[] = [];
      for (const o of state.spaces) {
        if (intersects(o, under)) sidePieces(o, under, fresh);
        else kept.push(o);
      }
      const usable = this.usable(state, fresh);
      state.spaces = mergeSpaces(kept, usable);
      this.meter.spend(kept.length + fresh.length + usable.length * (kept.length + usable.length));
    }
  }

  private boxes(state: State): PackedBox[] {
    const steps: Step[] = [];
    for (let step = state.trail; step; step = step.prev) steps.push(step);
    const out: PackedBox[] = [];
    for (let i = steps.length - 1; i >= 0; i--) expandBlock(steps[i].block, steps[i].x, steps[i].y, steps[i].z, out);
    return out;
  }
}

/** Bands per axis of the block grid. */
const GRID = 8;

/**
 * Blocks whose length and width fall in one band of a grid (bands at quantiles of the blocks'
 * lengths and widths), highest value first, with everything the scan reads as flat columns: the scan
 * reads these, not the block objects (about 15 % less CPU per search than reading the objects), and
 * visits only the cells whose blocks can be short, narrow and low enough for the space (nearly all
 * blocks examined were too long or too wide, without the grid).
 */
interface BlockCell {
  blocks: Block[];
  minDx: number;
  minDy: number;
  minDz: number;
  /** Work charged for visiting the cell: 1, and a binary search over its blocks. */
  visitCost: number;
  /** The most value per unit of bounding volume a block of the cell has. */
  density: number;
  dx: Int32Array;
  dy: Int32Array;
  dz: Int32Array;
  value: Float64Array;
  weight: Float64Array;
  /** Each block's place in the group's value order. */
  rank: Int32Array;
  /** The boxes a block takes: a simple block `count` of `type` and, when capType ≥ 0, `capCount` of it; */
  type: Int32Array;
  count: Int32Array;
  capType: Int32Array;
  capCount: Int32Array;
  /** a composite (type −1) the [type, count, …] pairs at uses[usesFrom, usesTo). */
  usesFrom: Int32Array;
  usesTo: Int32Array;
  uses: Int32Array;
  frontDepth: Int32Array;
  /** Area of the usable top; −1 for a block that carries nothing. */
  topArea: Float64Array;
}

/** The cells of one loading group's blocks; a block in band i of an axis is at least edges[i − 1] long on it. */
interface BlockGrid {
  xs: number[];
  ys: number[];
  /** By band along x, then y; null where no block falls. */
  cells: (BlockCell | null)[];
}

/** The band of an extent: the number of edges at or below it. */
function band(edges: number[], v: number): number {
  let i = 0;
  while (i < edges.length && v >= edges[i]) i++;
  return i;
}

function gridOf(blocks: Block[]): BlockGrid {
  const bands = (extent: (b: Block) => number) => {
    const sorted = blocks.map(extent).sort((p, q) => p - q);
    return [
      ...new Set(Array.from({ length: GRID - 1 }, (_, i) => sorted[Math.floor(((i + 1) * sorted.length) / GRID)])),
    ];
  };
  const xs = bands((b) => b.dx);
  const ys = bands((b) => b.dy);
  const grid: Block[][] = Array.from({ length: (xs.length + 1) * (ys.length + 1) }, () => []);
  const rankOf = new Map<Block, number>();
  // Blocks arrive sorted by value, so each cell is too.
  blocks.forEach((b, i) => {
    rankOf.set(b, i);
    grid[band(xs, b.dx) * (ys.length + 1) + band(ys, b.dy)].push(b);
  });
  const cellOf = (cell: Block[]): BlockCell => {
    const uses: number[] = [];
    const usesFrom = new Int32Array(cell.length);
    const usesTo = new Int32Array(cell.length);
    cell.forEach((b, i) => {
      usesFrom[i] = uses.length;
      if (b.uses) uses.push(...b.uses);
      usesTo[i] = uses.length;
    });
    return {
      blocks: cell,
      minDx: Math.min(...cell.map((b) => b.dx)),
      minDy: Math.min(...cell.map((b) => b.dy)),
      minDz: Math.min(...cell.map((b) => b.dz)),
      visitCost: 1 + Math.ceil(Math.log2(cell.length + 1)),
      density: cell.reduce((m, b) => Math.max(m, b.value / (b.dx * b.dy * b.dz)), 0),
      dx: Int32Array.from(cell, (b) => b.dx),
      dy: Int32Array.from(cell, (b) => b.dy),
      dz: Int32Array.from(cell, (b) => b.dz),
      value: Float64Array.from(cell, (b) => b.value),
      weight: Float64Array.from(cell, (b) => b.weight),
      rank: Int32Array.from(cell, (b) => rankOf.get(b)!),
      type: Int32Array.from(cell, (b) => (b.uses ? -1 : b.type)),
      count: Int32Array.from(cell, (b) => b.count),
      capType: Int32Array.from(cell, (b) => (b.cap ? b.cap.type : -1)),
      capCount: Int32Array.from(cell, (b) => b.cap?.count ?? 0),
      usesFrom,
      usesTo,
      uses: Int32Array.from(uses),
      frontDepth: Int32Array.from(cell, (b) => b.frontDepth),
      topArea: Float64Array.from(cell, (b) => (b.topCapacity > 0 ? b.topDx * b.topDy : -1)),
    };
  };
  return { xs, ys, cells: grid.map((cell) => (cell.length > 0 ? cellOf(cell) : null)) };
}

/** The first index whose value is at most `limit`, in values sorted from high to low. */
function firstAtMost(values: Float64Array, limit: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (values[mid] > limit) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Are there enough boxes left for a composite's [type, count, …], at uses[from, to)? */
function enough(remaining: number[], uses: Int32Array, from: number, to: number): boolean {
  for (let i = from; i < to; i += 2) if (remaining[uses[i]] < uses[i + 1]) return false;
  return true;
}

/** reach[r] = the longest total ≤ r that a row of the given lengths can make (repeats allowed). */
function reachable(limit: number, lengths: number[]): Int32Array {
  const sizes = [...new Set(lengths)].filter((d) => d > 0 && d <= limit);
  const can = new Uint8Array(limit + 1);
  const reach = new Int32Array(limit + 1);
  can[0] = 1;
  for (let r = 1; r <= limit; r++) {
    for (const d of sizes) {
      if (d <= r && can[r - d]) {
        can[r] = 1;
        break;
      }
    }
    reach[r] = can[r] ? r : reach[r - 1];
  }
  return reach;
}

/** Identifies a state by its loaded value and free spaces (an order-free hash of the spaces). */
function signature(state: State): string {
  let hash = 0;
  for (const s of state.spaces) {
    let h = s.x1 * 73856093 + s.y1 * 19349663 + s.z1 * 83492791;
    h = Math.imul(h ^ (s.x2 * 2654435761), 2246822519) + s.y2 * 3266489917 + s.z2 * 668265263;
    hash = (hash + (h >>> 0)) % 4294967296;
  }
  return `${state.value}:${state.spaces.length}:${hash}`;
}
