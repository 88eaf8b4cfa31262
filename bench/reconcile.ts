/**
 * `npm run bench:reconcile`: 7501 lines per second of an entry summary reconciliation, 5,000 lines
 * (50 entries of 100, each line its own HTS row and one Chapter 99 row: 10,000 rows) through the
 * reconciliation's own path on one core: the rows checked as a bulk file's (`readBulkLines`, the
 * `entry_summary` layout), then `reconcileEntrySummary` (each line by the duty engine, the entry's
 * fees, deadlines, IEEPA refunds for the entries before 2026-02-24). HTS lines from the 2026 Rev 4
 * CSV in memory and the duty rules from the data directory, as bench/bulk.ts.
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../src/config/config';
import { reconcileEntrySummary } from '../src/domain/entries';
import { dutyPricer, readBulkLines, type RawRow } from '../src/domain/tariff';
import { buildRuleSet } from '../src/domain/tariff/rules/rule-set';
import { TariffRules } from '../src/domain/tariff/rules/tariff-rules';
import { readTariffRuleSources } from '../src/reference/tariff/tariff-rule-sources';
import { csvLineSource } from '../test/support/hts-csv-line-source';

const dataDir = loadConfig().dataDir;
if (!dataDir) {
  console.error('No reference data directory (set DATA_DIR).');
  process.exit(1);
}

const shapes = [
  { hts_code: '6109.10.0012', country_code: 'CN', heading: '9903.88.15', duty: '1650.00', extra: '750.00' },
  { hts_code: '7318.15.2095', country_code: 'CN', heading: '9903.82.02', duty: '0.00', extra: '5000.00' },
  { hts_code: '8471.80.1000', country_code: 'TW', heading: '9903.01.25', duty: '0.00', extra: '1000.00' },
  { hts_code: '9401.61.4011', country_code: 'VN', heading: '9903.02.69', duty: '0.00', extra: '2000.00' },
];
const lineCount = 5_000;
const perEntry = 100;

function summaryRows(): RawRow[] {
  const rows: RawRow[] = [];
  for (let i = 0; i < lineCount; i++) {
    const shape = shapes[i % shapes.length];
    const entry = Math.floor(i / perEntry);
    const common = {
      entry_number: `BEN-${String(entry).padStart(7, '0')}`,
      line_number: String((i % perEntry) + 1),
      // Half the entries while IEEPA duties were collected (refund estimates), half after.
      entry_date: entry % 2 === 0 ? '2026-02-20' : '2026-10-09',
    };
    const own = { ...common, hts_code: shape.hts_code, country_code: shape.country_code, value: '10000.00' };
    rows.push({
      at: `file/${rows.length + 2}`,
      cells: { ...own, duty: shape.duty, mpf: '34.64', hmf: '12.50', mode: 'ocean' },
    });
    rows.push({ at: `file/${rows.length + 2}`, cells: { ...common, hts_code: shape.heading, duty: shape.extra } });
  }
  return rows;
}

async function main(): Promise<void> {
  const rules = new TariffRules(buildRuleSet(readTariffRuleSources({ dataDir: dataDir as string })));
  const lines = csvLineSource(
    path.join(dataDir as string, 'hts/hts_2026_revision_4_csv.csv'),
    { id: '2026-rev-4', name: '2026 HTS Revision 4' },
    '2025-01-01',
  );
  const today = '2026-11-25';
  const engine = { lines, rules, today: () => today };
  const deps = { pricer: dutyPricer(engine), engine, today };
  const rows = summaryRows();
  const run = async () => {
    const checked = await readBulkLines(rows, 'entry_summary', today);
    return reconcileEntrySummary(
      checked.map((line, index) => ({ at: rows[index].at, line })),
      deps,
    );
  };
  await run(); // warm: the engine's caches and the JIT
  const started = performance.now();
  const result = await run();
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `reconciliation: ${lineCount} lines (${rows.length} rows, ${result.entries.length} entries) in ${seconds.toFixed(2)} s: ` +
      `${Math.round(lineCount / seconds)} lines/s; overpaid ${result.totals.overpaid}, underpaid ${result.totals.underpaid}, ` +
      `unexplained ${result.totals.unexplained}, IEEPA refund estimate ${result.totals.ieepaRefundEstimate}`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
