import { generateBrProblem } from '../../../../bench/br-generator';
import { Block, expandBlock, generateBlocks, usesComposites } from '../../../../src/domain/loadplan/engine/blocks';
import { PackedBox, PackingProblem } from '../../../../src/domain/loadplan/engine/problem';
import { WorkMeter } from '../../../../src/domain/loadplan/engine/work-meter';
import { planLoad } from '../../../../src/domain/loadplan/plan-load';
import { validatePlan } from '../../../../src/domain/loadplan/validator';
import { thpackLoadPlanRequest } from '../../../../src/reference/or-library-thpack';

/** A strongly heterogeneous problem in engine terms: n box types of 1–3 boxes, any orientation of the height. */
function problem(n: number, group: (t: number) => number = () => 0): PackingProblem {
  return {
    container: { length: 587, width: 233, height: 220, payload: 10_000 },
    types: Array.from({ length: n }, (_, t) => {
      const [l, w, h] = [40 + ((t * 7) % 50), 30 + ((t * 11) % 40), 20 + ((t * 13) % 30)];
      return {
        orientations: [
          { dx: l, dy: w, dz: h },
          { dx: w, dy: l, dz: h },
        ],
        volume: l * w * h,
        value: l * w * h,
        weight: 2,
        quantity: 1 + (t % 3),
        group: group(t),
        loadCapacity: Infinity,
      };
    }),
  };
}

function boxesOf(block: Block): PackedBox[] {
  const out: PackedBox[] = [];
  expandBlock(block, 0, 0, 0, out);
  return out;
}

const meter = (budgetMs: number) => WorkMeter.forBudget(budgetMs, () => 0);

const overlap = (a: PackedBox, b: PackedBox) =>
  a.x < b.x + b.dx && b.x < a.x + a.dx && a.y < b.y + b.dy && b.y < a.y + a.dy && a.z < b.z + b.dz && b.z < a.z + a.dz;

/** The share of the box's base resting on tops of other boxes exactly at its floor (1 on the floor). */
function supported(box: PackedBox, all: PackedBox[]): number {
  if (box.z === 0) return 1;
  let area = 0;
  for (const o of all) {
    if (o.z + o.dz !== box.z) continue;
    const w = Math.min(box.x + box.dx, o.x + o.dx) - Math.max(box.x, o.x);
    const d = Math.min(box.y + box.dy, o.y + o.dy) - Math.max(box.y, o.y);
    if (w > 0 && d > 0) area += w * d;
  }
  return area / (box.dx * box.dy);
}

describe('composite blocks', () => {
  it('are made for more than 20 box types in one loading group only', () => {
    expect(usesComposites(problem(21))).toBe(true);
    expect(usesComposites(problem(20))).toBe(false);
    expect(usesComposites(problem(30, (t) => t % 2))).toBe(false);
    expect(generateBlocks(problem(20), undefined, meter(10_000)).some((b) => b.parts)).toBe(false);
    expect(generateBlocks(problem(30)).some((b) => b.parts)).toBe(false);
  });

  it('hold their boxes inside their extents, without overlap, fully supported, within the quantities', () => {
    const p = problem(30);
    const composites = generateBlocks(p, undefined, meter(10_000)).filter((b) => b.parts);
    expect(composites.length).toBeGreaterThan(100);
    for (const block of composites) {
      const boxes = boxesOf(block);
      expect(boxes).toHaveLength(block.count);
      expect(boxes.reduce((sum, b) => sum + b.dx * b.dy * b.dz, 0)).toBe(block.volume);
      expect(block.volume).toBeGreaterThanOrEqual(0.98 * block.dx * block.dy * block.dz);
      for (const box of boxes) {
        expect(box.x + box.dx <= block.dx && box.y + box.dy <= block.dy && box.z + box.dz <= block.dz).toBe(true);
        expect(supported(box, boxes)).toBe(1);
      }
      for (let i = 0; i < boxes.length; i++)
        for (let j = i + 1; j < boxes.length; j++) expect(overlap(boxes[i], boxes[j])).toBe(false);
      const used = new Map<number, number>();
      for (const box of boxes) used.set(box.type, (used.get(box.type) ?? 0) + 1);
      for (const [type, count] of used) expect(count).toBeLessThanOrEqual(p.types[type].quantity);
    }
    // Every point of a block's usable top is the top of a box at the block's full height.
    const withTop = composites.filter((block) => block.topDx > 0);
    expect(withTop.length).toBeGreaterThan(0);
    for (const block of withTop) {
      const top = { x: 0, y: 0, z: block.dz, dx: block.topDx, dy: block.topDy, dz: 1, type: -1 };
      expect(supported(top, boxesOf(block))).toBe(1);
    }
  });

  it('are made within the work allowance', () => {
    const short = meter(10);
    const few = generateBlocks(problem(100), undefined, short).filter((b) => b.parts).length;
    const many = generateBlocks(problem(100), undefined, meter(10_000)).filter((b) => b.parts).length;
    expect(few).toBeLessThan(many);
    // At most one more block's pairs than the allowance.
    expect(short.spent).toBeLessThan(short.allowance + 8 * 2 * 10_000);
  });

  it('give valid full-support plans on strongly heterogeneous cargo', () => {
    const request = thpackLoadPlanRequest(generateBrProblem(1, 60, 12_345), 200);
    const plan = planLoad(request, { clock: () => 0 });
    expect(validatePlan(request, plan)).toEqual([]);
    expect(plan.summary.volumeUtilisation).toBeGreaterThan(0.75);
  });
});
