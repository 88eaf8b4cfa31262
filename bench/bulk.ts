/**
 * `npm run bench:bulk`: lines per second of a bulk calculation job, 10,000 varied lines through the
 * job's own path on one core: validation of the whole input, the job stored, then BulkJobService.run
 * computing 500-line chunks and committing each with its progress to a real SQLite database. The HTS
 * lines come from the 2026 Rev 4 CSV in memory (as bench/tariff-engine.ts), the duty rules from the
 * data directory (DATA_DIR, default the repository's data/). Target: at least 2,000 lines a second.
 * Then the job's PDF duty report (summary of every line, the first 100 in detail): its time, size,
 * pages and the process's peak memory while rendering (BENCH_REPORT_PDF=<path> keeps the file).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../src/config/config';
import { openDatabase } from '../src/db/knex';
import { migrateToLatest } from '../src/db/migrate';
import { BulkJobRepository } from '../src/db/repositories/bulk-job.repository';
import { BulkJobService } from '../src/domain/tariff/bulk/bulk-job.service';
import { bulkJobReport, bulkReportDetailDefault } from '../src/domain/tariff/bulk/bulk-report';
import { PdfRenderer } from '../src/domain/pdfs';
import { buildRuleSet } from '../src/domain/tariff/rules/rule-set';
import { TariffRules } from '../src/domain/tariff/rules/tariff-rules';
import { readTariffRuleSources } from '../src/reference/tariff/tariff-rule-sources';
import { csvLineSource } from '../test/support/hts-csv-line-source';
import { watchEventLoop } from './event-loop-watch';

const dataDir = loadConfig().dataDir;
if (!dataDir) {
  console.error('No reference data directory (set DATA_DIR).');
  process.exit(1);
}

const shapes = [
  { hts_code: '6109.10.0012', country_code: 'CN', entry_date: '2026-10-09', mode: 'ocean' },
  { hts_code: '6109.10.0012', country_code: 'VN', entry_date: '2026-02-23', mode: 'ocean' },
  {
    hts_code: '7208.51.0030',
    country_code: 'CA',
    entry_date: '2025-06-04',
    claims: 'steel_content_value=500',
    mode: 'ocean',
  },
  { hts_code: '8703.23.0110', country_code: 'JP', entry_date: '2026-10-09', mode: 'ocean' },
  {
    hts_code: '0102.29.4024',
    country_code: 'DE',
    entry_date: '2026-10-09',
    quantity: '1000',
    unit: 'kg',
    mode: 'ocean',
  },
  {
    hts_code: '2204.21.5005',
    country_code: 'CA',
    entry_date: '2026-08-22',
    quantity: '1000',
    unit: 'liter',
    mode: 'ocean',
  },
  {
    hts_code: '3004.90.9201',
    country_code: 'IN',
    entry_date: '2026-10-09',
    claims: 'pharmaceutical_patented',
    mode: 'ocean',
  },
  {
    hts_code: '7607.11.6010',
    country_code: 'CN',
    entry_date: '2026-10-09',
    claims: 'adcvd_exporter=Jiangsu Dingsheng New Materials Joint-Stock',
    mode: 'ocean',
  },
  { hts_code: '9401.61.4011', country_code: 'DE', entry_date: '2025-09-01', mode: 'ocean' },
  { hts_code: '8471.80.1000', country_code: 'TW', entry_date: '2026-01-20', mode: 'air' },
  {
    hts_code: '8517.13.0000',
    country_code: 'MX',
    entry_date: '2026-06-01',
    claims: 'special_program=S',
    mode: 'ocean',
  },
  { hts_code: '6403.99.9065', country_code: 'BR', entry_date: '2026-03-15', mode: 'ocean' },
];

async function main(): Promise<void> {
  const total = 10_000;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradelane-bench-bulk-'));
  const db = openDatabase(`sqlite:${path.join(dir, 'bench.sqlite')}`);
  try {
    await migrateToLatest(db);
    await db
      .knex('accounts')
      .insert({ id: 'acct_bench', email: 'bench@example.com', plan: 'tariff_pro', created_at: 0, updated_at: 0 });
    const rules = new TariffRules(buildRuleSet(readTariffRuleSources({ dataDir: dataDir as string })));
    const lines = csvLineSource(
      path.join(dataDir as string, 'hts/hts_2026_revision_4_csv.csv'),
      { id: '2026-rev-4', name: '2026 HTS Revision 4' },
      '2025-01-01',
    );
    const service = new BulkJobService({
      store: new BulkJobRepository(db.knex),
      clock: Date.now,
      enqueue: async () => undefined,
      present: (job) => job,
    });
    const rows = Array.from({ length: total }, (_, i) => ({
      at: `lines/${i}`,
      cells: { reference: `L${i + 1}`, value: String(1000 + ((i * 37) % 90_000)), ...shapes[i % shapes.length] },
    }));
    const scope = { accountId: 'acct_bench', livemode: true, plan: 'tariff_pro' as const };

    // Warm-up on a small job (JIT, the line source's caches), then the measured one.
    const warm = await service.create(scope, 'calculation', 'json', rows.slice(0, 1000));
    await service.run(warm.id, { engine: async (today) => ({ lines, rules, today: () => today }) });

    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const creating = watchEventLoop();
    const job = await service.create(scope, 'calculation', 'json', rows);
    const stored = performance.now();
    const createStall = creating.stop().longestStallMs;
    const running = watchEventLoop();
    await service.run(job.id, { engine: async (today) => ({ lines, rules, today: () => today }) });
    const finished = performance.now();
    const runStall = running.stop().longestStallMs;
    const cpu = process.cpuUsage(cpuBefore);
    const done = await service.get(scope, job.id);
    if (done.status !== 'succeeded' || done.linesDone !== total)
      throw new Error(`job ended ${done.status} with ${done.linesDone} of ${total} lines: ${done.errors.join('; ')}`);
    const seconds = (finished - started) / 1000;
    // What left lines unresolved, by the component named first (so the mix is seen to be real work, not errors).
    const reasons = new Map<string, number>();
    for await (const line of service.linesInOrder(job.id)) {
      const first = line.output.unresolved?.split(':')[0];
      if (first) reasons.set(first, (reasons.get(first) ?? 0) + 1);
    }
    console.log(
      `unresolved by first component: ${[...reasons].map(([component, n]) => `${component} ${n}`).join(', ') || 'none'}`,
    );
    console.log(`lines: ${total} over ${shapes.length} line shapes (${done.linesUnresolved} unresolved)`);
    console.log(
      `validate + store: ${(stored - started).toFixed(0)} ms; compute + commit (${Math.ceil(total / 500)} chunks): ${(finished - stored).toFixed(0)} ms`,
    );
    console.log(
      `longest event-loop stall: ${createStall.toFixed(0)} ms while validating and storing, ${runStall.toFixed(0)} ms while computing`,
    );
    // On a shared machine the wall clock counts other processes' time too; CPU time is this process's alone.
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    console.log(
      `CPU time: ${cpuSeconds.toFixed(2)} s of ${seconds.toFixed(2)} s wall (load average ${os.loadavg()[0].toFixed(1)})`,
    );
    console.log(
      `bulk throughput: ${(total / seconds).toFixed(0)} lines/s wall, ${(total / cpuSeconds).toFixed(0)} lines per CPU second (target >= 2000)`,
    );

    // The report, memory sampled while it renders (the lines are read 500 at a time).
    const rssBefore = process.memoryUsage().rss;
    const rendering = watchEventLoop();
    const reportStarted = performance.now();
    // Built as the API builds it: the rows read here, the document on a PDF thread.
    const pdfs = new PdfRenderer({ threads: 1 });
    const pdf = await pdfs.dutyReport(
      bulkJobReport({
        job: done,
        lines: () => service.linesInOrder(job.id),
        engine: async () => ({ lines, rules, today: () => new Date(done.createdAt).toISOString().slice(0, 10) }),
        detail: bulkReportDetailDefault,
      }),
    );
    await pdfs.close();
    const reportMs = performance.now() - reportStarted;
    const { longestStallMs, peakRss } = rendering.stop();
    const pages = (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
    console.log(
      `report PDF: ${reportMs.toFixed(0)} ms, ${(pdf.length / 1024 / 1024).toFixed(1)} MiB, ${pages} pages (${bulkReportDetailDefault} lines in detail); RSS ${(rssBefore / 1048576).toFixed(0)} MiB before, peak ${(peakRss / 1048576).toFixed(0)} MiB; longest event-loop stall ${longestStallMs.toFixed(0)} ms`,
    );
    if (process.env.BENCH_REPORT_PDF) fs.writeFileSync(process.env.BENCH_REPORT_PDF, pdf);
  } finally {
    await db.knex.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
