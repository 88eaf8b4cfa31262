/**
 * In-process benchmark of one duty calculation (no HTTP): p50/p99 latency and calculations per
 * second over a mix of real HTS 2026 Rev 4 lines, origins and entry dates. Reads the reference data
 * directory (DATA_DIR, default the repository's data/). Run: npx tsx bench/tariff-engine.ts
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../src/config/config';
import { calculateDuty } from '../src/domain/tariff/engine/calculate-duty';
import type { DutyRequest } from '../src/domain/tariff/engine/duty-request';
import { buildRuleSet } from '../src/domain/tariff/rules/rule-set';
import { TariffRules } from '../src/domain/tariff/rules/tariff-rules';
import { readTariffRuleSources } from '../src/reference/tariff/tariff-rule-sources';
import { csvLineSource } from '../test/support/hts-csv-line-source';

const dataDir = loadConfig().dataDir;
if (!dataDir) {
  console.error('No reference data directory (set DATA_DIR).');
  process.exit(1);
}

const requests: DutyRequest[] = [
  { hts_code: '6109.10.0012', country_code: 'CN', entry_date: '2026-10-09', mode: 'ocean' },
  { hts_code: '6109.10.0012', country_code: 'VN', entry_date: '2026-02-23' },
  { hts_code: '7208.51.0030', country_code: 'CA', entry_date: '2025-06-04' },
  { hts_code: '8703.23.0110', country_code: 'JP', entry_date: '2026-10-09', mode: 'ocean' },
  { hts_code: '0102.29.4024', country_code: 'DE', entry_date: '2026-10-09', quantities: [{ value: 1000, unit: 'kg' }] },
  { hts_code: '2204.21.5005', country_code: 'CA', entry_date: '2026-08-22', quantities: [{ value: 1000, unit: 'liter' }] },
  { hts_code: '3004.90.9201', country_code: 'IN', entry_date: '2026-10-09', claims: { pharmaceutical: 'patented' } },
  { hts_code: '7607.11.6010', country_code: 'CN', entry_date: '2026-10-09', exporter: 'Jiangsu Dingsheng New Materials Joint-Stock' },
  { hts_code: '9401.61.4011', country_code: 'DE', entry_date: '2025-09-01' },
  { hts_code: '8471.80.1000', country_code: 'TW', entry_date: '2026-01-20', mode: 'air' },
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function main(): Promise<void> {
  let started = performance.now();
  const rules = new TariffRules(buildRuleSet(readTariffRuleSources({ dataDir: dataDir as string })));
  console.log(`rules loaded and indexed: ${rules.ruleSet.measures.length} measures, ${(performance.now() - started).toFixed(0)} ms`);
  started = performance.now();
  const lines = csvLineSource(path.join(dataDir as string, 'hts/hts_2026_revision_4_csv.csv'), { id: '2026-rev-4', name: '2026 HTS Revision 4' }, '2025-01-01');
  console.log(`HTS lines loaded (in-memory line source): ${(performance.now() - started).toFixed(0)} ms`);
  const dependencies = { lines, rules, today: () => '2026-11-22' };

  for (let i = 0; i < 2000; i += 1) await calculateDuty(requests[i % requests.length], dependencies); // warm-up
  const iterations = 20000;
  const samples: number[] = [];
  const wall = performance.now();
  for (let i = 0; i < iterations; i += 1) {
    const t = performance.now();
    await calculateDuty(requests[i % requests.length], dependencies);
    samples.push(performance.now() - t);
  }
  const elapsed = performance.now() - wall;
  samples.sort((a, b) => a - b);
  console.log(`calculations: ${iterations} over ${requests.length} request shapes`);
  console.log(`p50 ${(percentile(samples, 50) * 1000).toFixed(0)} µs, p99 ${(percentile(samples, 99) * 1000).toFixed(0)} µs, max ${(samples[samples.length - 1] * 1000).toFixed(0)} µs`);
  console.log(`throughput: ${((iterations / elapsed) * 1000).toFixed(0)} calculations/s (one core, sequential)`);
}

void main();
