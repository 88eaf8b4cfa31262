import { ContainerSpec, usableHeight } from './containers';
import { WorkMeter } from './engine/work-meter';
import { Fleet, PlanningItem, fillContainer, fillFleet } from './packing';

/** Price of one container of a type in cents, or null when the caller gave none. */
export type PriceOf = (spec: ContainerSpec) => bigint | null;

/** Budget shares: a quick look at every candidate, then the chosen one, then right-sizing. */
const SCREENING_SHARE = 0.15;
const RIGHT_SIZING_SHARE = 0.1;

/**
 * Automatic container choice. Every candidate type is first planned quickly; the best one (most
 * pieces loaded, then lowest FCL cost when every type used has a price, else fewest containers, then
 * least container volume) is planned again with most of the budget; finally the last container is
 * swapped for a cheaper or smaller candidate when that one takes all of its pieces (right-sizing,
 * e.g. 2 × 40HC + 1 × 20GP).
 */
export function chooseFleet(
  specs: ContainerSpec[],
  items: PlanningItem[],
  maxContainers: number,
  priceOf: PriceOf,
  meter: WorkMeter,
): Fleet {
  const screening = meter.share(SCREENING_SHARE);
  const screened = specs.map((spec, i) =>
    fillFleet(spec, items, maxContainers, screening.share(1 / (specs.length - i))),
  );
  const order = (a: Fleet, b: Fleet) => compareFleets(a, b, priceOf);
  const quick = screened.slice().sort(order)[0];
  const spec = quick.containers[0]?.spec ?? specs[0];
  const full = fillFleet(spec, items, maxContainers, meter.share(1 - RIGHT_SIZING_SHARE));
  const chosen = order(full, quick) <= 0 ? full : quick;
  return rightSize(chosen, specs, items, priceOf, meter);
}

function fleetCost(fleet: Fleet, priceOf: PriceOf): bigint | null {
  let total = 0n;
  for (const c of fleet.containers) {
    const price = priceOf(c.spec);
    if (price === null) return null;
    total += price;
  }
  return total;
}

function room(spec: ContainerSpec): number {
  return spec.insideMm.length * spec.insideMm.width * usableHeight(spec);
}

/** Negative when a is the better fleet. */
export function compareFleets(a: Fleet, b: Fleet, priceOf: PriceOf): number {
  const leftA = a.left.reduce((s, n) => s + n, 0);
  const leftB = b.left.reduce((s, n) => s + n, 0);
  if (leftA !== leftB) return leftA - leftB;
  const costA = fleetCost(a, priceOf);
  const costB = fleetCost(b, priceOf);
  if (costA !== null && costB !== null && costA !== costB) return costA < costB ? -1 : 1;
  if (a.containers.length !== b.containers.length) return a.containers.length - b.containers.length;
  const roomA = a.containers.reduce((s, c) => s + room(c.spec), 0);
  const roomB = b.containers.reduce((s, c) => s + room(c.spec), 0);
  return roomA - roomB;
}

/** Tries cheaper (or, without prices, smaller) candidates for the last container's pieces. */
function rightSize(
  fleet: Fleet,
  specs: ContainerSpec[],
  items: PlanningItem[],
  priceOf: PriceOf,
  meter: WorkMeter,
): Fleet {
  const last = fleet.containers[fleet.containers.length - 1];
  if (!last) return fleet;
  const lastPrice = priceOf(last.spec);
  const smaller = specs
    .filter((spec) => {
      const price = priceOf(spec);
      return price !== null && lastPrice !== null ? price < lastPrice : room(spec) < room(last.spec);
    })
    .sort((a, b) => {
      const pa = priceOf(a);
      const pb = priceOf(b);
      return pa !== null && pb !== null && pa !== pb ? (pa < pb ? -1 : 1) : room(a) - room(b);
    });
  const content = items.map(() => 0);
  for (const box of last.boxes) content[box.item]++;
  for (let i = 0; i < smaller.length; i++) {
    const trial = content.slice();
    const loaded = fillContainer(smaller[i], items, trial, meter.share(1 / (smaller.length - i)));
    if (trial.every((n) => n === 0)) {
      return { containers: [...fleet.containers.slice(0, -1), loaded], left: fleet.left };
    }
  }
  return fleet;
}
