import { CONTAINER_CATALOGUE, DEFAULT_AUTO_CANDIDATES, StandardContainerType } from './containers';
import { DEFAULTS } from './limits';
import { ContainerPlan, Dimension, LoadItem, LoadPlanRequest, LoadPlanResult, PlacedPiece } from './model';
import { toKilograms, toMillimetres } from './units';

/**
 * The independent check of a plan against its request. It shares no code with the engine: it reads
 * the request and the finished plan and re-derives every rule from them (geometry, orientation,
 * support, stacking, payload, stops, loading order and the reported figures), so an engine bug
 * shows up here instead of in a container.
 */
export type ViolationKind =
  | 'container_mismatch'
  | 'too_many_containers'
  | 'unknown_item'
  | 'quantity_mismatch'
  | 'dimensions_mismatch'
  | 'orientation_not_allowed'
  | 'outside_container'
  | 'above_load_line'
  | 'exceeds_door_opening'
  | 'overlap'
  | 'unsupported'
  | 'stacked_on_non_stackable'
  | 'load_on_top_exceeded'
  | 'payload_exceeded'
  | 'stop_blocked'
  | 'sequence_invalid'
  | 'figures_mismatch';

export interface PlanViolation {
  kind: ViolationKind;
  message: string;
  /** Container index and piece sequence number, when the violation belongs to one. */
  container?: number;
  piece?: number;
}

interface Box {
  piece: PlacedPiece;
  item: LoadItem;
  x1: number;
  y1: number;
  z1: number;
  x2: number;
  y2: number;
  z2: number;
}

const TOLERANCE = 1e-6;

export function validatePlan(request: LoadPlanRequest, plan: LoadPlanResult): PlanViolation[] {
  const violations: PlanViolation[] = [];
  const placed = new Array<number>(request.items.length).fill(0);
  const maxContainers = request.maxContainers ?? DEFAULTS.maxContainers;
  if (plan.containers.length > maxContainers) {
    violations.push({
      kind: 'too_many_containers',
      message: `${plan.containers.length} containers used, ${maxContainers} allowed`,
    });
  }
  let volume = 0;
  let weight = 0;
  let capacityVolume = 0;
  let capacityWeight = 0;
  for (const container of plan.containers) {
    const boxes = checkPieces(request, container, violations, placed);
    checkContainerSpec(request, container, violations);
    checkOverlap(container, boxes, violations);
    const restsOn = checkSupport(container, boxes, violations);
    checkLoads(request, container, boxes, restsOn, violations);
    checkStops(container, boxes, restsOn, violations);
    checkSequence(container, boxes, restsOn, violations);
    checkFigures(container, boxes, violations);
    volume += boxes.reduce((sum, b) => sum + (b.x2 - b.x1) * (b.y2 - b.y1) * (b.z2 - b.z1), 0);
    weight += container.pieces.reduce((sum, p) => sum + p.weightKg, 0);
    capacityVolume += container.insideMm.length * container.insideMm.width * container.usableHeightMm;
    capacityWeight += container.payloadKg;
  }
  request.items.forEach((item, i) => {
    const unplaced = plan.unplaced.filter((u) => u.itemIndex === i).reduce((sum, u) => sum + u.quantity, 0);
    if (placed[i] + unplaced !== item.quantity) {
      violations.push({
        kind: 'quantity_mismatch',
        message: `item ${i} (${item.id}): ${placed[i]} placed + ${unplaced} unplaced ≠ ${item.quantity} requested`,
      });
    }
  });
  const summary = plan.summary;
  const expectPieces = request.items.reduce((sum, item) => sum + item.quantity, 0);
  const placedPieces = placed.reduce((a, b) => a + b, 0);
  if (
    summary.requestedPieces !== expectPieces ||
    summary.placedPieces !== placedPieces ||
    !close(summary.loadedVolumeM3, volume / 1e9) ||
    !close(summary.loadedWeightKg, weight) ||
    !close(summary.volumeUtilisation, capacityVolume > 0 ? volume / capacityVolume : 0) ||
    !close(summary.weightUtilisation, capacityWeight > 0 ? weight / capacityWeight : 0)
  ) {
    violations.push({ kind: 'figures_mismatch', message: 'summary figures do not match the placed pieces' });
  }
  return violations;
}

function close(a: number, b: number): boolean {
  return Math.abs(a - b) <= TOLERANCE * Math.max(1, Math.abs(a), Math.abs(b));
}

function checkContainerSpec(request: LoadPlanRequest, c: ContainerPlan, out: PlanViolation[]): void {
  const choice = request.container;
  let expected: {
    length: number;
    width: number;
    height: number;
    doorW: number;
    doorH: number;
    usable: number;
    payload: number;
  };
  if (choice.kind === 'custom') {
    const k = choice.container;
    const mm = (v: number) => Math.floor(toMillimetres(v, request.lengthUnit) + TOLERANCE);
    expected = {
      length: mm(k.length),
      width: mm(k.width),
      height: mm(k.height),
      doorW: mm(k.doorWidth ?? k.width),
      doorH: mm(k.doorHeight ?? k.height),
      usable: mm(k.loadLineHeight ?? k.height),
      payload: toKilograms(k.payload, request.weightUnit),
    };
    if (c.type !== 'custom')
      out.push({ kind: 'container_mismatch', container: c.index, message: `custom container expected, got ${c.type}` });
  } else {
    const allowed: readonly string[] =
      choice.kind === 'standard' ? [choice.type] : (choice.candidates ?? DEFAULT_AUTO_CANDIDATES);
    if (!allowed.includes(c.type)) {
      out.push({
        kind: 'container_mismatch',
        container: c.index,
        message: `${c.type} is not among ${allowed.join(', ')}`,
      });
      return;
    }
    const spec = CONTAINER_CATALOGUE[c.type as StandardContainerType];
    const payload =
      choice.kind === 'standard' && choice.payload !== undefined
        ? toKilograms(choice.payload, request.weightUnit)
        : spec.payloadKg;
    expected = {
      ...spec.insideMm,
      doorW: spec.doorMm.width,
      doorH: spec.doorMm.height,
      usable: spec.loadLineMm ?? spec.insideMm.height,
      payload,
    };
  }
  const got = [
    c.insideMm.length,
    c.insideMm.width,
    c.insideMm.height,
    c.doorMm.width,
    c.doorMm.height,
    c.usableHeightMm,
    c.payloadKg,
  ];
  const want = [
    expected.length,
    expected.width,
    expected.height,
    expected.doorW,
    expected.doorH,
    expected.usable,
    expected.payload,
  ];
  if (got.some((g, i) => !close(g, want[i]))) {
    out.push({
      kind: 'container_mismatch',
      container: c.index,
      message: `container ${c.index} measures differ from the request`,
    });
  }
}

/** Piece-level rules: item, dimensions, orientation, inside the walls, below the load line, door. */
function checkPieces(request: LoadPlanRequest, c: ContainerPlan, out: PlanViolation[], placed: number[]): Box[] {
  const boxes: Box[] = [];
  for (const piece of c.pieces) {
    const at = { container: c.index, piece: piece.sequence };
    const item = request.items[piece.itemIndex];
    if (!item || item.id !== piece.itemId) {
      out.push({ kind: 'unknown_item', ...at, message: `piece ${piece.sequence} names no item of the request` });
      continue;
    }
    placed[piece.itemIndex]++;
    if (!close(piece.weightKg, toKilograms(item.weight, request.weightUnit)) || piece.stop !== (item.stop ?? 1)) {
      out.push({
        kind: 'figures_mismatch',
        ...at,
        message: `piece ${piece.sequence}: weight or stop differs from item ${item.id}`,
      });
    }
    const given: Record<Dimension, number> = {
      length: toMillimetres(item.length, request.lengthUnit),
      width: toMillimetres(item.width, request.lengthUnit),
      height: toMillimetres(item.height, request.lengthUnit),
    };
    const placedDims = [piece.length, piece.width, piece.height];
    // Which item dimension lies along x, y, z: any assignment whose sizes match (rounded up to the mm).
    const matches = PERMUTATIONS.filter((perm) =>
      perm.every((d, axis) => placedDims[axis] >= given[d] - TOLERANCE && placedDims[axis] < given[d] + 1),
    );
    if (matches.length === 0) {
      out.push({
        kind: 'dimensions_mismatch',
        ...at,
        message: `piece ${piece.sequence} is ${placedDims.join('×')} mm, not item ${item.id}`,
      });
    } else if (!matches.some((perm) => orientationAllowed(item, perm))) {
      out.push({
        kind: 'orientation_not_allowed',
        ...at,
        message: `piece ${piece.sequence} stands on a side its rule forbids`,
      });
    }
    const box: Box = {
      piece,
      item,
      x1: piece.x,
      y1: piece.y,
      z1: piece.z,
      x2: piece.x + piece.length,
      y2: piece.y + piece.width,
      z2: piece.z + piece.height,
    };
    if (
      box.x1 < 0 ||
      box.y1 < 0 ||
      box.z1 < 0 ||
      box.x2 > c.insideMm.length ||
      box.y2 > c.insideMm.width ||
      box.z2 > c.insideMm.height
    ) {
      out.push({ kind: 'outside_container', ...at, message: `piece ${piece.sequence} sticks out of the container` });
    } else if (box.z2 > c.usableHeightMm) {
      out.push({
        kind: 'above_load_line',
        ...at,
        message: `piece ${piece.sequence} rises above ${c.usableHeightMm} mm`,
      });
    }
    if (piece.width > c.doorMm.width || piece.height > c.doorMm.height) {
      out.push({
        kind: 'exceeds_door_opening',
        ...at,
        message: `piece ${piece.sequence} does not pass the door as placed`,
      });
    }
    boxes.push(box);
  }
  return boxes;
}

const PERMUTATIONS: Dimension[][] = [
  ['length', 'width', 'height'],
  ['width', 'length', 'height'],
  ['length', 'height', 'width'],
  ['height', 'length', 'width'],
  ['width', 'height', 'length'],
  ['height', 'width', 'length'],
];

/** perm[axis] is the item dimension along x, y, z. */
function orientationAllowed(item: LoadItem, perm: Dimension[]): boolean {
  const rule = item.orientation ?? 'any';
  if (rule === 'any') return true;
  if (rule === 'fixed') return perm[0] === 'length' && perm[1] === 'width' && perm[2] === 'height';
  if (rule === 'this_side_up') return perm[2] === 'height';
  return rule.verticalDimensions.includes(perm[2]);
}

function overlapLength(a1: number, a2: number, b1: number, b2: number): number {
  return Math.min(a2, b2) - Math.max(a1, b1);
}

function checkOverlap(c: ContainerPlan, boxes: Box[], out: PlanViolation[]): void {
  const byX = boxes.slice().sort((a, b) => a.x1 - b.x1);
  for (let i = 0; i < byX.length; i++) {
    const a = byX[i];
    for (let j = i + 1; j < byX.length && byX[j].x1 < a.x2; j++) {
      const b = byX[j];
      if (overlapLength(a.y1, a.y2, b.y1, b.y2) > 0 && overlapLength(a.z1, a.z2, b.z1, b.z2) > 0) {
        out.push({
          kind: 'overlap',
          container: c.index,
          piece: a.piece.sequence,
          message: `pieces ${a.piece.sequence} and ${b.piece.sequence} overlap`,
        });
      }
    }
  }
}

/**
 * Full support: every piece above the floor has its whole base on the tops of pieces ending exactly
 * at its bottom. Pieces with a common top cannot overlap, so their contact areas simply add up.
 * Returns, per box, the boxes it rests on.
 */
function checkSupport(c: ContainerPlan, boxes: Box[], out: PlanViolation[]): Box[][] {
  const byTop = new Map<number, Box[]>();
  for (const b of boxes) {
    const list = byTop.get(b.z2);
    if (list) list.push(b);
    else byTop.set(b.z2, [b]);
  }
  return boxes.map((box) => {
    if (box.z1 === 0) return [];
    const under: Box[] = [];
    let area = 0;
    for (const s of byTop.get(box.z1) ?? []) {
      const w = overlapLength(box.x1, box.x2, s.x1, s.x2);
      const d = overlapLength(box.y1, box.y2, s.y1, s.y2);
      if (w > 0 && d > 0) {
        area += w * d;
        under.push(s);
      }
    }
    if (area < (box.x2 - box.x1) * (box.y2 - box.y1)) {
      out.push({
        kind: 'unsupported',
        container: c.index,
        piece: box.piece.sequence,
        message: `piece ${box.piece.sequence} is not fully supported`,
      });
    }
    return under;
  });
}

/**
 * Stacking rules and the payload. A piece's load is the weight of every piece resting on it directly
 * or through other pieces, each counted in full (whatever else shares it): a conservative reading of
 * "maximum load on top".
 */
function checkLoads(
  request: LoadPlanRequest,
  c: ContainerPlan,
  boxes: Box[],
  restsOn: Box[][],
  out: PlanViolation[],
): void {
  const index = new Map(boxes.map((b, i) => [b, i]));
  boxes.forEach((box, i) => {
    for (const s of restsOn[i]) {
      if (s.item.stackable === false || s.item.fragile === true) {
        out.push({
          kind: 'stacked_on_non_stackable',
          container: c.index,
          piece: s.piece.sequence,
          message: `piece ${box.piece.sequence} stands on piece ${s.piece.sequence}, which must carry nothing`,
        });
      }
    }
  });
  const total = c.pieces.reduce((sum, p) => sum + p.weightKg, 0);
  if (total > c.payloadKg + TOLERANCE) {
    out.push({
      kind: 'payload_exceeded',
      container: c.index,
      message: `${total} kg loaded, payload ${c.payloadKg} kg`,
    });
  }
  if (!boxes.some((b) => b.item.maxLoadOnTop !== undefined)) return;

  const n = boxes.length;
  const words = Math.ceil(n / 32);
  const above = new Uint32Array(n * words);
  const order = boxes.map((_, i) => i).sort((a, b) => boxes[b].z1 - boxes[a].z1);
  for (const p of order) {
    for (const s of restsOn[p]) {
      const si = index.get(s)!;
      for (let w = 0; w < words; w++) above[si * words + w] |= above[p * words + w];
      above[si * words + (p >>> 5)] |= 1 << (p & 31);
    }
  }
  boxes.forEach((box, i) => {
    if (box.item.maxLoadOnTop === undefined) return;
    let load = 0;
    for (let w = 0; w < words; w++) {
      for (let bits = above[i * words + w]; bits !== 0; bits &= bits - 1) {
        load += boxes[w * 32 + 31 - Math.clz32(bits & -bits)].piece.weightKg;
      }
    }
    const limit = toKilograms(box.item.maxLoadOnTop, request.weightUnit);
    if (load > limit + TOLERANCE) {
      out.push({
        kind: 'load_on_top_exceeded',
        container: c.index,
        piece: box.piece.sequence,
        message: `piece ${box.piece.sequence} carries ${load.toFixed(3)} kg, at most ${limit.toFixed(3)} kg allowed`,
      });
    }
  });
}

/**
 * Delivery stops: a piece of a later stop (unloaded later) never lies wholly nearer the doors than a
 * piece of an earlier stop, nor on top of one. Stops thus fill the container from the front wall
 * (last stop) to the doors (stop 1), interlocking only where they meet, and every piece comes out
 * without moving a piece of a later stop.
 * "On top" is checked on the pieces each piece rests on: under full support, a piece above another
 * one is carried by a chain of pieces down to it, and a stop that rises along the chain must rise at
 * one of its links.
 */
function checkStops(c: ContainerPlan, boxes: Box[], restsOn: Box[][], out: PlanViolation[]): void {
  const stops = [...new Set(boxes.map((b) => b.piece.stop))].sort((a, b) => b - a);
  if (stops.length < 2) return;
  const blocked = (a: Box, b: Box, how: string) =>
    out.push({
      kind: 'stop_blocked',
      container: c.index,
      piece: a.piece.sequence,
      message: `piece ${a.piece.sequence} (stop ${a.piece.stop}) is ${how} piece ${b.piece.sequence} (stop ${b.piece.stop})`,
    });
  // From the last stop down: the door-most start among later stops against this stop's deepest end.
  let doorMost: Box | null = null;
  for (const stop of stops) {
    const group = boxes.filter((b) => b.piece.stop === stop);
    if (doorMost) {
      for (const a of group) if (doorMost.x1 >= a.x2) blocked(a, doorMost, 'deeper than');
    }
    for (const b of group) if (!doorMost || b.x1 > doorMost.x1) doorMost = b;
  }
  boxes.forEach((upper, i) => {
    for (const lower of restsOn[i]) if (upper.piece.stop > lower.piece.stop) blocked(lower, upper, 'under');
  });
}

/** The pieces are listed in loading order: numbered 1..n, later stops first, supports before what they carry. */
function checkSequence(c: ContainerPlan, boxes: Box[], restsOn: Box[][], out: PlanViolation[]): void {
  const position = new Map(boxes.map((b, i) => [b, i]));
  boxes.forEach((box, i) => {
    const bad = (message: string) =>
      out.push({ kind: 'sequence_invalid', container: c.index, piece: box.piece.sequence, message });
    if (box.piece.sequence !== i + 1) bad(`piece at position ${i + 1} is numbered ${box.piece.sequence}`);
    if (i > 0 && boxes[i - 1].piece.stop < box.piece.stop)
      bad(`piece ${box.piece.sequence} of stop ${box.piece.stop} is loaded after stop ${boxes[i - 1].piece.stop}`);
    for (const s of restsOn[i]) {
      if (position.get(s)! > i)
        bad(`piece ${box.piece.sequence} is loaded before piece ${s.piece.sequence}, which carries it`);
    }
  });
}

function checkFigures(c: ContainerPlan, boxes: Box[], out: PlanViolation[]): void {
  const volume = boxes.reduce((sum, b) => sum + (b.x2 - b.x1) * (b.y2 - b.y1) * (b.z2 - b.z1), 0);
  const weight = boxes.reduce((sum, b) => sum + b.piece.weightKg, 0);
  const room = c.insideMm.length * c.insideMm.width * c.usableHeightMm;
  const wrong: string[] = [];
  if (!close(c.loadedVolumeM3, volume / 1e9)) wrong.push('loaded volume');
  if (!close(c.loadedWeightKg, weight)) wrong.push('loaded weight');
  if (!close(c.volumeUtilisation, volume / room)) wrong.push('volume utilisation');
  if (!close(c.weightUtilisation, weight / c.payloadKg)) wrong.push('weight utilisation');
  if (weight > 0) {
    const centre = ['x', 'y', 'z'].map((axis) => {
      const lo = axis === 'x' ? 'x1' : axis === 'y' ? 'y1' : 'z1';
      const hi = axis === 'x' ? 'x2' : axis === 'y' ? 'y2' : 'z2';
      return boxes.reduce((sum, b) => sum + (b.piece.weightKg * (b[lo] + b[hi])) / 2, 0) / weight;
    });
    const middle = [c.insideMm.length / 2, c.insideMm.width / 2, c.usableHeightMm / 2];
    const cog = c.centreOfGravity;
    const offset = c.centreOfGravityOffset;
    if (!cog || !offset || !close(cog.x, centre[0]) || !close(cog.y, centre[1]) || !close(cog.z, centre[2]))
      wrong.push('centre of gravity');
    else if (
      !close(offset.x, centre[0] - middle[0]) ||
      !close(offset.y, centre[1] - middle[1]) ||
      !close(offset.z, centre[2] - middle[2])
    ) {
      wrong.push('centre of gravity offset');
    }
  } else if (c.centreOfGravity !== null || c.centreOfGravityOffset !== null)
    wrong.push('centre of gravity of a weightless load');
  if (wrong.length > 0)
    out.push({
      kind: 'figures_mismatch',
      container: c.index,
      message: `container ${c.index}: ${wrong.join(', ')} wrong`,
    });
}
