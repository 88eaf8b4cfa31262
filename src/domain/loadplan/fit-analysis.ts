import { ContainerSpec, usableHeight } from './containers';
import { WorkMeter } from './engine/work-meter';
import { FitAnalysisEntry } from './model';
import { PlanningItem, countFit, misfit } from './packing';

/** Counts beyond this are reported as this (a millimetre cube in a 45HC would be 86 million). */
export const FIT_COUNT_CAP = 1_000_000;

/**
 * For every item and container type: how many pieces of that item alone the planner fits into one
 * empty container, and what limits the count. Items with the same shape and limits are counted once.
 * Each count is a plan of the planner (greedy at least), so it respects orientation, door, stacking
 * and support rules; it is what the planner achieves, not a proven maximum.
 */
export function analyseFit(items: PlanningItem[], specs: ContainerSpec[], meter: WorkMeter): FitAnalysisEntry[] {
  const entries: FitAnalysisEntry[] = [];
  const known = new Map<string, Omit<FitAnalysisEntry, 'itemId' | 'itemIndex'>>();
  const pairs = items.length * specs.length;
  let done = 0;
  for (const item of items) {
    for (const spec of specs) {
      const key = `${spec.type}|${spec.name}|${JSON.stringify(item.orientations)}|${item.weightKg}|${item.loadCapacityKg}`;
      let fit = known.get(key);
      if (!fit) {
        fit = countFor(item, spec, meter.share(1 / (pairs - done)));
        known.set(key, fit);
      }
      done++;
      entries.push({ itemId: item.id, itemIndex: item.index, ...fit });
    }
  }
  return entries;
}

function countFor(
  item: PlanningItem,
  spec: ContainerSpec,
  meter: WorkMeter,
): Omit<FitAnalysisEntry, 'itemId' | 'itemIndex'> {
  const containerType = spec.type;
  const why = misfit(item, spec);
  if (why === 'exceeds_inside_dimensions') return { containerType, maxPieces: 0, limitedBy: 'inside_dimensions' };
  if (why === 'exceeds_door_opening') return { containerType, maxPieces: 0, limitedBy: 'door_opening' };
  if (why === 'exceeds_payload') return { containerType, maxPieces: 0, limitedBy: 'payload' };
  const bySpace = Math.floor((spec.insideMm.length * spec.insideMm.width * usableHeight(spec)) / item.volumeMm3);
  const byWeight = item.weightKg > 0 ? Math.floor(spec.payloadKg / item.weightKg) : Infinity;
  const bound = Math.min(bySpace, byWeight, FIT_COUNT_CAP);
  const maxPieces = countFit(spec, item, bound, meter);
  return { containerType, maxPieces, limitedBy: maxPieces >= byWeight ? 'payload' : 'space' };
}
