/**
 * `npm run bench:http [-- <operation>] [--duration <s>] [--connections <n>] [--rounds <n>] [--rate <n>] [--cpu-prof] [--heap-prof] [--alloc] [--alloc-prof] [--server-flags "<node flags>"]`
 * Builds the service (dist/, as `npm start` does), then loads in the same run, on loopback: a bare
 * Express JSON route, the framework floor of the operation (an Express route that parses the same
 * bodies and answers the operation's own response body, nothing else) and the operation itself.
 * Every app is served as the service serves its hosts (src/http/host-server.ts); the floor is also
 * loaded once on Node's own server (as `app.listen` serves it), for comparison with older figures.
 * Prints requests/s, p50/p99 latency and server CPU per request for each, then, as the last lines,
 * the operation's CPU per request and requests/s as ratios to the floor's, against their targets.
 * `--rate` offers every phase the same load (n requests a second over all connections) instead of as
 * many as the server answers, so per-request costs that shrink with throughput (several requests
 * per wake-up of the event loop) fall on the floor and the operation alike.
 * `--cpu-prof` / `--heap-prof` write the server process's V8 CPU or sampled heap profile to
 * var/profiles (open them in Chrome DevTools). `--alloc` also prints the bytes the server allocates
 * per request in each phase, garbage included: unlike CPU time, a figure a busy machine does not move
 * (the sampling profiler it runs costs CPU, so read the CPU figures of a run without it).
 * `--alloc-prof` does the same and writes each phase's allocation profile, garbage included, to
 * var/profiles/<phase>.heapprofile (which functions allocate what; Chrome DevTools opens it).
 * `--server-flags` passes Node/V8 flags to the server process (e.g. "--single-threaded-gc"), to
 * measure a runtime setting against the same code.
 */
import { ChildProcess, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import type { BenchOperation } from './http/operations';
import { forkBenchServer, median, numberOption } from './http/harness';

const valueOptions = ['--duration', '--connections', '--rounds', '--rate', '--server-flags'];
const positional = process.argv
  .slice(2)
  .filter((arg, i, all) => !arg.startsWith('--') && !valueOptions.includes(all[i - 1]));
const name = positional[0] ?? 'health';
const duration = numberOption('duration', 10);
const connections = numberOption('connections', 50);
const rounds = numberOption('rounds', 1);
const rate = numberOption('rate', 0);
const profileDir = path.join(__dirname, '..', 'var', 'profiles');
const profileAllocation = process.argv.includes('--alloc-prof');
const measureAllocation = profileAllocation || process.argv.includes('--alloc');
const serverFlags = process.argv.includes('--server-flags')
  ? process.argv[process.argv.indexOf('--server-flags') + 1].split(/\s+/).filter(Boolean)
  : [];
const profileArgs = ['cpu', 'heap'].flatMap((kind) =>
  process.argv.includes(`--${kind}-prof`) ? [`--${kind}-prof`, `--${kind}-prof-dir`, profileDir] : [],
);

interface Figures {
  rps: number;
  /** Server CPU time (user + system) per request, in microseconds. */
  cpuPerRequest: number;
  /** Bytes the server allocated per request (with --alloc). */
  allocatedPerRequest?: number;
  p50: number;
  p99: number;
  errors: number;
}

/** One load of one app: what the figures are made of, so loads of the same app can be added up. */
interface Load {
  requests: number;
  seconds: number;
  /** Server CPU time (user + system) in microseconds. */
  cpu: number;
  allocated?: number;
  p50: number;
  p99: number;
  errors: number;
}

/** Loads of one app added up: requests/s and CPU per request over all of them, the median p50 and the worst p99. */
function figuresOf(loads: Load[]): Figures {
  const requests = Math.max(
    1,
    loads.reduce((sum, l) => sum + l.requests, 0),
  );
  const allocated = loads.every((l) => l.allocated !== undefined)
    ? loads.reduce((sum, l) => sum + (l.allocated as number), 0)
    : undefined;
  return {
    rps: requests / loads.reduce((sum, l) => sum + l.seconds, 0),
    cpuPerRequest: loads.reduce((sum, l) => sum + l.cpu, 0) / requests,
    allocatedPerRequest: allocated === undefined ? undefined : allocated / requests,
    p50: median(loads.map((l) => l.p50)),
    p99: Math.max(...loads.map((l) => l.p99)),
    errors: loads.reduce((sum, l) => sum + l.errors, 0),
  };
}

/** Asks the server process one thing and waits for its answer. */
function ask<T>(server: ChildProcess, question: string): Promise<T> {
  return new Promise((resolve) => {
    server.once('message', (message) => resolve(message as T));
    server.send(question);
  });
}

async function serverCpu(server: ChildProcess): Promise<number> {
  const { user, system } = (await ask<{ cpuUsage: NodeJS.CpuUsage }>(server, 'cpu-usage')).cpuUsage;
  return user + system;
}

/** Loads one app for `seconds`: the operation's single body, or a body picked at random from its mix for each request. */
async function load(
  server: ChildProcess,
  phase: string,
  url: string,
  method: 'GET' | 'POST',
  headers: Record<string, string>,
  bodies: unknown[],
  seconds: number,
): Promise<Load> {
  const texts = bodies.map((body) => JSON.stringify(body));
  if (measureAllocation) await ask(server, 'allocation-start');
  const cpuBefore = await serverCpu(server);
  const result = await autocannon({
    url,
    method,
    connections,
    duration: seconds,
    ...(rate > 0 ? { overallRate: rate } : {}),
    headers: texts.length === 0 ? headers : { ...headers, 'content-type': 'application/json' },
    body: texts.length === 1 ? texts[0] : undefined,
    requests:
      texts.length > 1
        ? [{ setupRequest: (request) => ({ ...request, body: texts[Math.floor(Math.random() * texts.length)] }) }]
        : undefined,
  });
  const cpu = (await serverCpu(server)) - cpuBefore;
  const profileFile = profileAllocation ? `:${path.join(profileDir, `${phase}.heapprofile`)}` : '';
  const allocated = measureAllocation
    ? (await ask<{ allocatedBytes: number }>(server, `allocation-stop${profileFile}`)).allocatedBytes
    : undefined;
  return {
    requests: result.requests.total,
    seconds,
    cpu,
    allocated,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors,
  };
}

/** Server CPU per request over one call of each body, ten at a time, and the answers' mean size in bytes. */
async function firstCalls(
  server: ChildProcess,
  url: string,
  method: 'GET' | 'POST',
  headers: Record<string, string>,
  bodies: unknown[],
): Promise<{ cpu: number; answerBytes: number }> {
  const cpuBefore = await serverCpu(server);
  const queue = [...bodies];
  let answerBytes = 0;
  const worker = async () => {
    for (let body = queue.shift(); body !== undefined; body = queue.shift()) {
      const response = await fetch(url, {
        method,
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      answerBytes += (await response.arrayBuffer()).byteLength;
    }
  };
  await Promise.all(Array.from({ length: 10 }, worker));
  return { cpu: ((await serverCpu(server)) - cpuBefore) / bodies.length, answerBytes: answerBytes / bodies.length };
}

const print = (label: string, f: Figures) =>
  console.log(
    `${label.padEnd(28)} ${f.rps.toFixed(0).padStart(8)} req/s   p50 ${f.p50.toFixed(1).padStart(6)} ms   p99 ${f.p99.toFixed(1).padStart(6)} ms   server cpu ${f.cpuPerRequest.toFixed(0).padStart(5)} µs/req` +
      `${f.allocatedPerRequest === undefined ? '' : `   allocated ${(f.allocatedPerRequest / 1024).toFixed(1)} KB/req`}   non-2xx/errors ${f.errors}`,
  );

const ratioLine = (label: string, ratio: number, target: number | undefined, better: 'below' | 'above') =>
  console.log(
    `${label}: ${ratio.toFixed(2)}${target === undefined ? '' : ` (target ${better === 'below' ? '≤' : '≥'} ${target}: ${(better === 'below' ? ratio <= target : ratio >= target) ? 'met' : 'not met'})`}`,
  );

async function main(): Promise<void> {
  // The server runs the build `npm start` runs; build it from the current sources first (the
  // operations module loads parts of that build).
  execFileSync('npm', ['run', '--silent', 'build:ts'], { stdio: ['ignore', 'ignore', 'inherit'] });
  const { benchOperations } = (await import('./http/operations')) as {
    benchOperations: Record<string, BenchOperation>;
  };
  const operation = benchOperations[name];
  if (!operation) throw new Error(`unknown operation "${name}"; known: ${Object.keys(benchOperations).join(', ')}`);
  const bodies = operation.mix ? operation.mix() : operation.body === undefined ? [] : [operation.body];
  if (profileAllocation) fs.mkdirSync(profileDir, { recursive: true });
  const { server, ready: starting } = forkBenchServer(name, { nodeFlags: [...profileArgs, ...serverFlags] });
  const ready = await starting;
  try {
    const mixed = bodies.length > 1 ? `, ${bodies.length} different bodies` : '';
    const turns = rounds > 1 ? `, floor and operation in ${rounds} alternating rounds` : '';
    console.log(
      `bench:http ${name} (${operation.method} ${operation.path} on the ${operation.host} host${mixed}), ${connections} connections, ${duration} s each${turns}, loopback`,
    );
    const bare = figuresOf([
      await load(server, 'bare', `http://127.0.0.1:${ready.barePort}/bare`, 'GET', {}, [], duration),
    ]);
    print('bare express json route', bare);
    const floorUrl = `http://127.0.0.1:${ready.floorPort}/floor`;
    const url = `http://127.0.0.1:${ready.operationPort}${operation.path}`;
    if (bodies.length > 1) {
      // Each body once, before the load: what a request costs the first time (the operation's caches,
      // such as the HTS line lookups, filled from the database), then the load with them warm.
      const first = await firstCalls(server, url, operation.method, ready.headers, bodies);
      console.log(
        `${name}, first call of each body: ${first.cpu.toFixed(0)} µs/req server cpu (${bodies.length} calls, 10 at a time), answers of ${first.answerBytes.toFixed(0)} B on average`,
      );
    }
    // Both warmed up first (compiled code, caches), unmeasured; then the floor and the operation take
    // turns, a round each, so a neighbour's load on the machine falls on both alike; each round's
    // ratio shows the spread.
    const warmUp = Math.min(2, duration / rounds);
    await load(server, 'floor-warm-up', floorUrl, operation.method, {}, bodies, warmUp);
    await load(server, `${name}-warm-up`, url, operation.method, ready.headers, bodies, warmUp);
    const floorLoads: Load[] = [];
    const operationLoads: Load[] = [];
    for (let round = 1; round <= rounds; round += 1) {
      floorLoads.push(await load(server, `floor-${round}`, floorUrl, operation.method, {}, bodies, duration / rounds));
      operationLoads.push(
        await load(server, `${name}-${round}`, url, operation.method, ready.headers, bodies, duration / rounds),
      );
      if (rounds > 1) {
        const [f, o] = [figuresOf(floorLoads.slice(-1)), figuresOf(operationLoads.slice(-1))];
        console.log(
          `round ${round}: floor ${f.cpuPerRequest.toFixed(0)} µs/req, ${name} ${o.cpuPerRequest.toFixed(0)} µs/req, cpu ratio ${(o.cpuPerRequest / f.cpuPerRequest).toFixed(2)}`,
        );
      }
    }
    const floor = figuresOf(floorLoads);
    print(`floor (same bodies, ${ready.sampleBytes} B answer)`, floor);
    const measured = figuresOf(operationLoads);
    print(name, measured);
    if (measured.errors > 0) console.log(`warning: ${measured.errors} responses were not 2xx`);
    // For comparison with figures before 2026-11-26 (seventh session): the floor on Node's own
    // server, as `app.listen` serves it, one round's length after its own warm-up.
    const stockFloorUrl = `http://127.0.0.1:${ready.stockFloorPort}/floor`;
    await load(server, 'stock-floor-warm-up', stockFloorUrl, operation.method, {}, bodies, warmUp);
    const stockFloor = figuresOf([
      await load(server, 'stock-floor', stockFloorUrl, operation.method, {}, bodies, duration / rounds),
    ]);
    print("stock floor (Node's own server)", stockFloor);
    ratioLine(
      'cpu per request, operation ÷ stock floor (informational)',
      measured.cpuPerRequest / stockFloor.cpuPerRequest,
      undefined,
      'below',
    );
    console.log(`bare route ÷ floor, cpu per request: ${(bare.cpuPerRequest / floor.cpuPerRequest).toFixed(2)}`);
    ratioLine(
      'cpu per request, operation ÷ floor',
      measured.cpuPerRequest / floor.cpuPerRequest,
      operation.targets?.cpu,
      'below',
    );
    ratioLine('requests/s, operation ÷ floor', measured.rps / floor.rps, operation.targets?.throughput, 'above');
    if (measured.allocatedPerRequest !== undefined && floor.allocatedPerRequest !== undefined) {
      ratioLine(
        'allocated per request, operation ÷ floor',
        measured.allocatedPerRequest / floor.allocatedPerRequest,
        undefined,
        'below',
      );
    }
  } finally {
    server.disconnect();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
