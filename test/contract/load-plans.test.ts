import request from 'supertest';
import type { components } from '../../src/generated/api';
import { createTestApp, TestApp } from '../support/app';
import { setPlan, signUp } from '../support/accounts';
import { operationRoutes } from '../support/status-log';
import { busyLoadPlan, smallLoadPlan } from '../support/load-plan-bodies';

type Schemas = components['schemas'];
type Plan = Schemas['LoadPlan'];
type Piece = Schemas['PlacedPiece'];
type Item = Schemas['LoadPlanRequest']['items'][number];

let app: TestApp;
/** A business key: unlimited, so the behaviour tests never meet the Free quota. */
let businessKey: string;
beforeAll(async () => {
  app = await createTestApp();
  const account = await signUp(app);
  await setPlan(app, account.email, 'business');
  businessKey = account.key;
});
afterAll(() => app.close());

const post = (body: object, key = businessKey) =>
  request(app.hosts.main).post('/api/load-plans').set('X-API-Key', key).send(body);

/** A plan in millimetres and kilograms with a small budget and no fit analysis unless overridden. */
async function plan(items: Partial<Item>[], extra: Record<string, unknown> = {}): Promise<Plan> {
  const res = await post({
    length_unit: 'mm',
    weight_unit: 'kg',
    items,
    options: { time_budget_ms: 200, fit_analysis: false },
    ...extra,
  }).expect(200);
  return res.body as Plan;
}

const allPieces = (result: Plan): Piece[] => result.containers.flatMap((c) => c.pieces);
const top = (p: Piece): number => p.position_mm.z + p.dimensions_mm.height;
const end = (p: Piece): number => p.position_mm.x + p.dimensions_mm.length;
const overlapInPlan = (a: Piece, b: Piece): boolean =>
  a.position_mm.x < end(b) &&
  b.position_mm.x < end(a) &&
  a.position_mm.y < b.position_mm.y + b.dimensions_mm.width &&
  b.position_mm.y < a.position_mm.y + a.dimensions_mm.width;
/** The pieces standing directly on `below` in its container. */
const restingOn = (pieces: Piece[], below: Piece): Piece[] =>
  pieces.filter((p) => p.position_mm.z === top(below) && overlapInPlan(p, below));

type Examples = Record<string, { value: object }>;
const operation = () =>
  operationRoutes('main').find((r) => r.operationId === 'createLoadPlan')!.definition as {
    requestBody: { content: { 'application/json': { examples: Examples } } };
    responses: { '200': { content: { 'application/json': { examples: Examples } } } };
  };

describe('POST /api/load-plans', () => {
  it("answers the spec's two_crates request with exactly the spec's response example", async () => {
    const { requestBody, responses } = operation();
    const res = await post(requestBody.content['application/json'].examples.two_crates.value).expect(200);
    expect(res.body).toEqual(responses['200'].content['application/json'].examples.two_crates.value);
  });

  it.each(Object.keys(operation().requestBody.content['application/json'].examples))(
    "places every piece of the spec's %s request",
    async (name) => {
      const res = await post(operation().requestBody.content['application/json'].examples[name].value).expect(200);
      expect(res.body.summary.placed_pieces).toBe(res.body.summary.requested_pieces);
    },
  );

  it('plans the spec example: two stops, fragile crates, the container chosen and both freight modes priced', async () => {
    const res = await post(operation().requestBody.content['application/json'].examples.two_stops_auto.value).expect(
      200,
    );
    const result = res.body as Plan;
    expect(result.object).toBe('load_plan');
    expect(result.summary).toMatchObject({
      requested_pieces: 136,
      placed_pieces: 136,
      containers: result.containers.length,
    });
    expect(result.unplaced).toEqual([]);
    const [container] = result.containers;
    expect(container.pieces.map((p) => p.sequence)).toEqual(container.pieces.map((_, i) => i + 1));
    // 120 × 0.096 m³ + 16 × 0.24 m³ = 15.36 m³; 1,500 kg + 560 kg.
    expect(result.summary).toMatchObject({ loaded_volume_m3: 15.36, loaded_weight_kg: 2060 });
    expect(container.centre_of_gravity_mm).not.toBeNull();
    expect(result.fit_analysis).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ item_id: 'carton-a', container_type: '45HC', max_pieces: expect.any(Number) }),
      ]),
    );
    // No rate limit headers on an unlimited plan.
    expect(res.headers['ratelimit']).toBeUndefined();
  });

  it('loads the last stop first and deepest: no earlier-stop piece is behind or under a later-stop one', async () => {
    const result = await plan(
      [
        { id: 'first-stop', length: 600, width: 400, height: 400, weight: 10, quantity: 60, stop: 1 },
        { id: 'second-stop', length: 500, width: 500, height: 500, weight: 15, quantity: 40, stop: 2 },
        { id: 'third-stop', length: 800, width: 600, height: 300, weight: 20, quantity: 20, stop: 3 },
      ],
      { container: { kind: 'standard', type: '20GP' } },
    );
    expect(result.summary.placed_pieces).toBe(120);
    for (const container of result.containers) {
      const stops = container.pieces.map((p) => p.stop);
      expect(stops).toEqual([...stops].sort((a, b) => b - a));
      for (const later of container.pieces) {
        for (const earlier of container.pieces.filter((p) => p.stop < later.stop)) {
          // A later stop's piece is never wholly nearer the doors than an earlier stop's, nor on top of it.
          expect(later.position_mm.x < end(earlier)).toBe(true);
          expect(restingOn(container.pieces, earlier)).not.toContainEqual(later);
        }
      }
    }
  });

  it('puts nothing on fragile or non-stackable pieces', async () => {
    const result = await plan(
      [
        { id: 'tins', length: 600, width: 400, height: 400, weight: 20, quantity: 120 },
        { id: 'glass', length: 600, width: 400, height: 400, weight: 8, quantity: 60, fragile: true },
        {
          id: 'pallet',
          length: 1200,
          width: 800,
          height: 900,
          weight: 300,
          quantity: 6,
          stackable: false,
          orientation: 'this_side_up',
        },
      ],
      {
        container: { kind: 'standard', type: '20GP' },
        options: { time_budget_ms: 300, fit_analysis: false, max_containers: 2 },
      },
    );
    expect(result.summary.placed_pieces).toBe(186);
    for (const container of result.containers) {
      for (const carrier of container.pieces.filter((p) => p.item_id !== 'tins'))
        expect(restingOn(container.pieces, carrier)).toEqual([]);
    }
    // Fragile pieces may themselves ride on top of others.
    expect(allPieces(result).some((p) => p.item_id === 'glass' && p.position_mm.z > 0)).toBe(true);
  });

  describe('reefers', () => {
    it('keeps cargo below the 20RF load line (2,198 mm) where a 20GP stacks higher', async () => {
      const cases = [
        {
          id: 'case',
          length: 600,
          width: 400,
          height: 560,
          weight: 15,
          quantity: 200,
          orientation: 'this_side_up' as const,
        },
      ];
      const reefer = await plan(cases, {
        container: { kind: 'standard', type: '20RF' },
        options: { time_budget_ms: 200, fit_analysis: false, max_containers: 1 },
      });
      const [box] = reefer.containers;
      expect(box).toMatchObject({ type: '20RF', inside_mm: { height: 2270 }, usable_height_mm: 2198 });
      expect(Math.max(...box.pieces.map(top))).toBe(3 * 560);
      expect(reefer.unplaced).toEqual([expect.objectContaining({ item_id: 'case', reason: 'no_stable_position' })]);
      const dry = await plan(cases, {
        container: { kind: 'standard', type: '20GP' },
        options: { time_budget_ms: 200, fit_analysis: false, max_containers: 1 },
      });
      expect(Math.max(...allPieces(dry).map(top))).toBe(4 * 560);
    });

    it('takes a 2,400 mm piece under the 40RF load line (2,457 mm) but not in a 20RF, and says so in the fit analysis', async () => {
      const tall = [
        {
          id: 'rack',
          length: 1200,
          width: 1000,
          height: 2400,
          weight: 400,
          quantity: 2,
          orientation: 'this_side_up' as const,
        },
      ];
      const forty = await plan(tall, {
        container: { kind: 'standard', type: '40RF' },
        options: { time_budget_ms: 100 },
      });
      expect(forty.containers[0]).toMatchObject({ type: '40RF', usable_height_mm: 2457 });
      expect(forty.summary.placed_pieces).toBe(2);
      expect(forty.fit_analysis).toEqual(
        expect.arrayContaining([
          { item_id: 'rack', item_index: 0, container_type: '20RF', max_pieces: 0, limited_by: 'inside_dimensions' },
          expect.objectContaining({ container_type: '40RF', limited_by: 'space', max_pieces: expect.any(Number) }),
        ]),
      );
      const twenty = await plan(tall, { container: { kind: 'standard', type: '20RF' } });
      expect(twenty.containers).toEqual([]);
      expect(twenty.unplaced).toEqual([
        expect.objectContaining({ item_id: 'rack', quantity: 2, reason: 'exceeds_inside_dimensions' }),
      ]);
    });
  });

  it('reports what cannot be placed and why: too long, too tall for the door, too heavy', async () => {
    const result = await plan(
      [
        { id: 'carton', length: 600, width: 400, height: 400, weight: 10, quantity: 5 },
        { id: 'mast', length: 14_000, width: 300, height: 300, weight: 200, quantity: 1 },
        { id: 'tank', length: 2000, width: 2300, height: 2300, weight: 500, quantity: 1, orientation: 'this_side_up' },
        { id: 'press', length: 1000, width: 1000, height: 1000, weight: 30_000, quantity: 1 },
      ],
      { container: { kind: 'standard', type: '20GP' } },
    );
    expect(result.summary).toMatchObject({ requested_pieces: 8, placed_pieces: 5 });
    const reasons = Object.fromEntries(result.unplaced.map((u) => [u.item_id, u.reason]));
    // The tank fits inside (2,352 × 2,393 mm) but not through the 2,280 mm high door.
    expect(reasons).toEqual({
      mast: 'exceeds_inside_dimensions',
      tank: 'exceeds_door_opening',
      press: 'exceeds_payload',
    });
    for (const u of result.unplaced) expect(u.detail).toContain("20' general purpose");
    // The advice is on the five cartons alone; what cannot ship is listed apart.
    expect(result.freight_mode).toMatchObject({ recommendation: 'lcl', cargo_volume_m3: 0.48, cargo_weight_kg: 50 });
    expect(result.freight_mode.excluded.map((e) => [e.item_id, e.reason])).toEqual([
      ['mast', 'exceeds_inside_dimensions'],
      ['tank', 'exceeds_door_opening'],
      ['press', 'exceeds_payload'],
    ]);
  });

  it('reports pieces over the payload left when the allowed containers are full', async () => {
    const result = await plan([{ id: 'coil', length: 1000, width: 1000, height: 500, weight: 1000, quantity: 30 }], {
      container: { kind: 'standard', type: '20GP' },
      options: { time_budget_ms: 100, fit_analysis: false, max_containers: 1 },
    });
    // 28 × 1,000 kg of the 20GP's 28,180 kg.
    expect(result.summary).toMatchObject({
      placed_pieces: 28,
      loaded_weight_kg: 28_000,
      weight_utilisation_percent: 99.36,
    });
    expect(result.unplaced).toEqual([
      expect.objectContaining({ item_id: 'coil', quantity: 2, reason: 'exceeds_payload' }),
    ]);
  });

  describe('FCL or LCL', () => {
    const cartons = (quantity: number): Partial<Item>[] => [
      { id: 'carton', length: 60, width: 40, height: 40, weight: 12, quantity },
    ];
    const pricing = {
      lcl_per_cubic_metre: { amount: '85.00', currency: 'USD' },
      fcl: {
        '20GP': { amount: '1850.00', currency: 'USD' },
        '40GP': { amount: '2600.00', currency: 'USD' },
        '40HC': { amount: '2750.00', currency: 'USD' },
      },
    };
    const planCartons = async (quantity: number, extra: Record<string, unknown>) =>
      (
        await post({
          length_unit: 'cm',
          weight_unit: 'kg',
          items: cartons(quantity),
          options: { time_budget_ms: 200, fit_analysis: false },
          ...extra,
        }).expect(200)
      ).body as Plan;

    it('recommends LCL for a small consignment: 1 W/M minimum at 85.00 against a 20GP at 1850.00', async () => {
      const result = await planCartons(10, { container: { kind: 'standard', type: '20GP' }, pricing });
      expect(result.freight_mode).toEqual({
        recommendation: 'lcl',
        basis: 'prices',
        explanation: expect.stringContaining('1850.00 USD'),
        cargo_volume_m3: 0.96,
        cargo_weight_kg: 120,
        excluded: [],
        chargeable_wm: 1,
        lcl_cost: { amount: '85.00', currency: 'USD' },
        fcl: {
          containers: [{ type: '20GP', count: 1, unit_price: { amount: '1850.00', currency: 'USD' } }],
          cost: { amount: '1850.00', currency: 'USD' },
        },
        breakeven_cubic_metres: 21.764,
      });
    });

    it('recommends FCL for 38.4 m³: one 40GP at 2600.00 beats 38.4 W/M × 85.00 = 3264.00', async () => {
      const result = await planCartons(400, {
        container: { kind: 'auto', candidates: ['20GP', '40GP', '40HC'] },
        pricing,
      });
      expect(result.containers.map((c) => c.type)).toEqual(['40GP']);
      expect(result.freight_mode).toMatchObject({
        recommendation: 'fcl',
        basis: 'prices',
        cargo_volume_m3: 38.4,
        chargeable_wm: 38.4,
        lcl_cost: { amount: '3264.00', currency: 'USD' },
        fcl: { cost: { amount: '2600.00', currency: 'USD' } },
        breakeven_cubic_metres: 30.588,
      });
    });

    it('falls back on the volume rule without prices', async () => {
      const result = await planCartons(10, {});
      expect(result.freight_mode).toMatchObject({
        recommendation: 'lcl',
        basis: 'volume_rule',
        lcl_cost: null,
        fcl: { cost: null },
        breakeven_cubic_metres: null,
      });
    });
  });

  it('converts inches and pounds: whole millimetres rounded up, kilograms to the gram', async () => {
    const res = await post({
      length_unit: 'in',
      weight_unit: 'lb',
      items: [{ id: 'case', length: 24, width: 16, height: 12, weight: 40, quantity: 25, orientation: 'this_side_up' }],
      container: { kind: 'standard', type: '20GP', payload: 990 },
      options: { time_budget_ms: 100, fit_analysis: false, max_containers: 1 },
    }).expect(200);
    const result = res.body as Plan;
    const [container] = result.containers;
    // 990 lb = 449.05645 kg carries 24 pieces of 40 lb (18.1436948 kg), not 25.
    expect(container.payload_kg).toBe(449.056);
    expect(container.pieces).toHaveLength(24);
    for (const piece of container.pieces) {
      expect(piece.weight_kg).toBe(18.144);
      expect(piece.dimensions_mm.height).toBe(305); // 12 in = 304.8 mm
      expect([piece.dimensions_mm.length, piece.dimensions_mm.width].sort()).toEqual([407, 610]); // 16 in, 24 in
    }
    expect(result.unplaced).toEqual([expect.objectContaining({ quantity: 1, reason: 'exceeds_payload' })]);
    // 25 × 4,608 in³ = 1.8879 m³ and 25 × 40 lb = 453.592 kg, from the exact sizes.
    expect(result.freight_mode).toMatchObject({ cargo_volume_m3: 1.888, cargo_weight_kg: 453.592 });
  });

  it('gives the same plan for the same request', async () => {
    const body = {
      length_unit: 'mm',
      weight_unit: 'kg',
      items: [
        { id: 'a', length: 520, width: 410, height: 330, weight: 8, quantity: 60 },
        { id: 'b', length: 380, width: 290, height: 250, weight: 5, quantity: 80, stop: 2 },
        { id: 'c', length: 700, width: 500, height: 450, weight: 25, quantity: 20, fragile: true },
      ],
      container: { kind: 'standard', type: '20GP' },
      // The search counts work, not time; a budget it does not use up keeps the wall-clock guard
      // (3 × budget + 250 ms) far away even on a busy machine.
      options: { time_budget_ms: 400, fit_analysis: false },
    };
    const first = await post(body).expect(200);
    const second = await post(body).expect(200);
    expect(first.body.search.deterministic).toBe(true);
    expect(second.body).toEqual(first.body);
  });
});

describe('POST /api/load-plans: refusals', () => {
  const carton = { id: 'carton', length: 60, width: 40, height: 40, weight: 12, quantity: 1 };

  it('needs an API key (401): there are no keyless load plans', async () => {
    const res = await request(app.hosts.main)
      .post('/api/load-plans')
      .send({ length_unit: 'cm', weight_unit: 'kg', items: [carton] })
      .expect(401);
    expect(res.body.type).toBe('https://docs.tradelane.dev/problems/unauthenticated');
    expect(res.headers['www-authenticate']).toBe('ApiKey header="X-API-Key", Bearer realm="tradelane"');
  });

  it('names each invalid field (400 from the schema)', async () => {
    const { length: _length, ...noLength } = carton;
    const res = await post({
      length_unit: 'ft',
      weight_unit: 'kg',
      items: [noLength],
      options: { time_budget_ms: 60_000 },
    }).expect(400);
    expect(res.body.type).toBe('https://docs.tradelane.dev/problems/validation-failed');
    const pointers = res.body.errors.map((e: { pointer: string }) => e.pointer).sort();
    expect(pointers).toEqual(['/body/items/0/length', '/body/length_unit', '/body/options/time_budget_ms']);
  });

  it('names the field and the limit the planner refuses (400)', async () => {
    const res = await post({
      length_unit: 'cm',
      weight_unit: 'kg',
      items: [{ ...carton, length: 2500, max_load_on_top: 5 }],
      container: { kind: 'custom', length: 600, width: 240, height: 250, payload: 20_000, door_width: 300 },
      pricing: {
        lcl_per_cubic_metre: { amount: '85.00', currency: 'USD' },
        fcl: { custom: { amount: '1500.00', currency: 'EUR' } },
      },
    }).expect(400);
    expect(res.body.type).toBe('https://docs.tradelane.dev/problems/validation-failed');
    expect(res.body.errors).toEqual([
      { pointer: '/body/items/0/length', message: 'at most 20000 mm (limit max_piece_dimension_mm)' },
      { pointer: '/body/container/door_width', message: 'must be at least 1 mm and no more than the inside measure' },
      { pointer: '/body/pricing', message: 'all prices must be in one currency, got USD, EUR' },
    ]);
    expect(res.body.detail).toContain('max_piece_dimension_mm');
  });

  it('refuses more than 10,000 pieces or 1,000 lines with 413 naming the limit, and does not count the call', async () => {
    const free = await signUp(app);
    const res = await post(
      {
        length_unit: 'cm',
        weight_unit: 'kg',
        items: [
          { ...carton, quantity: 6000 },
          { ...carton, id: 'other', quantity: 4001 },
        ],
      },
      free.key,
    ).expect(413);
    expect(res.body).toMatchObject({ type: 'https://docs.tradelane.dev/problems/payload-too-large', status: 413 });
    expect(res.body.errors).toEqual([
      { pointer: '/body/items', message: '10001 pieces requested; at most 10000 per request (limit max_pieces)' },
    ]);
    expect(res.headers['x-ratelimit-remaining']).toBe('5');
    const lines = Array.from({ length: 1001 }, (_, i) => ({ ...carton, id: `line-${i}` }));
    const tooManyLines = await post({ length_unit: 'cm', weight_unit: 'kg', items: lines }, free.key).expect(413);
    expect(tooManyLines.body.errors).toEqual([
      { pointer: '/body/items', message: 'at most 1000 items per request (limit max_items)' },
    ]);
  });

  it('replays an idempotent plan without charging again, and refuses the key with another body (422)', async () => {
    const free = await signUp(app);
    const body = {
      length_unit: 'cm',
      weight_unit: 'kg',
      items: [{ ...carton, quantity: 10 }],
      options: { time_budget_ms: 50 },
    };
    const first = await post(body, free.key).set('Idempotency-Key', 'plan-1').expect(200);
    expect(first.headers['x-ratelimit-remaining']).toBe('4');
    const replay = await post(body, free.key).set('Idempotency-Key', 'plan-1').expect(200);
    expect(replay.headers['idempotency-replayed']).toBe('true');
    expect(replay.body).toEqual(first.body);
    const mismatch = await post({ ...body, items: [{ ...carton, quantity: 11 }] }, free.key)
      .set('Idempotency-Key', 'plan-1')
      .expect(422);
    expect(mismatch.body.type).toBe('https://docs.tradelane.dev/problems/idempotency-mismatch');
    const next = await post(body, free.key).expect(200);
    expect(next.headers['x-ratelimit-remaining']).toBe('3');
  });
});

describe('POST /api/load-plans: the Free quota', () => {
  const body = {
    length_unit: 'cm',
    weight_unit: 'kg',
    items: [{ id: 'carton', length: 60, width: 40, height: 40, weight: 12, quantity: 4 }],
    options: { time_budget_ms: 20, fit_analysis: false },
  };
  const calculate = (key: string) =>
    request(app.hosts.main)
      .post('/api/tariff/public/calculate')
      .set('X-API-Key', key)
      .send({ hts_code: '6109.10.0012', country_code: 'CN', declared_value: 1000 });

  it('allows 5 plans a UTC day in the load_planner bucket; the sixth is 429 and the tariff calls are untouched', async () => {
    app.clock.set('2026-11-30T23:59:50.000Z');
    const { key } = await signUp(app);
    for (let i = 1; i <= 5; i++) {
      const res = await post(body, key).expect(200);
      expect(res.headers['ratelimit-policy']).toBe('"load_planner";q=5;w=86400');
      expect(res.headers['x-ratelimit-remaining']).toBe(String(5 - i));
    }
    const refused = await post(body, key).expect(429);
    expect(refused.body).toMatchObject({
      type: 'https://docs.tradelane.dev/problems/quota-exceeded',
      detail: expect.stringContaining('load_planner'),
    });
    expect(refused.headers['retry-after']).toBe('10');
    // The tariff bucket still has all 5: this app has no duty rules loaded, so calculate answers 503
    // and gives its use back, but its headers show the bucket as it stood.
    const tariff = await calculate(key).expect(503);
    expect(tariff.headers['ratelimit']).toBe('"tariff";r=5;t=10');
    app.clock.set('2026-12-01T00:00:00.000Z');
    await post(body, key).expect(200);
  });

  it('does not count tariff calls against load plans', async () => {
    const now = new Date('2026-12-02T10:00:00.000Z');
    app.clock.set(now);
    const { key, accountId } = await signUp(app);
    const tariff = app.deps.access.entitlements.of('calculateTariff', 'free')!;
    for (let i = 0; i < 5; i++) await app.deps.access.quotas.take(`${accountId}:live`, tariff, now);
    await calculate(key).expect(429);
    const res = await post(body, key).expect(200);
    expect(res.headers['x-ratelimit-remaining']).toBe('4');
  });
});

describe('POST /api/load-plans when every planner thread is busy', () => {
  let busyApp: TestApp;
  let key: string;
  beforeAll(async () => {
    // One thread and no waiting line: a second plan while the first runs is refused at once.
    busyApp = await createTestApp({ config: { loadPlanner: { threads: 1, maxQueue: 0 } } });
    const account = await signUp(busyApp);
    await setPlan(busyApp, account.email, 'business');
    key = account.key;
  });
  afterAll(() => busyApp.close());

  it('answers 503 service-busy with Retry-After to the plan that finds no thread, and plans the other', async () => {
    const body = busyLoadPlan(1500);
    const send = () => request(busyApp.hosts.main).post('/api/load-plans').set('X-API-Key', key).send(body);
    const answers = await Promise.all([send(), send()]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 503]);
    const busy = answers.find((res) => res.status === 503)!;
    expect(busy.headers['retry-after']).toBe('2');
    expect(busy.body).toMatchObject({ type: 'https://docs.tradelane.dev/problems/service-busy', status: 503 });
  });

  // The proof is the 503 itself: only the main thread answers it, and only while a plan holds the
  // single planner thread. Arrival order is not asserted, so a busy machine cannot make it flaky.
  it('keeps the event loop free: the server answers while a plan holds the planner thread', async () => {
    const send = (body: object) => request(busyApp.hosts.main).post('/api/load-plans').set('X-API-Key', key).send(body);
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    /** What the server answered while the long plan ran, or undefined when a probe took the thread first. */
    async function attempt(): Promise<{ plan: number; during: string[] } | undefined> {
      let planned: number | undefined;
      const planning = send(busyLoadPlan(1500)).then((res) => (planned = res.status));
      const during: string[] = [];
      while (planned === undefined) {
        const probe = await send(smallLoadPlan);
        if (probe.status === 503 && planned === undefined) {
          const health = await request(busyApp.hosts.main).get('/healthz');
          during.push(`probe ${probe.status}`, `health ${health.status}`);
          break;
        }
        await sleep(5);
      }
      await planning;
      return planned === 503 ? undefined : { plan: planned!, during };
    }
    let outcome = await attempt();
    for (let retry = 0; outcome === undefined && retry < 3; retry++) outcome = await attempt();
    expect(outcome).toEqual({ plan: 200, during: ['probe 503', 'health 200'] });
  }, 60_000);
});
