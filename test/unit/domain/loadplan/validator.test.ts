import { LoadPlanRequest, LoadPlanResult, PlacedPiece } from '../../../../src/domain/loadplan/model';
import { planLoad } from '../../../../src/domain/loadplan/plan-load';
import { ViolationKind, validatePlan } from '../../../../src/domain/loadplan/validator';

/**
 * The validator on hand-spoiled plans: a valid plan from the planner, then one rule broken at a time.
 * Moving a piece usually breaks the reported figures too, so each case asks that its own kind is
 * among the violations found.
 */
const base: LoadPlanRequest = {
  lengthUnit: 'mm',
  weightUnit: 'kg',
  items: [
    {
      id: 'base',
      length: 500,
      width: 500,
      height: 300,
      weight: 20,
      quantity: 8,
      orientation: 'this_side_up',
      maxLoadOnTop: 30,
      stop: 2,
    },
    { id: 'top', length: 500, width: 500, height: 300, weight: 10, quantity: 4, fragile: true, stop: 1 },
    { id: 'post', length: 400, width: 400, height: 950, weight: 5, quantity: 1, stop: 1 },
  ],
  container: {
    kind: 'custom',
    container: {
      length: 2000,
      width: 1000,
      height: 1200,
      loadLineHeight: 1000,
      doorWidth: 1000,
      doorHeight: 900,
      payload: 500,
    },
  },
  maxContainers: 1,
  timeBudgetMs: 50,
  fitAnalysis: false,
};

const valid = planLoad(base, { clock: () => 0 });

function spoil(
  change: (plan: LoadPlanResult, pieces: PlacedPiece[]) => void,
  request: LoadPlanRequest = base,
): ViolationKind[] {
  const plan = structuredClone(valid);
  change(plan, plan.containers[0].pieces);
  return validatePlan(request, plan).map((v) => v.kind);
}

const find = (pieces: PlacedPiece[], itemId: string, where: (p: PlacedPiece) => boolean = () => true): PlacedPiece =>
  pieces.find((p) => p.itemId === itemId && where(p))!;

describe('validatePlan', () => {
  it('accepts the planner’s plan', () => {
    expect(valid.summary.placedPieces).toBe(13);
    expect(validatePlan(base, valid)).toEqual([]);
  });

  it('catches overlapping pieces', () => {
    expect(
      spoil((_, pieces) => {
        pieces[1].x = pieces[0].x + 100;
        pieces[1].y = pieces[0].y;
        pieces[1].z = pieces[0].z;
      }),
    ).toContain('overlap');
  });

  it('catches a piece sticking out of the container', () => {
    expect(spoil((_, pieces) => void (pieces[0].x = 2000 - pieces[0].length + 10))).toContain('outside_container');
  });

  it('catches a piece above the load line', () => {
    expect(spoil((_, pieces) => void (pieces[0].z = 800))).toContain('above_load_line');
  });

  it('catches a piece turned against its orientation rule', () => {
    expect(
      spoil((_, pieces) => {
        const p = find(pieces, 'base');
        [p.width, p.height] = [p.height, p.width];
      }),
    ).toContain('orientation_not_allowed');
  });

  it('catches a piece of the wrong size', () => {
    expect(spoil((_, pieces) => void (pieces[0].length -= 100))).toContain('dimensions_mismatch');
  });

  it('catches a piece that cannot pass the door as placed', () => {
    expect(
      spoil((_, pieces) => {
        const post = find(pieces, 'post');
        Object.assign(post, { length: 400, width: 400, height: 950, z: 0 });
      }),
    ).toContain('exceeds_door_opening');
  });

  it('catches a floating piece', () => {
    expect(spoil((_, pieces) => void (find(pieces, 'base', (p) => p.z === 0).z = 1))).toContain('unsupported');
  });

  it('catches a piece standing on a fragile one', () => {
    expect(
      spoil((_, pieces) => {
        const fragile = find(pieces, 'top');
        const other = find(pieces, 'base');
        Object.assign(other, {
          x: fragile.x,
          y: fragile.y,
          z: fragile.z + fragile.height,
          length: 500,
          width: 500,
          height: 300,
        });
      }),
    ).toContain('stacked_on_non_stackable');
  });

  it('catches too much load on a piece', () => {
    const strict = structuredClone(base);
    strict.items[0].maxLoadOnTop = 5;
    const carried = valid.containers[0].pieces.some((p) => p.itemId === 'base' && p.z > 0);
    expect(carried).toBe(true);
    expect(spoil(() => undefined, strict)).toContain('load_on_top_exceeded');
  });

  it('catches an overloaded container', () => {
    expect(spoil((plan) => void (plan.containers[0].payloadKg = 100))).toContain('payload_exceeded');
  });

  it('catches a later stop loaded nearer the doors than an earlier one', () => {
    expect(
      spoil((_, pieces) => {
        const early = find(pieces, 'top');
        const late = find(pieces, 'base', (p) => p.z === 0);
        [early.x, early.y, early.z, late.x, late.y, late.z] = [late.x, late.y, late.z, early.x, early.y, early.z];
      }),
    ).toContain('stop_blocked');
  });

  it('catches a later stop standing on an earlier one', () => {
    const plan = structuredClone(valid);
    const pieces = plan.containers[0].pieces;
    const post = find(pieces, 'post');
    const late = find(pieces, 'base', (p) => p.z > 0 || p.x < post.x);
    Object.assign(late, { x: post.x, y: post.y, z: post.z + post.height });
    const messages = validatePlan(base, plan)
      .filter((v) => v.kind === 'stop_blocked')
      .map((v) => v.message);
    expect(messages).toContainEqual(expect.stringMatching(/\(stop 1\) is under piece \d+ \(stop 2\)/));
  });

  it('catches a loading sequence that loads a piece before the one it stands on', () => {
    expect(
      spoil((_, pieces) => {
        pieces.reverse();
        pieces.forEach((p, i) => (p.sequence = i + 1));
      }),
    ).toContain('sequence_invalid');
  });

  it('catches pieces lost between placed and unplaced', () => {
    expect(spoil((_, pieces) => void pieces.pop())).toContain('quantity_mismatch');
  });

  it('catches a piece that names no item', () => {
    expect(spoil((_, pieces) => void (pieces[0].itemIndex = 99))).toContain('unknown_item');
  });

  it('catches wrong figures', () => {
    expect(spoil((plan) => void (plan.containers[0].loadedVolumeM3 += 0.01))).toEqual(['figures_mismatch']);
    expect(spoil((plan) => void (plan.summary.volumeUtilisation = 0.99))).toEqual(['figures_mismatch']);
  });

  it('catches a container other than the one asked for, and too many containers', () => {
    expect(spoil((plan) => void (plan.containers[0].insideMm.length = 2100))).toContain('container_mismatch');
    expect(spoil((plan) => void plan.containers.push(structuredClone(plan.containers[0])))).toContain(
      'too_many_containers',
    );
  });
});
