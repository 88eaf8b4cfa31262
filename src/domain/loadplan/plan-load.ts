import { chooseFleet, PriceOf } from './container-selection';
import {
  CONTAINER_CATALOGUE,
  ContainerSpec,
  DEFAULT_AUTO_CANDIDATES,
  STANDARD_CONTAINER_TYPES,
  usableHeight,
} from './containers';
import { WorkMeter } from './engine/work-meter';
import { LoadPlanInvariantError, LoadPlanRequestError } from './errors';
import { analyseFit } from './fit-analysis';
import { compareFreightModes } from './freight-mode';
import { checkLoadPlanRequest, DEFAULTS } from './limits';
import { ContainerPlan, ExcludedCargo, LoadPlanRequest, LoadPlanResult, PlacedPiece, UnplacedItem } from './model';
import { toCents } from './money';
import { allowedOrientations } from './orientations';
import { Fleet, LoadedContainer, PlanningItem, fillFleet, misfit } from './packing';
import { loadingOrder } from './sequence';
import { pieceMillimetres, roomMillimetres, toKilograms, toMillimetres } from './units';
import { validatePlan } from './validator';

export interface PlanLoadOptions {
  /** Wall clock for the guard against a starved CPU (tests pass a fake one). */
  clock?: () => number;
}

/** Share of the budget spent on the fit analysis when it is asked for. */
const FIT_ANALYSIS_SHARE = 0.1;

/**
 * Plans the load: checks the request (LoadPlanRequestError), packs the containers, orders the
 * loading, works out the figures, the fit analysis and the FCL/LCL comparison, and runs the
 * independent validator over the result (LoadPlanInvariantError: a plan that breaks a rule never
 * leaves). Pure and synchronous; the same request always gives the same plan unless the wall-clock
 * guard fires (see `search.deterministic`). Run it in a worker thread (worker-pool.ts) from a server.
 */
export function planLoad(request: LoadPlanRequest, options: PlanLoadOptions = {}): LoadPlanResult {
  const problems = checkLoadPlanRequest(request);
  if (problems.length > 0) throw new LoadPlanRequestError(problems);
  const budgetMs = request.timeBudgetMs ?? DEFAULTS.timeBudgetMs;
  const meter = WorkMeter.forBudget(budgetMs, options.clock);
  const items = planningItems(request);
  const specs = candidateSpecs(request);
  const maxContainers = request.maxContainers ?? DEFAULTS.maxContainers;
  const analyse = request.fitAnalysis !== false;
  // Both shares are fixed up front: a plan that finishes early does not hand its rest to the analysis.
  const fitMeter = meter.share(analyse ? FIT_ANALYSIS_SHARE : 0);
  const packing = meter.share(analyse ? 1 - FIT_ANALYSIS_SHARE : 1);
  const priceOf: PriceOf = (spec) => {
    const price = request.pricing?.fcl?.[spec.type];
    return price ? toCents(price) : null;
  };
  const fleet =
    request.container.kind === 'auto'
      ? chooseFleet(specs, items, maxContainers, priceOf, packing)
      : fillFleet(specs[0], items, maxContainers, packing);
  const fitAnalysis = analyse ? analyseFit(items, fitSpecs(request, specs), fitMeter) : null;

  const containers = fleet.containers.map((loaded, index) => containerPlan(loaded, index, items));
  // Pieces that fit no container considered go neither FCL nor LCL (a consolidator loads containers
  // too): the advice is on the rest, and says what it left out and why.
  const unloadableReasons = items.map((item) => unloadableReason(item, specs));
  const unloadable = new Set(items.filter((item) => unloadableReasons[item.index] !== null).map((item) => item.index));
  const unplaced = unplacedItems(fleet, items, specs, maxContainers, unloadableReasons);
  const pieceVolumeM3 = (item: LoadPlanRequest['items'][number]) =>
    (toMillimetres(item.length, request.lengthUnit) *
      toMillimetres(item.width, request.lengthUnit) *
      toMillimetres(item.height, request.lengthUnit)) /
    1e9;
  const shippable = request.items.filter((_, index) => !unloadable.has(index));
  const result: LoadPlanResult = {
    containers,
    unplaced,
    summary: summary(containers, items),
    fitAnalysis,
    freightMode: compareFreightModes({
      cargoVolumeM3: shippable.reduce((sum, item) => sum + item.quantity * pieceVolumeM3(item), 0),
      cargoWeightKg: items
        .filter((item) => !unloadable.has(item.index))
        .reduce((sum, item) => sum + item.quantity * item.weightKg, 0),
      fragile: shippable.some((item) => item.fragile === true),
      containers: containers.map((c) => c.type),
      pricing: request.pricing,
      excluded: unplaced
        .filter((entry) => unloadable.has(entry.itemIndex))
        .map((entry) => ({
          itemId: entry.itemId,
          itemIndex: entry.itemIndex,
          quantity: entry.quantity,
          volumeM3: entry.quantity * pieceVolumeM3(request.items[entry.itemIndex]),
          weightKg: entry.quantity * items[entry.itemIndex].weightKg,
          reason: entry.reason as ExcludedCargo['reason'],
          detail: entry.detail,
        })),
    }),
    search: { budgetMs, workUnits: meter.spent, deterministic: !meter.stoppedByClock },
  };
  const violations = validatePlan(request, result);
  if (violations.length > 0) throw new LoadPlanInvariantError(violations);
  return result;
}

function planningItems(request: LoadPlanRequest): PlanningItem[] {
  // The highest stop is unloaded last, so it is loaded first: group 0, deepest in the container.
  const stops = [...new Set(request.items.map((item) => item.stop ?? 1))].sort((a, b) => b - a);
  return request.items.map((item, index) => {
    const l = pieceMillimetres(item.length, request.lengthUnit);
    const w = pieceMillimetres(item.width, request.lengthUnit);
    const h = pieceMillimetres(item.height, request.lengthUnit);
    const stop = item.stop ?? 1;
    return {
      index,
      id: item.id,
      orientations: allowedOrientations(l, w, h, item.orientation),
      volumeMm3: l * w * h,
      weightKg: toKilograms(item.weight, request.weightUnit),
      quantity: item.quantity,
      loadCapacityKg:
        item.fragile === true || item.stackable === false
          ? 0
          : item.maxLoadOnTop !== undefined
            ? toKilograms(item.maxLoadOnTop, request.weightUnit)
            : Infinity,
      stop,
      group: stops.indexOf(stop),
    };
  });
}

function candidateSpecs(request: LoadPlanRequest): ContainerSpec[] {
  const choice = request.container;
  if (choice.kind === 'standard') {
    const spec = CONTAINER_CATALOGUE[choice.type];
    return [
      choice.payload !== undefined ? { ...spec, payloadKg: toKilograms(choice.payload, request.weightUnit) } : spec,
    ];
  }
  if (choice.kind === 'auto')
    return (choice.candidates ?? DEFAULT_AUTO_CANDIDATES).map((type) => CONTAINER_CATALOGUE[type]);
  const c = choice.container;
  const mm = (value: number) => roomMillimetres(value, request.lengthUnit);
  return [
    {
      type: 'custom',
      name: c.name ?? 'custom',
      insideMm: { length: mm(c.length), width: mm(c.width), height: mm(c.height) },
      doorMm: { width: mm(c.doorWidth ?? c.width), height: mm(c.doorHeight ?? c.height) },
      payloadKg: toKilograms(c.payload, request.weightUnit),
      loadLineMm: c.loadLineHeight !== undefined ? mm(c.loadLineHeight) : null,
    },
  ];
}

/** Every standard type, plus the caller's own container when there is one. */
function fitSpecs(request: LoadPlanRequest, specs: ContainerSpec[]): ContainerSpec[] {
  const standard = STANDARD_CONTAINER_TYPES.map((type) => CONTAINER_CATALOGUE[type]);
  return request.container.kind === 'custom' ? [...standard, ...specs] : standard;
}

function containerPlan(loaded: LoadedContainer, index: number, items: PlanningItem[]): ContainerPlan {
  const { spec, boxes } = loaded;
  const order = loadingOrder(boxes.map((b) => ({ ...b, stop: items[b.item].stop })));
  const pieces: PlacedPiece[] = order.map((i, position) => {
    const b = boxes[i];
    const item = items[b.item];
    return {
      sequence: position + 1,
      itemId: item.id,
      itemIndex: item.index,
      x: b.x,
      y: b.y,
      z: b.z,
      length: b.dx,
      width: b.dy,
      height: b.dz,
      weightKg: item.weightKg,
      stop: item.stop,
    };
  });
  const height = usableHeight(spec);
  const volume = pieces.reduce((sum, p) => sum + p.length * p.width * p.height, 0);
  const weight = pieces.reduce((sum, p) => sum + p.weightKg, 0);
  let centreOfGravity: ContainerPlan['centreOfGravity'] = null;
  let centreOfGravityOffset: ContainerPlan['centreOfGravityOffset'] = null;
  if (weight > 0) {
    const moment = (centre: (p: PlacedPiece) => number) =>
      pieces.reduce((sum, p) => sum + p.weightKg * centre(p), 0) / weight;
    centreOfGravity = {
      x: moment((p) => p.x + p.length / 2),
      y: moment((p) => p.y + p.width / 2),
      z: moment((p) => p.z + p.height / 2),
    };
    centreOfGravityOffset = {
      x: centreOfGravity.x - spec.insideMm.length / 2,
      y: centreOfGravity.y - spec.insideMm.width / 2,
      z: centreOfGravity.z - height / 2,
    };
  }
  return {
    index,
    type: spec.type,
    name: spec.name,
    insideMm: { ...spec.insideMm },
    doorMm: { ...spec.doorMm },
    usableHeightMm: height,
    payloadKg: spec.payloadKg,
    pieces,
    loadedVolumeM3: volume / 1e9,
    loadedWeightKg: weight,
    volumeUtilisation: volume / (spec.insideMm.length * spec.insideMm.width * height),
    weightUtilisation: weight / spec.payloadKg,
    centreOfGravity,
    centreOfGravityOffset,
  };
}

const STAGES = ['exceeds_inside_dimensions', 'exceeds_door_opening', 'exceeds_payload'] as const;

function unplacedItems(
  fleet: Fleet,
  items: PlanningItem[],
  specs: ContainerSpec[],
  maxContainers: number,
  unloadableReasons: ((typeof STAGES)[number] | null)[],
): UnplacedItem[] {
  const weightLeft = fleet.containers.map(
    (c) => c.spec.payloadKg - c.boxes.reduce((sum, b) => sum + items[b.item].weightKg, 0),
  );
  const unplaced: UnplacedItem[] = [];
  for (const item of items) {
    const quantity = fleet.left[item.index];
    if (quantity === 0) continue;
    const base = { itemId: item.id, itemIndex: item.index, quantity };
    const reason = unloadableReasons[item.index];
    if (reason !== null) {
      unplaced.push({ ...base, reason, detail: misfitDetail(reason, specs) });
    } else if (fleet.containers.length >= maxContainers && weightLeft.every((w) => w < item.weightKg)) {
      unplaced.push({
        ...base,
        reason: 'exceeds_payload',
        detail: `the payload of every container is used up and no more than ${maxContainers} containers are allowed`,
      });
    } else {
      unplaced.push({
        ...base,
        reason: 'no_stable_position',
        detail: `no free, fully supported position that keeps the stacking and stop rules is left in the ${fleet.containers.length} container(s) allowed`,
      });
    }
  }
  return unplaced;
}

/**
 * Why no piece of the item fits any of the containers (the check it got furthest with in any of
 * them: inside, then door, then payload), or null when one of them can take it.
 */
function unloadableReason(item: PlanningItem, specs: ContainerSpec[]): (typeof STAGES)[number] | null {
  const reasons = specs.map((spec) => misfit(item, spec));
  if (!reasons.every((r) => r !== null)) return null;
  return STAGES[Math.max(...reasons.map((r) => STAGES.indexOf(r)))];
}

function misfitDetail(reason: (typeof STAGES)[number], specs: ContainerSpec[]): string {
  const names = specs.map((s) => s.name).join(', ');
  if (reason === 'exceeds_inside_dimensions') return `no allowed orientation fits inside ${names}`;
  if (reason === 'exceeds_door_opening') return `no allowed orientation that fits inside passes the door of ${names}`;
  return `one piece weighs more than the payload of ${names}`;
}

function summary(containers: ContainerPlan[], items: PlanningItem[]): LoadPlanResult['summary'] {
  const volume = containers.reduce(
    (sum, c) => sum + c.pieces.reduce((s, p) => s + p.length * p.width * p.height, 0),
    0,
  );
  const weight = containers.reduce((sum, c) => sum + c.loadedWeightKg, 0);
  const room = containers.reduce((sum, c) => sum + c.insideMm.length * c.insideMm.width * c.usableHeightMm, 0);
  const payload = containers.reduce((sum, c) => sum + c.payloadKg, 0);
  return {
    requestedPieces: items.reduce((sum, item) => sum + item.quantity, 0),
    placedPieces: containers.reduce((sum, c) => sum + c.pieces.length, 0),
    loadedVolumeM3: volume / 1e9,
    loadedWeightKg: weight,
    volumeUtilisation: room > 0 ? volume / room : 0,
    weightUtilisation: payload > 0 ? weight / payload : 0,
  };
}
