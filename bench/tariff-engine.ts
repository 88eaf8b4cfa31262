/**
 * In-process benchmark of one duty calculation (no HTTP): p50/p99 latency, calculations per second
 * and the bytes each calculation allocates, over the mix of 1,200 different requests the HTTP bench
 * sends (real HTS 2026 Rev 4 lines, origins, entry dates). Reads the reference data directory
 * (DATA_DIR, default the repository's data/). Run: npx tsx bench/tariff-engine.ts
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../src/config/config';
import { calculateDuty } from '../src/domain/tariff/engine/calculate-duty';
import type { DutyInput } from '../src/domain/tariff/engine/duty-request';
import { buildRuleSet } from '../src/domain/tariff/rules/rule-set';
import { TariffRules } from '../src/domain/tariff/rules/tariff-rules';
import { readTariffRuleSources } from '../src/reference/tariff/tariff-rule-sources';
import { toDutyInput } from '../src/handlers/inputs/tariff.input';
import { csvLineSource } from '../test/support/hts-csv-line-source';
import { calculationMix } from './tariff-requests';
import { allocationSampler } from './allocation-sampler';

const dataDir = loadConfig().dataDir;
if (!dataDir) {
  console.error('No reference data directory (set DATA_DIR).');
  process.exit(1);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function main(): Promise<void> {
  let started = performance.now();
  const rules = new TariffRules(buildRuleSet(readTariffRuleSources({ dataDir: dataDir as string })));
  console.log(
    `rules loaded and indexed: ${rules.ruleSet.measures.length} measures, ${(performance.now() - started).toFixed(0)} ms`,
  );
  started = performance.now();
  const lines = csvLineSource(
    path.join(dataDir as string, 'hts/hts_2026_revision_4_csv.csv'),
    { id: '2026-rev-4', name: '2026 HTS Revision 4' },
    '2025-01-01',
  );
  console.log(`HTS lines loaded (in-memory line source): ${(performance.now() - started).toFixed(0)} ms`);
  const dependencies = { lines, rules, today: () => '2026-11-22' };

  const requests: DutyInput[] = calculationMix(dataDir as string).map(toDutyInput);
  const calculate = (i: number) => calculateDuty(requests[i % requests.length], dependencies);
  for (let i = 0; i < 2 * requests.length; i += 1) await calculate(i); // warm-up
  const iterations = 20000;
  const samples: number[] = [];
  const wall = performance.now();
  for (let i = 0; i < iterations; i += 1) {
    const t = performance.now();
    await calculate(i);
    samples.push(performance.now() - t);
  }
  const elapsed = performance.now() - wall;
  samples.sort((a, b) => a - b);
  console.log(`calculations: ${iterations} over ${requests.length} different requests`);
  console.log(
    `p50 ${(percentile(samples, 50) * 1000).toFixed(0)} µs, p99 ${(percentile(samples, 99) * 1000).toFixed(0)} µs, max ${(samples[samples.length - 1] * 1000).toFixed(0)} µs`,
  );
  console.log(`throughput: ${((iterations / elapsed) * 1000).toFixed(0)} calculations/s (one core, sequential)`);
  // What the measuring loop itself allocates (its awaits), taken off.
  const harness = await allocatedPerCalculation(requests.length, async () => undefined);
  const bytes = (await allocatedPerCalculation(requests.length, calculate)) - harness;
  console.log(`allocation: ${bytes.toFixed(0)} bytes per calculation (${(bytes / 1024).toFixed(1)} KB)`);
}

/** Bytes allocated per calculation, garbage included, over three passes of the mix. */
async function allocatedPerCalculation(count: number, calculate: (i: number) => Promise<unknown>): Promise<number> {
  const sampler = allocationSampler(256);
  await sampler.start();
  for (let i = 0; i < 3 * count; i += 1) await calculate(i);
  return (await sampler.stop()) / (3 * count);
}

void main();
