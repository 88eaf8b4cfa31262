/**
 * `npm run bench:products`: the impact of one HTS release change (2026 Rev 3 to Rev 4, in force from
 * 2026-02-24) over a 10,000-product catalogue on one core, through the path a new release takes:
 * the catalogue read from a real SQLite database a page at a time, every product priced by the duty
 * engine (DutyPricer) the day before and the day the release takes effect, and the `tariff.impact`
 * event built. The HTS lines come from the two releases' CSVs in memory (as bench/bulk.ts), the duty
 * rules from the data directory (DATA_DIR, default the repository's data/). Target: under 10 s.
 * `--products N` changes the catalogue's size.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../src/config/config';
import { openDatabase } from '../src/db/knex';
import { migrateToLatest } from '../src/db/migrate';
import { ProductRepository } from '../src/db/repositories/product.repository';
import { catalogueImpact, type Product, releaseImpactEvents } from '../src/domain/products';
import { dutyPricer } from '../src/domain/tariff';
import { InMemoryHtsLineSource } from '../src/domain/tariff/in-memory-hts-line-source';
import { buildRuleSet } from '../src/domain/tariff/rules/rule-set';
import { TariffRules } from '../src/domain/tariff/rules/tariff-rules';
import { readTariffRuleSources } from '../src/reference/tariff/tariff-rule-sources';
import { linesFromUsitcCsv } from '../test/support/hts-csv-line-source';
import { watchEventLoop } from './event-loop-watch';
import { numberOption } from './http/harness';

const dataDir = loadConfig().dataDir;
if (!dataDir) {
  console.error('No reference data directory (set DATA_DIR).');
  process.exit(1);
}

const countries = ['CN', 'VN', 'MX', 'DE', 'JP', 'IN', 'BR', 'CA', 'KR', 'GB'];

async function main(): Promise<void> {
  const total = numberOption('products', 10_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradelane-bench-products-'));
  const db = openDatabase(`sqlite:${path.join(dir, 'bench.sqlite')}`);
  try {
    await migrateToLatest(db);
    await db
      .knex('accounts')
      .insert({ id: 'acct_bench', email: 'bench@example.com', plan: 'business', created_at: 0, updated_at: 0 });
    const rules = new TariffRules(buildRuleSet(readTariffRuleSources({ dataDir: dataDir as string })));
    const csv = (name: string) => linesFromUsitcCsv(path.join(dataDir as string, 'hts', name));
    const rev4 = csv('hts_2026_revision_4_csv.csv');
    const lines = new InMemoryHtsLineSource([
      {
        release: { id: 'htsr_2026_rev_3', name: '2026 HTS Revision 3' },
        effectiveFrom: '2026-02-12',
        lines: csv('hts_2026_revision_3_csv.csv'),
      },
      { release: { id: 'htsr_2026_rev_4', name: '2026 HTS Revision 4' }, effectiveFrom: '2026-02-24', lines: rev4 },
    ]);
    // Ten-digit lines across the whole schedule (every chapter), each from one of ten origins.
    const codes = rev4.filter((line) => line.code.length === 10 && !line.code.startsWith('99')).map((l) => l.code);
    const step = Math.max(1, Math.floor(codes.length / total));
    const products: Product[] = Array.from({ length: total }, (_, i) => {
      const code = codes[(i * step) % codes.length];
      return {
        id: `prd_bench${String(i).padStart(6, '0')}`,
        accountId: 'acct_bench',
        livemode: true,
        sku: `SKU-${i}`,
        description: null,
        htsCode: `${code.slice(0, 4)}.${code.slice(4, 6)}.${code.slice(6)}`,
        countryOfOrigin: countries[i % countries.length],
        annualValue: i % 3 === 0 ? null : String(10_000 + ((i * 7919) % 2_000_000)),
        entryValue: i % 3 === 0 ? String(5_000 + ((i * 131) % 90_000)) : null,
        expectedEntries: i % 3 === 0 ? 1 + (i % 24) : null,
        claims: [],
        createdAt: 1,
        updatedAt: 1,
      };
    });
    const store = new ProductRepository(db.knex);
    await store.upsert(products, []);
    const pricer = dutyPricer({ lines, rules, today: () => '2026-02-24' });
    const release = { id: 'htsr_2026_rev_4', title: '2026 HTS Revision 4', effectiveDate: '2026-02-24' };

    // Warm-up on part of the catalogue in memory (JIT, the line source's lookups), then the measured run.
    const before = { pricer, date: '2026-02-23' };
    await catalogueImpact(products.slice(0, 500), before, { pricer, date: release.effectiveDate });

    const watch = watchEventLoop();
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const events = await releaseImpactEvents(store, release, pricer, Date.now());
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    const { longestStallMs } = watch.stop();
    const data = events[0]?.data as
      | { counts: Record<string, number>; affected_count: number; resolved_annual_impact: { amount: string } }
      | undefined;
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    console.log(
      `catalogue: ${total} products over ${new Set(products.map((p) => p.htsCode)).size} HTS numbers and ${countries.length} origins`,
    );
    console.log(
      `change: 2026 Rev 3 to Rev 4, priced on 2026-02-23 and 2026-02-24 (${2 * total} engine calculations); ${JSON.stringify(data?.counts ?? {})}, ${data?.affected_count ?? 0} affected, annual impact of the priced ones USD ${data?.resolved_annual_impact.amount ?? '0.00'}`,
    );
    console.log(`longest event-loop stall: ${longestStallMs.toFixed(0)} ms`);
    console.log(
      `CPU time: ${cpuSeconds.toFixed(2)} s of ${seconds.toFixed(2)} s wall (load average ${os.loadavg()[0].toFixed(1)})`,
    );
    console.log(
      `impact throughput: ${(total / seconds).toFixed(0)} products/s wall, ${(total / cpuSeconds).toFixed(0)} per CPU second; ${seconds.toFixed(2)} s for ${total} (target < 10 s)`,
    );
  } finally {
    await db.knex.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
