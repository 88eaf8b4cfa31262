import { LoadPlanRequestError } from '../../../../src/domain/loadplan/errors';
import { LOAD_PLAN_LIMITS } from '../../../../src/domain/loadplan/limits';
import { LoadItem, LoadPlanRequest, LoadPlanResult, PlacedPiece } from '../../../../src/domain/loadplan/model';
import { planLoad } from '../../../../src/domain/loadplan/plan-load';
import { validatePlan } from '../../../../src/domain/loadplan/validator';

/** A frozen clock: the wall-clock guard never fires, so runs are exactly repeatable. */
const frozen = { clock: () => 0 };

function request(items: LoadItem[], overrides: Partial<LoadPlanRequest> = {}): LoadPlanRequest {
  return {
    lengthUnit: 'mm',
    weightUnit: 'kg',
    items,
    container: { kind: 'standard', type: '20GP' },
    timeBudgetMs: 60,
    fitAnalysis: false,
    ...overrides,
  };
}

function plan(req: LoadPlanRequest): LoadPlanResult {
  const result = planLoad(req, frozen);
  expect(validatePlan(req, result)).toEqual([]);
  return result;
}

const pieces = (result: LoadPlanResult): PlacedPiece[] => result.containers.flatMap((c) => c.pieces);

/** Pieces standing directly on `below` (in the same container) with their footprints overlapping. */
function restingOn(result: LoadPlanResult, below: PlacedPiece): PlacedPiece[] {
  const container = result.containers.find((c) => c.pieces.includes(below))!;
  return container.pieces.filter(
    (p) =>
      p.z === below.z + below.height &&
      p.x < below.x + below.length &&
      below.x < p.x + p.length &&
      p.y < below.y + below.width &&
      below.y < p.y + p.width,
  );
}

describe('planLoad', () => {
  it('loads a simple consignment in one container, reports figures in metric units', () => {
    const result = plan(
      request([{ id: 'carton', length: 60, width: 40, height: 40, weight: 26.5, quantity: 40 }], {
        lengthUnit: 'cm',
        weightUnit: 'lb',
      }),
    );
    expect(result.containers).toHaveLength(1);
    const [container] = result.containers;
    expect(container.pieces).toHaveLength(40);
    expect(container.pieces[0]).toMatchObject({ itemId: 'carton', sequence: 1 });
    expect([container.pieces[0].length, container.pieces[0].width, container.pieces[0].height].sort()).toEqual([
      400, 400, 600,
    ]);
    expect(container.loadedVolumeM3).toBeCloseTo(40 * 0.096, 9);
    expect(container.loadedWeightKg).toBeCloseTo(40 * 26.5 * 0.45359237, 9);
    expect(container.volumeUtilisation).toBeCloseTo(3.84 / (5.898 * 2.352 * 2.393), 9);
    expect(result.summary).toMatchObject({ requestedPieces: 40, placedPieces: 40 });
    expect(result.unplaced).toEqual([]);
  });

  it('puts the centre of gravity where the weight is and reports its offset from the middle', () => {
    const result = plan(
      request([
        { id: 'crate', length: 1000, width: 1000, height: 1000, weight: 500, quantity: 1, orientation: 'fixed' },
      ]),
    );
    const [container] = result.containers;
    const [piece] = container.pieces;
    expect(container.centreOfGravity).toEqual({ x: piece.x + 500, y: piece.y + 500, z: 500 });
    expect(container.centreOfGravityOffset).toEqual({
      x: piece.x + 500 - 5898 / 2,
      y: piece.y + 500 - 2352 / 2,
      z: 500 - 2393 / 2,
    });
  });

  it('gives no centre of gravity for a weightless load', () => {
    const result = plan(request([{ id: 'air', length: 500, width: 500, height: 500, weight: 0, quantity: 2 }]));
    expect(result.containers[0].centreOfGravity).toBeNull();
  });

  describe('support rule', () => {
    // The floor takes either the fragile plank (which carries nothing) or the two cubes; the plank
    // can then only go on top, across both cubes.
    const bridge = (secondHeight: number): LoadPlanRequest =>
      request(
        [
          { id: 'cube', length: 500, width: 500, height: 400, weight: 10, quantity: 1, orientation: 'fixed' },
          { id: 'other', length: 500, width: 500, height: secondHeight, weight: 10, quantity: 1, orientation: 'fixed' },
          {
            id: 'plank',
            length: 1000,
            width: 500,
            height: 200,
            weight: 5,
            quantity: 1,
            orientation: 'fixed',
            fragile: true,
          },
        ],
        {
          container: { kind: 'custom', container: { length: 1000, width: 500, height: 1000, payload: 1000 } },
          maxContainers: 1,
        },
      );

    it('lays a piece across two pieces of equal height', () => {
      const result = plan(bridge(400));
      expect(result.summary.placedPieces).toBe(3);
      expect(pieces(result).find((p) => p.itemId === 'plank')).toMatchObject({ x: 0, z: 400 });
    });

    it('never bridges a piece over two pieces of different heights', () => {
      const result = plan(bridge(300));
      expect(result.summary.placedPieces).toBe(2);
      expect(result.unplaced).toEqual([expect.objectContaining({ reason: 'no_stable_position', quantity: 1 })]);
    });

    it('stands every piece above the floor fully on pieces below', () => {
      const result = plan(
        request([
          { id: 'a', length: 520, width: 410, height: 330, weight: 8, quantity: 60 },
          { id: 'b', length: 380, width: 290, height: 250, weight: 5, quantity: 80 },
        ]),
      );
      const all = pieces(result);
      expect(all.some((p) => p.z > 0)).toBe(true);
      for (const p of all.filter((q) => q.z > 0)) {
        const area = all
          .filter((s) => s.z + s.height === p.z)
          .reduce((sum, s) => {
            const w = Math.min(p.x + p.length, s.x + s.length) - Math.max(p.x, s.x);
            const d = Math.min(p.y + p.width, s.y + s.width) - Math.max(p.y, s.y);
            return sum + (w > 0 && d > 0 ? w * d : 0);
          }, 0);
        expect(area).toBe(p.length * p.width);
      }
    });
  });

  describe('stacking rules', () => {
    it('puts nothing on top of fragile pieces, but lets them ride on top of others', () => {
      const result = plan(
        request(
          [
            { id: 'glass', length: 600, width: 400, height: 400, weight: 10, quantity: 40, fragile: true },
            { id: 'tins', length: 600, width: 400, height: 400, weight: 20, quantity: 40 },
          ],
          { container: { kind: 'custom', container: { length: 2400, width: 1200, height: 1200, payload: 5000 } } },
        ),
      );
      const glass = pieces(result).filter((p) => p.itemId === 'glass');
      expect(glass).toHaveLength(40);
      for (const g of glass) expect(restingOn(result, g)).toEqual([]);
      expect(glass.some((g) => g.z > 0)).toBe(true);
    });

    it('tops columns of stackable cartons with fragile ones when the floor is short', () => {
      // 40 columns of four cartons with a fragile piece on top fit the 20GP's ~48 floor places;
      // fragile pieces on the floor would need 80.
      const result = plan(
        request(
          [
            {
              id: 'carton',
              length: 600,
              width: 400,
              height: 500,
              weight: 15,
              quantity: 160,
              orientation: 'this_side_up',
            },
            {
              id: 'vase',
              length: 600,
              width: 400,
              height: 380,
              weight: 5,
              quantity: 40,
              orientation: 'this_side_up',
              fragile: true,
            },
          ],
          { maxContainers: 1, timeBudgetMs: 200 },
        ),
      );
      expect(result.summary.placedPieces).toBe(200);
      expect(
        pieces(result)
          .filter((p) => p.itemId === 'vase')
          .every((p) => p.z === 2000),
      ).toBe(true);
    });

    it('puts nothing on top of non-stackable pieces', () => {
      const result = plan(
        request([
          {
            id: 'pallet',
            length: 1200,
            width: 1000,
            height: 900,
            weight: 300,
            quantity: 12,
            stackable: false,
            orientation: 'this_side_up',
          },
        ]),
      );
      expect(pieces(result).every((p) => p.z === 0)).toBe(true);
      expect(result.containers.length).toBeGreaterThan(1);
    });

    it('keeps the load on every piece within its maximum load on top', () => {
      // 10 kg cartons carrying at most 20 kg: stacks of at most three.
      const result = plan(
        request([
          {
            id: 'carton',
            length: 400,
            width: 400,
            height: 300,
            weight: 10,
            quantity: 300,
            maxLoadOnTop: 20,
            orientation: 'this_side_up',
          },
        ]),
      );
      expect(result.summary.placedPieces).toBe(300);
      expect(Math.max(...pieces(result).map((p) => p.z + p.height))).toBeLessThanOrEqual(900);
      expect(pieces(result).some((p) => p.z === 600)).toBe(true);
    });
  });

  it('keeps heavy pieces off a weightless piece with a load limit', () => {
    // The foam covers the floor; the steel could only stand on it, which its 5 kg limit forbids.
    const result = plan(
      request(
        [
          {
            id: 'foam',
            length: 1000,
            width: 500,
            height: 500,
            weight: 0,
            quantity: 1,
            maxLoadOnTop: 5,
            orientation: 'fixed',
            stop: 2,
          },
          { id: 'steel', length: 500, width: 500, height: 500, weight: 50, quantity: 2, stop: 1 },
        ],
        {
          container: { kind: 'custom', container: { length: 1000, width: 500, height: 1000, payload: 1000 } },
          maxContainers: 1,
        },
      ),
    );
    expect(result.summary.placedPieces).toBe(1);
    expect(result.unplaced).toEqual([
      expect.objectContaining({ itemId: 'steel', quantity: 2, reason: 'no_stable_position' }),
    ]);
  });

  it('keeps reefer cargo below the load line', () => {
    // Two 1,100 mm layers would reach 2,200 mm: inside the 20RF's 2,270 mm, above its 2,198 mm load line.
    const result = plan(
      request(
        [
          {
            id: 'chilled',
            length: 1200,
            width: 1000,
            height: 1100,
            weight: 400,
            quantity: 12,
            orientation: 'this_side_up',
          },
        ],
        {
          container: { kind: 'standard', type: '20RF' },
        },
      ),
    );
    expect(result.containers[0].usableHeightMm).toBe(2198);
    expect(pieces(result).every((p) => p.z === 0)).toBe(true);
  });

  it('loads the last stop first, deepest in the container, and lists the loading in that order', () => {
    // Too tall to stack: the stops must take turns along the container.
    const items: LoadItem[] = [1, 2, 3].map((stop) => ({
      id: `stop-${stop}`,
      length: 800,
      width: 600,
      height: 1500,
      weight: 40,
      quantity: 6,
      orientation: 'this_side_up',
      stop,
    }));
    const result = plan(request(items));
    const [container] = result.containers;
    expect(container.pieces).toHaveLength(18);
    const stops = container.pieces.map((p) => p.stop);
    expect(stops).toEqual([...stops].sort((a, b) => b - a));
    const meanX = (stop: number) => {
      const list = container.pieces.filter((p) => p.stop === stop);
      return list.reduce((sum, p) => sum + p.x, 0) / list.length;
    };
    expect(meanX(3)).toBeLessThan(meanX(2));
    expect(meanX(2)).toBeLessThan(meanX(1));
  });

  it('lets an earlier stop ride on top of a later one, never the other way round', () => {
    const items: LoadItem[] = [1, 2].map((stop) => ({
      id: `stop-${stop}`,
      length: 800,
      width: 600,
      height: 500,
      weight: 40,
      quantity: 20,
      stop,
    }));
    const result = plan(request(items));
    const all = pieces(result);
    for (const p of all.filter((q) => q.stop === 1)) {
      expect(restingOn(result, p).every((q) => q.stop === 1)).toBe(true);
    }
  });

  describe('freight advice', () => {
    // Pieces that fit no container go neither FCL nor LCL: the advice is on the rest.
    it('advises on what can be loaded and lists, with the reason, what cannot', () => {
      const result = plan(
        request(
          [
            { id: 'pallet', length: 1200, width: 1000, height: 1600, weight: 400, quantity: 6 },
            {
              id: 'crate',
              length: 2000,
              width: 1500,
              height: 2620,
              weight: 900,
              quantity: 1,
              orientation: 'this_side_up',
            },
          ],
          { container: { kind: 'auto' } },
        ),
      );
      expect(result.freightMode).toMatchObject({
        recommendation: 'lcl',
        cargoVolumeM3: expect.closeTo(11.52, 6),
        cargoWeightKg: 2400,
        excluded: [
          {
            itemId: 'crate',
            itemIndex: 1,
            quantity: 1,
            volumeM3: expect.closeTo(7.86, 6),
            weightKg: 900,
            reason: 'exceeds_door_opening',
          },
        ],
      });
      expect(result.freightMode.explanation).toContain('1 piece(s) (7.860 m³) fit no container and are left out');
    });

    it('advises neither mode when nothing fits a container', () => {
      const result = plan(
        request([{ id: 'girder', length: 15000, width: 500, height: 500, weight: 2000, quantity: 1 }], {
          container: { kind: 'auto' },
        }),
      );
      expect(result.freightMode).toMatchObject({
        recommendation: 'none',
        cargoVolumeM3: 0,
        chargeableWM: 0,
        lclCost: null,
        fcl: { containers: [], cost: null },
        excluded: [{ itemId: 'girder', quantity: 1, reason: 'exceeds_inside_dimensions' }],
      });
    });
  });

  describe('unplaced items', () => {
    it('names the reason: inside dimensions, door opening, payload', () => {
      const result = plan(
        request([
          { id: 'mast', length: 6500, width: 300, height: 300, weight: 200, quantity: 1 },
          {
            id: 'tall',
            length: 1000,
            width: 1000,
            height: 2300,
            weight: 200,
            quantity: 1,
            orientation: 'this_side_up',
          },
          { id: 'anvil', length: 1000, width: 1000, height: 1000, weight: 30000, quantity: 2 },
          { id: 'box', length: 500, width: 500, height: 500, weight: 10, quantity: 3 },
        ]),
      );
      const reasons = Object.fromEntries(result.unplaced.map((u) => [u.itemId, [u.reason, u.quantity]]));
      expect(reasons).toEqual({
        mast: ['exceeds_inside_dimensions', 1],
        tall: ['exceeds_door_opening', 1],
        anvil: ['exceeds_payload', 2],
      });
      expect(result.summary.placedPieces).toBe(3);
    });

    it('reports pieces left over when the containers allowed are full', () => {
      const result = plan(
        request(
          [{ id: 'pallet', length: 1200, width: 1000, height: 1500, weight: 300, quantity: 30, stackable: false }],
          { maxContainers: 1 },
        ),
      );
      expect(result.containers).toHaveLength(1);
      const [left] = result.unplaced;
      expect(left).toMatchObject({ itemId: 'pallet', reason: 'no_stable_position' });
      expect(left.quantity + result.summary.placedPieces).toBe(30);
    });

    it('reports payload when the weight, not the room, runs out', () => {
      const result = plan(
        request([{ id: 'steel', length: 500, width: 500, height: 500, weight: 5000, quantity: 8 }], {
          maxContainers: 1,
        }),
      );
      expect(result.summary.placedPieces).toBe(5);
      expect(result.unplaced).toEqual([
        expect.objectContaining({ itemId: 'steel', quantity: 3, reason: 'exceeds_payload' }),
      ]);
    });
  });

  it('fills several containers when one is not enough', () => {
    const result = plan(
      request([
        {
          id: 'pallet',
          length: 1200,
          width: 1000,
          height: 1500,
          weight: 300,
          quantity: 30,
          stackable: false,
          orientation: 'this_side_up',
        },
      ]),
    );
    expect(result.containers.length).toBeGreaterThanOrEqual(3);
    expect(result.summary.placedPieces).toBe(30);
    expect(result.containers.map((c) => c.index)).toEqual(result.containers.map((_, i) => i));
  });

  describe('automatic container choice', () => {
    const cubes: LoadItem[] = [
      { id: 'cube', length: 1000, width: 1000, height: 1000, weight: 100, quantity: 30, stackable: false },
    ];

    it('takes the fewest containers, then right-sizes the last one', () => {
      // A 40GP floor takes 24 cubes, a 20GP floor 10: 40GP + 20GP beats three 20GPs and two 40GPs.
      const result = plan(
        request(cubes, { container: { kind: 'auto', candidates: ['20GP', '40GP'] }, timeBudgetMs: 200 }),
      );
      expect(result.containers.map((c) => c.type)).toEqual(['40GP', '20GP']);
      expect(result.containers.map((c) => c.pieces.length)).toEqual([24, 6]);
    });

    it('takes the cheapest fleet when FCL prices are given', () => {
      const result = plan(
        request(cubes, {
          container: { kind: 'auto', candidates: ['20GP', '40GP'] },
          timeBudgetMs: 200,
          pricing: {
            fcl: { '20GP': { amount: '1000.00', currency: 'USD' }, '40GP': { amount: '3000.00', currency: 'USD' } },
          },
        }),
      );
      expect(result.containers.map((c) => c.type)).toEqual(['20GP', '20GP', '20GP']);
      expect(result.freightMode.fcl.cost).toEqual({ amount: '3000.00', currency: 'USD' });
    });

    it('picks a small container for a small load', () => {
      const result = plan(
        request([{ id: 'carton', length: 600, width: 400, height: 400, weight: 12, quantity: 20 }], {
          container: { kind: 'auto' },
        }),
      );
      expect(result.containers.map((c) => c.type)).toEqual(['20GP']);
    });
  });

  it('analyses how many of each item fit alone in each container type', () => {
    const result = plan(
      request(
        [
          { id: 'cube', length: 1000, width: 1000, height: 1000, weight: 100, quantity: 1, stackable: false },
          { id: 'heavy', length: 1000, width: 1000, height: 1000, weight: 2000, quantity: 1 },
          {
            id: 'tall',
            length: 1000,
            width: 1000,
            height: 2400,
            weight: 100,
            quantity: 1,
            orientation: 'this_side_up',
          },
        ],
        { fitAnalysis: true, timeBudgetMs: 300 },
      ),
    );
    const fit = (itemId: string, type: string) =>
      result.fitAnalysis!.find((f) => f.itemId === itemId && f.containerType === type);
    expect(fit('cube', '20GP')).toMatchObject({ maxPieces: 10, limitedBy: 'space' });
    expect(fit('cube', '40GP')).toMatchObject({ maxPieces: 24, limitedBy: 'space' });
    expect(fit('cube', '45HC')).toMatchObject({ maxPieces: 26, limitedBy: 'space' });
    expect(fit('heavy', '20GP')).toMatchObject({ maxPieces: 14, limitedBy: 'payload' });
    expect(fit('tall', '20GP')).toMatchObject({ maxPieces: 0, limitedBy: 'inside_dimensions' });
    expect(fit('tall', '40HC')).toMatchObject({ maxPieces: 24, limitedBy: 'space' });
    expect(result.fitAnalysis).toHaveLength(18);
  });

  it('compares FCL and LCL with the figures behind the answer', () => {
    const result = plan(
      request([{ id: 'carton', length: 600, width: 400, height: 400, weight: 12, quantity: 40 }], {
        pricing: {
          lclPerCubicMetre: { amount: '85.00', currency: 'USD' },
          fcl: { '20GP': { amount: '1850.00', currency: 'USD' } },
        },
      }),
    );
    expect(result.freightMode).toMatchObject({
      cargoWeightKg: 480,
      chargeableWM: 3.84,
      lclCost: { amount: '326.40', currency: 'USD' },
      fcl: { cost: { amount: '1850.00', currency: 'USD' }, containers: [{ type: '20GP', count: 1 }] },
      breakevenCubicMetres: 21.764,
      recommendation: 'lcl',
      basis: 'prices',
    });
    expect(result.freightMode.cargoVolumeM3).toBeCloseTo(3.84, 9);
  });

  it('is deterministic for a given budget', () => {
    const req = request(
      [
        { id: 'a', length: 520, width: 410, height: 330, weight: 8, quantity: 90 },
        { id: 'b', length: 380, width: 290, height: 250, weight: 5, quantity: 120 },
        { id: 'c', length: 1200, width: 800, height: 700, weight: 90, quantity: 14 },
      ],
      { timeBudgetMs: 80 },
    );
    const first = plan(req);
    expect(planLoad(req, frozen)).toEqual(first);
    expect(first.search.deterministic).toBe(true);
  });

  describe('limits', () => {
    it(`refuses more than ${LOAD_PLAN_LIMITS.maxPieces} pieces with 413 and the limit named`, () => {
      const req = request([
        { id: 'grain', length: 10, width: 10, height: 10, weight: 0.1, quantity: LOAD_PLAN_LIMITS.maxPieces + 1 },
      ]);
      let error: unknown;
      try {
        planLoad(req);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(LoadPlanRequestError);
      expect((error as LoadPlanRequestError).status).toBe(413);
      expect((error as LoadPlanRequestError).problems).toEqual([
        expect.objectContaining({ limit: 'maxPieces', status: 413 }),
      ]);
    });

    it('refuses absurd values with 400 and the field named', () => {
      const req = request([{ id: 'x', length: 50, width: -1, height: 100, weight: 1, quantity: 1 }], {
        lengthUnit: 'm' as never,
      });
      expect(() => planLoad(req)).toThrow(LoadPlanRequestError);
      const huge = request([{ id: 'x', length: 30000, width: 10, height: 10, weight: 1, quantity: 1.5 }], {
        timeBudgetMs: 60_000,
      });
      let refused: LoadPlanRequestError | undefined;
      try {
        planLoad(huge);
      } catch (e) {
        refused = e as LoadPlanRequestError;
      }
      expect(refused).toBeInstanceOf(LoadPlanRequestError);
      expect(refused?.status).toBe(400);
      expect(refused?.problems.map((p) => [p.path.join('.'), p.limit])).toEqual([
        ['items.0.length', 'maxPieceDimensionMm'],
        ['items.0.quantity', undefined],
        ['timeBudgetMs', 'maxTimeBudgetMs'],
      ]);
    });

    it('refuses prices in several currencies', () => {
      const req = request([{ id: 'x', length: 50, width: 50, height: 50, weight: 1, quantity: 1 }], {
        pricing: {
          lclPerCubicMetre: { amount: '80', currency: 'USD' },
          fcl: { '20GP': { amount: '1500.00', currency: 'EUR' } },
        },
      });
      expect(() => planLoad(req)).toThrow(/one currency/);
    });
  });
});
