import { generateBrSet, STRONG_TYPE_COUNTS } from './br-generator';
import { generateBlocks } from '../src/domain/loadplan/engine/blocks';
import { allowedOrientations } from '../src/domain/loadplan/orientations';
const set = generateBrSet(STRONG_TYPE_COUNTS, 1, 40_261_125);
const p = set[0];
const problem = { container: { ...p.container, payload: 1000 }, types: p.boxTypes.map((b) => ({
    orientations: allowedOrientations(b.length, b.width, b.height, { verticalDimensions: (['length','width','height'] as const).filter((_, i) => b.verticalAllowed[i]) as any }),
    volume: b.length*b.width*b.height, value: b.length*b.width*b.height, weight: 0, quantity: b.quantity, group: 0, loadCapacity: Infinity })) };
for (const max of [100, 500, 1000, 2000, 4000]) {
  let pairs = 0; const t = performance.now();
  const n = generateBlocks(problem, 10000, max, (u) => (pairs += u)).length;
  console.log((globalThis as any).C, (globalThis as any).B, max, n, pairs, (performance.now() - t).toFixed(0), 'ms');
}
