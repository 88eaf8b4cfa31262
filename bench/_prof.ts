import { generateBrSet, STRONG_TYPE_COUNTS } from './br-generator';
import { generateBlocks } from '../src/domain/loadplan/engine/blocks';
import { allowedOrientations } from '../src/domain/loadplan/orientations';
const set = generateBrSet(STRONG_TYPE_COUNTS, 8, 40_261_125);
for (const p of set) {
  const problem = { container: { ...p.container, payload: 1000 }, types: p.boxTypes.map((b) => ({
    orientations: allowedOrientations(b.length, b.width, b.height, { verticalDimensions: (['length','width','height'] as const).filter((_, i) => b.verticalAllowed[i]) as any }),
    volume: b.length*b.width*b.height, value: b.length*b.width*b.height, weight: 0, quantity: b.quantity, group: 0, loadCapacity: Infinity })) };
  let pairs = 0;
  const t0 = performance.now();
  const simple = generateBlocks(problem, 10000, 0).length;
  const t1 = performance.now();
  const all = generateBlocks(problem, 10000, 4000, (u) => (pairs += u)).length;
  const t2 = performance.now();
  console.log(p.boxTypes.length, 'simple', simple, (t1 - t0).toFixed(0), 'ms; with composites', all, (t2 - t1).toFixed(0), 'ms pairs', pairs);
}
