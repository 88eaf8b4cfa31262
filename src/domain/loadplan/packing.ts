import { ContainerSpec, usableHeight } from './containers';
import { generateBlocks, usesComposites } from './engine/blocks';
import { Orientation, PackedBox, PackingProblem } from './engine/problem';
import { ContainerSearch, SearchResult } from './engine/search';
import { WorkMeter } from './engine/work-meter';
import { orientationsThatFit } from './orientations';

/** An item of the request in engine terms: whole millimetres, kilograms, its loading group. */
export interface PlanningItem {
  index: number;
  id: string;
  orientations: Orientation[];
  volumeMm3: number;
  weightKg: number;
  quantity: number;
  /** kg one piece may carry; 0 = nothing on top; Infinity = no limit. */
  loadCapacityKg: number;
  stop: number;
  /** 0 for the highest stop (loaded first, deepest), counting up towards stop 1. */
  group: number;
}

export interface LoadedBox extends Omit<PackedBox, 'type'> {
  item: number;
}

export interface LoadedContainer {
  spec: ContainerSpec;
  boxes: LoadedBox[];
}

export interface Fleet {
  containers: LoadedContainer[];
  /** Pieces of each item not loaded. */
  left: number[];
}

/** Why an item cannot go into a container of this spec at all, or null when it can. */
export function misfit(
  item: PlanningItem,
  spec: ContainerSpec,
): 'exceeds_inside_dimensions' | 'exceeds_door_opening' | 'exceeds_payload' | null {
  const fit = orientationsThatFit(item.orientations, { ...spec.insideMm, height: usableHeight(spec) }, spec.doorMm);
  if (fit.inside.length === 0) return 'exceeds_inside_dimensions';
  if (fit.throughDoor.length === 0) return 'exceeds_door_opening';
  if (item.weightKg > spec.payloadKg) return 'exceeds_payload';
  return null;
}

/** Runs the search for one container of the spec over what is left of the items. */
function search(
  spec: ContainerSpec,
  items: PlanningItem[],
  left: number[],
  meter: WorkMeter,
  maxBlocks?: number,
): { result: SearchResult; itemOf: number[] } | null {
  const room = { ...spec.insideMm, height: usableHeight(spec) };
  const candidates = items.filter((item) => left[item.index] > 0 && misfit(item, spec) === null);
  if (candidates.length === 0) return null;
  const groups = [...new Set(candidates.map((item) => item.group))].sort((a, b) => a - b);
  const worth = pieceValue(spec, candidates, left);
  const problem: PackingProblem = {
    container: { length: room.length, width: room.width, height: room.height, payload: spec.payloadKg },
    types: candidates.map((item) => ({
      orientations: orientationsThatFit(item.orientations, room, spec.doorMm).throughDoor,
      volume: item.volumeMm3,
      value: worth(item),
      weight: item.weightKg,
      quantity: left[item.index],
      // The engine wants groups 0..n-1 without gaps.
      group: groups.indexOf(item.group),
      loadCapacity: item.loadCapacityKg,
    })),
  };
  const blocks = generateBlocks(problem, maxBlocks, meter.share(COMPOSITE_SHARE));
  meter.spend(BLOCK_COST * blocks.length);
  const result = new ContainerSearch(problem, blocks, meter, {
    lossWeight: usesComposites(problem) ? COMPOSITE_LOSS_WEIGHT : LOSS_WEIGHT,
  }).run();
  return { result, itemOf: candidates.map((item) => item.index) };
}

/**
 * What the search should maximise for one container. Volume, when volume is what runs out; when the
 * cargo is heavy for its volume, weight counts too (a full payload is worth a full container), so
 * heavy and bulky pieces share the containers instead of the heavy ones being left for last, where
 * they fill the payload of half-empty boxes. Pieces that carry nothing (fragile, not stackable) are
 * worth a little more, so they ride on top of the first containers instead of travelling alone in
 * the last one.
 */
function pieceValue(spec: ContainerSpec, items: PlanningItem[], left: number[]): (item: PlanningItem) => number {
  const room = spec.insideMm.length * spec.insideMm.width * usableHeight(spec);
  let volume = 0;
  let weight = 0;
  for (const item of items) {
    volume += item.volumeMm3 * left[item.index];
    weight += item.weightKg * left[item.index];
  }
  // How hard weight presses compared with volume: 0 for weightless cargo, 1 when the payload runs out first.
  const pressure = volume > 0 ? Math.min(1, weight / spec.payloadKg / (volume / room)) : 0;
  return (item) => {
    const value = item.volumeMm3 + (pressure * item.weightKg * room) / spec.payloadKg;
    return item.loadCapacityKg === 0 ? value * CARRIES_NOTHING_BONUS : value;
  };
}

/** Extra worth of a piece that carries nothing (see pieceValue). */
const CARRIES_NOTHING_BONUS = 1.1;

/**
 * Loads one container of the spec with as much of what is left as the search can place (most
 * value: see pieceValue), within the meter's budget. The loaded pieces are subtracted from `left`.
 */
export function fillContainer(
  spec: ContainerSpec,
  items: PlanningItem[],
  left: number[],
  meter: WorkMeter,
): LoadedContainer {
  const found = search(spec, items, left, meter);
  if (!found) return { spec, boxes: [] };
  const boxes = found.result.boxes().map(({ type, ...box }) => ({ ...box, item: found.itemOf[type] }));
  for (const box of boxes) left[box.item]--;
  return { spec, boxes };
}

/**
 * How many of `quantity` pieces of the item alone the search fits into one empty container. One box
 * type needs few blocks: a small set keeps hundreds of such counts within a request's budget.
 */
export function countFit(spec: ContainerSpec, item: PlanningItem, quantity: number, meter: WorkMeter): number {
  const left: number[] = [];
  left[item.index] = quantity;
  return search(spec, [item], left, meter, FIT_COUNT_BLOCKS)?.result.count ?? 0;
}

const FIT_COUNT_BLOCKS = 200;

/** Work units charged per block generated (measured: about 1.5 µs each). */
const BLOCK_COST = 200;

/** Most of the budget making composite blocks may take, so that a short budget is kept. */
const COMPOSITE_SHARE = 0.25;

/** Weight of the wasted-volume estimate in block ranking, tuned on BR1–BR7. */
const LOSS_WEIGHT = 0.5;

/** The same weight with composite blocks, tuned on our strongly heterogeneous set (br-generator). */
const COMPOSITE_LOSS_WEIGHT = 1;

/** A lower bound on the containers still needed, from volume (at 90 % fill) and weight. */
function containersNeeded(spec: ContainerSpec, items: PlanningItem[], left: number[]): number {
  let volume = 0;
  let weight = 0;
  for (const item of items) {
    if (left[item.index] === 0 || misfit(item, spec) !== null) continue;
    volume += item.volumeMm3 * left[item.index];
    weight += item.weightKg * left[item.index];
  }
  const room = spec.insideMm.length * spec.insideMm.width * usableHeight(spec);
  return Math.max(Math.ceil(volume / (0.9 * room)), Math.ceil(weight / spec.payloadKg), 0);
}

/**
 * Containers of one spec filled one after the other until everything that fits is loaded or the
 * limit is reached; each gets an equal share of the budget left for the containers still expected.
 */
export function fillFleet(spec: ContainerSpec, items: PlanningItem[], maxContainers: number, meter: WorkMeter): Fleet {
  const left = items.map((item) => item.quantity);
  const containers: LoadedContainer[] = [];
  while (containers.length < maxContainers) {
    const needed = Math.min(containersNeeded(spec, items, left), maxContainers - containers.length);
    if (needed === 0) break;
    const loaded = fillContainer(spec, items, left, meter.share(1 / needed));
    if (loaded.boxes.length === 0) break;
    containers.push(loaded);
  }
  return { containers, left };
}
