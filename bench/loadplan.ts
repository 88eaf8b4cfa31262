/**
 * Load planner benchmark: BR1–BR7 (OR-Library thpack1–7, Bischoff & Ratcliff 1995), the usual
 * protocol: one container per instance, maximise the loaded volume, full base support, orientation
 * flags from the file. Every plan is checked by the independent validator; a plan with violations
 * (or an error) counts as 0 % and is listed.
 *
 *   npm run bench:loadplan -- --budget-ms 2000 [--file <thpack file>] [--limit <instances per file>]
 *
 * The last line is `overall: <pct>% at <ms> ms/instance`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { planLoad } from '../src/domain/loadplan/plan-load';
import { validatePlan } from '../src/domain/loadplan/validator';
import { parseThpack, thpackLoadPlanRequest } from '../src/reference/or-library-thpack';

function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

function positiveInteger(name: string, fallback: number): number {
  const raw = option(name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive whole number, got ${raw}`);
  return value;
}

function benchmarkFiles(): { label: string; file: string }[] {
  const file = option('file');
  if (file) return [{ label: path.basename(file), file }];
  return [1, 2, 3, 4, 5, 6, 7].map((k) => ({
    label: `BR${k}`,
    file: path.join(__dirname, 'data', 'loadplan', 'or-library', `thpack${k}.txt`),
  }));
}

function main(): void {
  const budgetMs = positiveInteger('budget-ms', 2000);
  const limit = positiveInteger('limit', Number.MAX_SAFE_INTEGER);
  const files = benchmarkFiles();
  console.log(`load planner benchmark: full support, one container per instance, budget ${budgetMs} ms/instance`);
  console.log(`node ${process.version}, ${process.arch}, single thread`);
  let totalUtilisation = 0;
  let totalMs = 0;
  let totalCpuMs = 0;
  let instances = 0;
  const failures: string[] = [];
  for (const { label, file } of files) {
    const problems = parseThpack(fs.readFileSync(file, 'utf8')).slice(0, limit);
    let sum = 0;
    let ms = 0;
    let cpuMs = 0;
    for (const problem of problems) {
      const request = thpackLoadPlanRequest(problem, budgetMs);
      const started = performance.now();
      const cpuStarted = process.cpuUsage();
      let utilisation = 0;
      try {
        const plan = planLoad(request);
        const violations = validatePlan(request, plan);
        if (violations.length > 0) failures.push(`${label} #${problem.number}: ${violations.map((v) => v.message).join('; ')}`);
        else utilisation = plan.summary.volumeUtilisation;
      } catch (error) {
        failures.push(`${label} #${problem.number}: ${(error as Error).message}`);
      }
      ms += performance.now() - started;
      const cpu = process.cpuUsage(cpuStarted);
      cpuMs += (cpu.user + cpu.system) / 1000;
      sum += utilisation;
    }
    console.log(
      `${label.padEnd(12)} ${String(problems.length).padStart(4)} instances  ${((100 * sum) / problems.length).toFixed(2)}%  ` +
        `${(ms / problems.length).toFixed(0)} ms/instance (cpu ${(cpuMs / problems.length).toFixed(0)} ms)`,
    );
    totalUtilisation += sum;
    totalMs += ms;
    totalCpuMs += cpuMs;
    instances += problems.length;
  }
  console.log(`cpu time: ${(totalCpuMs / instances).toFixed(0)} ms/instance (wall time below; the machine may be shared)`);
  console.log(`failures: ${failures.length}`);
  for (const failure of failures) console.log(`  ${failure}`);
  console.log(`overall: ${((100 * totalUtilisation) / instances).toFixed(2)}% at ${(totalMs / instances).toFixed(0)} ms/instance`);
}

main();
