/**
 * `npm run bench:instructions [-- <operation>] [--requests <n>] [--rounds <n>]`
 * The instructions the server's main thread executes per request (user space), counted by
 * valgrind's callgrind, for the operation's framework floor and the operation, served as
 * `bench:http` serves them (bench/http/server.ts) from the build in dist/. Unlike CPU time, the
 * count does not depend on the machine, its caches or its other jobs: the same code and requests
 * give the same figure within a few per cent (garbage collection and compilation fall where they
 * fall). It leaves out what the kernel does and the time instructions wait on memory, which CPU time
 * includes: read it beside `bench:http`, not instead of it. Only the main thread, where requests
 * are served, is counted: V8's compiler and collector helper threads work on their own schedule,
 * which under valgrind (one thread at a time, fifty times slower) lands in whichever phase it
 * lands in (more than half of one phase's instructions in a trial that counted every thread).
 *
 * The database is prepared by a first, ordinary start of the server (the HTS release imported, the
 * rules stored), so the start under valgrind (about fifty times slower) only loads them. Requests
 * are sent one at a time on one connection; after warm-up passes over the operation's bodies, the
 * floor and the operation take turns, `--requests` each per round (default 500, 3 rounds), with
 * callgrind's counters dumped after each phase. The last lines are the median round's instructions
 * per request and their ratio, each with its spread across rounds ((max − min) ÷ median), and
 * quoted only when that spread is under 10% (bench/spread.ts; otherwise the line says why not):
 * a major collection or a compilation falls in one phase, not in all
 * (forcing a full collection before each phase was tried: both phases then counted 2.7 times as
 * many instructions). About ten minutes for `calculate`.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BenchOperation } from './http/operations';
import { forkBenchServer, numberOption } from './http/harness';
import { judgeRounds } from './spread';

const positional = process.argv
  .slice(2)
  .filter((arg, i, all) => !arg.startsWith('--') && !all[i - 1]?.startsWith('--'));
const name = positional[0] ?? 'calculate';
const requests = numberOption('requests', 500);
const rounds = numberOption('rounds', 3);
const warmUpPasses = 3;

/** The server on a prepared database, under callgrind when given its output file pattern. */
const startServer = (databaseUrl: string, callgrindOut?: string) =>
  forkBenchServer(name, {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    valgrind: callgrindOut
      ? ['--tool=callgrind', '-q', '--separate-threads=yes', `--callgrind-out-file=${callgrindOut}`]
      : undefined,
  });

/** Sends `count` requests one after the other, taking the bodies in turn. */
async function send(
  url: string,
  operation: BenchOperation,
  headers: Record<string, string>,
  bodies: string[],
  count: number,
): Promise<void> {
  for (let i = 0; i < count; i += 1) {
    const body = bodies.length > 0 ? bodies[i % bodies.length] : undefined;
    const response = await fetch(url, {
      method: operation.method,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      body,
    });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url}: status ${response.status}`);
  }
}

/** Asks callgrind to write its counters (which it then sets to zero) and returns the instructions since the last dump. */
function dumpInstructions(pid: number, label: string, outDir: string): number {
  const before = new Set(fs.readdirSync(outDir));
  execFileSync('callgrind_control', ['--dump', label, String(pid)], { stdio: 'ignore' });
  // With --separate-threads, one file per thread; thread 1 is the main thread.
  const file = fs.readdirSync(outDir).find((f) => !before.has(f) && f.endsWith('-01'));
  if (!file) throw new Error(`callgrind wrote no dump for ${label}`);
  const summary = /^summary: (\d+)/m.exec(fs.readFileSync(path.join(outDir, file), 'utf8'));
  if (!summary) throw new Error(`no summary in ${file}`);
  return Number(summary[1]);
}

async function main(): Promise<void> {
  execFileSync('npm', ['run', '--silent', 'build:ts'], { stdio: ['ignore', 'ignore', 'inherit'] });
  const { benchOperations } = (await import('./http/operations')) as {
    benchOperations: Record<string, BenchOperation>;
  };
  const operation = benchOperations[name];
  if (!operation) throw new Error(`unknown operation "${name}"; known: ${Object.keys(benchOperations).join(', ')}`);
  const bodies = (operation.mix ? operation.mix() : operation.body === undefined ? [] : [operation.body]).map((body) =>
    JSON.stringify(body),
  );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradelane-instructions-'));
  const databaseUrl = `sqlite:${path.join(dir, 'bench.sqlite')}`;
  try {
    const preparing = startServer(databaseUrl);
    await preparing.ready;
    preparing.server.disconnect();
    await new Promise((resolve) => preparing.server.once('exit', resolve));

    const outDir = path.join(dir, 'callgrind');
    fs.mkdirSync(outDir);
    const { server, ready: readyPromise } = startServer(databaseUrl, path.join(outDir, 'callgrind.out.%p'));
    const ready = await readyPromise;
    try {
      const floorUrl = `http://127.0.0.1:${ready.floorPort}/floor`;
      const url = `http://127.0.0.1:${ready.operationPort}${operation.path}`;
      const pass = Math.max(bodies.length, 300);
      for (let i = 0; i < warmUpPasses; i += 1) {
        await send(floorUrl, operation, {}, bodies, pass);
        await send(url, operation, ready.headers, bodies, pass);
      }
      const pid = server.pid as number;
      dumpInstructions(pid, 'warm-up', outDir);
      console.log(
        `bench:instructions ${name} (${operation.method} ${operation.path}), ${requests} requests per phase, one at a time, ${rounds} rounds, after ${warmUpPasses} warm-up passes of ${pass}`,
      );
      const floors: number[] = [];
      const measured: number[] = [];
      for (let round = 1; round <= rounds; round += 1) {
        await send(floorUrl, operation, {}, bodies, requests);
        floors.push(dumpInstructions(pid, `floor-${round}`, outDir) / requests);
        await send(url, operation, ready.headers, bodies, requests);
        measured.push(dumpInstructions(pid, `${name}-${round}`, outDir) / requests);
        console.log(
          `round ${round}: floor ${Math.round(floors[round - 1])}, ${name} ${Math.round(measured[round - 1])} instructions/req, ratio ${(measured[round - 1] / floors[round - 1]).toFixed(2)}`,
        );
      }
      // The median round: a compilation or collection that falls in one phase moves that round only.
      // Each figure is quoted only when its rounds agree within 10%; otherwise the bench says why not.
      const ratios = measured.map((m, i) => m / floors[i]);
      const verdicts = [
        { text: 'floor', verdict: judgeRounds('floor', floors), unit: ' instructions per request' },
        { text: name, verdict: judgeRounds(name, measured), unit: ' instructions per request' },
        {
          text: 'instructions per request, operation ÷ floor',
          verdict: judgeRounds(`${name} ÷ floor`, ratios),
          unit: '',
        },
      ];
      for (const { text, verdict, unit } of verdicts) {
        const figure = unit === '' ? verdict.median.toFixed(2) : String(Math.round(verdict.median));
        const spread = `spread ${(verdict.spread * 100).toFixed(1)}% over ${rounds} rounds`;
        console.log(
          verdict.quotable
            ? `${text}: ${figure}${unit} (median round; ${spread})`
            : `${text}: not quoted (median round ${figure}${unit}): ${verdict.why}`,
        );
      }
    } finally {
      server.disconnect();
      await new Promise((resolve) => server.once('exit', resolve));
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
