/**
 * Load planner benchmark, the usual protocol: one container per instance, maximise the loaded
 * volume, full base support, orientation flags from the instance. Every plan is checked by the
 * independent validator; a plan with violations (or an error) counts as 0 % and is listed.
 *
 * Sets: `br` = OR-Library BR1–BR7 (thpack1–7, Bischoff & Ratcliff 1995), one line per class;
 * `weak` and `strong` = our own instances made by the Bischoff–Ratcliff method (br-generator.ts):
 * 3–8 and 30–100 box types.
 *
 *   npm run bench:loadplan -- [--set br,weak,strong] [--budgets 1000,2000,10000] [--limit <instances per class>]
 *                             [--instances <per generated set, default 15>] [--seed <n>] [--file <thpack file>]
 *
 * `--seed N` replaces the generated sets' base seed (weak and strong alike), to check a change on
 * instances outside the usual sets (e.g. `--set strong --seed 50261125`).
 * `--budget-ms N` is the same as `--budgets N`. The guard against a starved CPU counts CPU time (see cpuClock). The last lines give the average per set and budget.
 */
import fs from 'node:fs';
import path from 'node:path';
import { planLoad } from '../src/domain/loadplan/plan-load';
import { validatePlan } from '../src/domain/loadplan/validator';
import { parseThpack, thpackLoadPlanRequest, ThpackProblem } from '../src/reference/or-library-thpack';
import { generateBrSet, STRONG_TYPE_COUNTS, WEAK_TYPE_COUNTS } from './br-generator';

function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

function positiveInteger(raw: string, name: string): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must hold positive whole numbers, got ${raw}`);
  return value;
}

function integerOption(name: string, fallback: number): number {
  const raw = option(name);
  return raw === undefined ? fallback : positiveInteger(raw, name);
}

interface Class {
  set: string;
  label: string;
  problems: ThpackProblem[];
}

/** Our own seeds (not the published ones): one base per generated set. */
const SEEDS = { weak: 20_261_125, strong: 40_261_125 };

function classes(limit: number, instances: number): Class[] {
  const file = option('file');
  if (file)
    return [
      {
        set: path.basename(file),
        label: path.basename(file),
        problems: parseThpack(fs.readFileSync(file, 'utf8')).slice(0, limit),
      },
    ];
  const sets = (option('set') ?? 'br').split(',');
  const out: Class[] = [];
  for (const set of sets) {
    if (set === 'br') {
      for (let k = 1; k <= 7; k++) {
        const text = fs.readFileSync(path.join(__dirname, 'data', 'loadplan', 'or-library', `thpack${k}.txt`), 'utf8');
        out.push({ set, label: `BR${k}`, problems: parseThpack(text).slice(0, limit) });
      }
    } else if (set === 'weak' || set === 'strong') {
      const counts = set === 'weak' ? WEAK_TYPE_COUNTS : STRONG_TYPE_COUNTS;
      const seed = option('seed');
      const base = seed === undefined ? SEEDS[set] : positiveInteger(seed, 'seed');
      out.push({
        set,
        label: `${set} (${counts[0]}–${counts[counts.length - 1]} types)`,
        problems: generateBrSet(counts, instances, base),
      });
    } else {
      throw new Error(`--set takes br, weak or strong, got ${set}`);
    }
  }
  return out;
}

interface Tally {
  utilisation: number;
  ms: number;
  cpuMs: number;
  /** The most CPU one instance took: the budget should cover every instance, not only the average. */
  maxCpuMs: number;
  instances: number;
  /** Runs the wall-clock guard cut short (the machine was starved of CPU): their figures are low. */
  starved: number;
}

/**
 * The planner's guard against a starved CPU reads this process's CPU time here, not the wall clock:
 * on a shared machine the guard would otherwise cut searches short and the figures would measure
 * the machine's load. The work budget, which decides the plan, is the same either way.
 */
function cpuClock(): number {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
}

function solve(cls: Class, budgetMs: number, failures: string[]): Tally {
  const tally: Tally = { utilisation: 0, ms: 0, cpuMs: 0, maxCpuMs: 0, instances: cls.problems.length, starved: 0 };
  for (const problem of cls.problems) {
    const request = thpackLoadPlanRequest(problem, budgetMs);
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    try {
      const plan = planLoad(request, { clock: cpuClock });
      const violations = validatePlan(request, plan);
      if (violations.length > 0)
        failures.push(`${cls.label} #${problem.number}: ${violations.map((v) => v.message).join('; ')}`);
      else tally.utilisation += plan.summary.volumeUtilisation;
      if (!plan.search.deterministic) tally.starved++;
    } catch (error) {
      failures.push(`${cls.label} #${problem.number}: ${(error as Error).message}`);
    }
    tally.ms += performance.now() - started;
    const cpu = process.cpuUsage(cpuStarted);
    tally.cpuMs += (cpu.user + cpu.system) / 1000;
    tally.maxCpuMs = Math.max(tally.maxCpuMs, (cpu.user + cpu.system) / 1000);
  }
  return tally;
}

const percent = (t: Tally) => `${((100 * t.utilisation) / t.instances).toFixed(2)}%`;

function main(): void {
  const budgets = (option('budgets') ?? option('budget-ms') ?? '2000')
    .split(',')
    .map((b) => positiveInteger(b, 'budgets'));
  const all = classes(integerOption('limit', Number.MAX_SAFE_INTEGER), integerOption('instances', 15));
  console.log(
    `load planner benchmark: full support, one container per instance, budgets ${budgets.join(', ')} ms/instance`,
  );
  console.log(`node ${process.version}, ${process.arch}, single thread`);
  // The first plan of a process also pays for compiling the planner: one untimed plan first, so that
  // the CPU figures (the most per instance above all) are the planner's own.
  const first = all.find((cls) => cls.problems.length > 0)?.problems[0];
  if (first) planLoad(thpackLoadPlanRequest(first, 200), { clock: cpuClock });
  const summary: string[] = [];
  const failures: string[] = [];
  for (const budgetMs of budgets) {
    const perSet = new Map<string, Tally>();
    for (const cls of all) {
      const t = solve(cls, budgetMs, failures);
      console.log(
        `${String(budgetMs).padStart(6)} ms  ${cls.label.padEnd(24)} ${String(t.instances).padStart(4)} instances  ${percent(t)}  ` +
          `${(t.ms / t.instances).toFixed(0)} ms/instance (cpu ${(t.cpuMs / t.instances).toFixed(0)} ms, at most ${t.maxCpuMs.toFixed(0)})` +
          (t.starved > 0 ? `  ${t.starved} cut short by the wall clock` : ''),
      );
      const s = perSet.get(cls.set) ?? { utilisation: 0, ms: 0, cpuMs: 0, maxCpuMs: 0, instances: 0, starved: 0 };
      perSet.set(cls.set, {
        utilisation: s.utilisation + t.utilisation,
        ms: s.ms + t.ms,
        cpuMs: s.cpuMs + t.cpuMs,
        maxCpuMs: Math.max(s.maxCpuMs, t.maxCpuMs),
        instances: s.instances + t.instances,
        starved: s.starved + t.starved,
      });
    }
    for (const [set, t] of perSet) {
      summary.push(
        `${set}: ${percent(t)} at ${budgetMs} ms budget (${t.instances} instances, ${(t.ms / t.instances).toFixed(0)} ms/instance wall, ` +
          `cpu ${(t.cpuMs / t.instances).toFixed(0)} ms/instance, at most ${t.maxCpuMs.toFixed(0)}, ` +
          `${t.starved} cut short by the wall clock)`,
      );
    }
  }
  console.log(`failures: ${failures.length}`);
  for (const failure of failures) console.log(`  ${failure}`);
  for (const line of summary) console.log(line);
}

main();
