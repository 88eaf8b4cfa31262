/**
 * `npm run bench:mixed [-- --duration <s>] [--only <operation,...>] [--processes <n>]`
 * Mixed load on one API process (the build in dist/, as `npm start` runs it), on the database
 * DATABASE_URL names (a MySQL one: a scratch database on that server, dropped after) or a fresh
 * SQLite file. Each operation is loaded alone for `--duration` seconds (default 10), then all of them
 * together for as long; every load generator is a process of its own (bench/mixed/load.ts), so none
 * shares the server's event loop. Light operations (an account's shipment list and key list,
 * calculate, an HTS line lookup) are sent at a fixed rate, as clients do; heavy ones (AI search, a
 * parcel quote, a load plan) as fast as the server answers them, to keep it busy. Prints each
 * operation's p50/p99, worst request, throughput and failures alone and in the mix, the server's
 * event-loop delay p99 per phase (perf_hooks.monitorEventLoopDelay, measured in the server), and,
 * as the last lines, the mix ÷ alone ratios against the targets of issue 43.
 *
 * `--processes <n>` (MySQL only: the processes share its database) sends every phase through a
 * layer-4 balancer (bench/mixed/balancer.ts, a process of its own): the phases alone and the mix on
 * one API process behind it, then the mix again with n processes behind it, and prints each
 * operation's throughput and p99 with n processes ÷ with one.
 */
import { ChildProcess, execFileSync, fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import mysql from 'mysql2/promise';
import { numberOption } from './http/harness';
import type { LoadFigures, LoadOrder } from './mixed/load';
import type { MixedServerReady } from './mixed/server';
import type { Upstreams } from './mixed/balancer';
import { printLongTasks } from './mixed/long-tasks';
import { calculationMix } from './tariff-requests';
import { loadConfig } from '../src/config/config';

const durationS = numberOption('duration', 10);
const onlyIndex = process.argv.indexOf('--only');
const only = onlyIndex > 0 ? process.argv[onlyIndex + 1].split(',') : null;
const cpuProf = process.argv.includes('--cpu-prof');
/** Skips the phases alone (no ratios): a quicker run to profile the mix. */
const mixOnly = process.argv.includes('--mix-only');
const processCount = numberOption('processes', 1);
const profileFile = (dialect: string) => path.join(__dirname, '..', 'var', 'profiles', `mixed-${dialect}.cpuprofile`);

/** The issue's targets: a light operation's p99 in the mix at most 3× its p99 alone; the loop's delay; any request. */
const targets = { lightP99Ratio: 3, eventLoopP99Ms: 20, worstRequestMs: 2000 };

interface MixOperation {
  name: string;
  light: boolean;
  host: 'main' | 'tariff' | 'site';
  method: 'GET' | 'POST';
  path: string;
  connections: number;
  rate: number;
  bodies?: () => unknown[];
  paths?: () => string[];
  /** How the key is sent: the account API takes a Bearer credential, the public tools an X-API-Key. */
  bearer?: boolean;
}

const dataDir = loadConfig().dataDir as string;
const searchQueries = () =>
  fs
    .readFileSync(path.join(__dirname, 'data', 'hts-search', 'eval_dev.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .slice(0, 300)
    .map((line) => ({ query: (JSON.parse(line) as { description: string }).description.slice(0, 200) }));

const allOperations: MixOperation[] = [
  {
    name: 'shipment-list',
    light: true,
    host: 'site',
    method: 'GET',
    path: '/api/shipments?limit=20',
    connections: 2,
    rate: 10,
    bearer: true,
  },
  {
    name: 'key-list',
    light: true,
    host: 'site',
    method: 'GET',
    path: '/api/keys',
    connections: 2,
    rate: 10,
    bearer: true,
  },
  {
    name: 'calculate',
    light: true,
    host: 'tariff',
    method: 'POST',
    path: '/api/tariff/public/calculate',
    connections: 4,
    rate: 40,
    bodies: () => calculationMix(dataDir, 400),
  },
  {
    name: 'hts-lookup',
    light: true,
    host: 'tariff',
    method: 'GET',
    path: '/api/tariff/hts/6109100012',
    connections: 2,
    rate: 20,
    paths: () =>
      calculationMix(dataDir, 200).map((body) => `/api/tariff/hts/${(body as { hts_code: string }).hts_code}`),
  },
  {
    name: 'ai-search',
    light: false,
    host: 'tariff',
    method: 'POST',
    path: '/api/tariff/public/ai-search',
    connections: 8,
    rate: 0,
    bodies: searchQueries,
  },
  {
    name: 'parcel-quote',
    light: false,
    host: 'main',
    method: 'POST',
    path: '/api/parcel/quotes',
    connections: 8,
    rate: 0,
    bodies: () => [
      {
        origin: { postal_code: '85004' },
        destination: { postal_code: '60606' },
        parcels: [{ length: 12, width: 10, height: 8, length_unit: 'in', weight: 5, weight_unit: 'lb' }],
        residential: true,
        ship_date: '2026-11-23',
      },
    ],
  },
  {
    name: 'load-plan',
    light: false,
    host: 'main',
    method: 'POST',
    path: '/api/load-plans',
    connections: 2,
    rate: 0,
    bodies: () => [
      {
        length_unit: 'cm',
        weight_unit: 'kg',
        items: [
          { id: 'carton', length: 60, width: 40, height: 40, weight: 12, quantity: 80, stop: 2 },
          { id: 'crate', length: 120, width: 80, height: 90, weight: 150, quantity: 4, orientation: 'this_side_up' },
        ],
        container: { kind: 'standard', type: '20GP' },
        options: { time_budget_ms: 200 },
      },
    ],
  },
];
const operations = allOperations.filter((op) => only === null || only.includes(op.name));

interface Phase {
  figures: Map<string, LoadFigures>;
  eventLoopP99Ms: number;
  eventLoopMaxMs: number;
}

/** A scratch MySQL database on the server DATABASE_URL names, or null on SQLite. */
async function scratchMysql(): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const base = process.env.DATABASE_URL;
  if (!base?.startsWith('mysql://')) return null;
  const url = new URL(base);
  const name = `bench_mixed_${process.pid}`;
  const admin = await mysql.createConnection({
    host: url.hostname,
    port: Number(url.port || 3306),
    user: url.username,
    password: url.password,
  });
  await admin.query(`CREATE DATABASE ${name}`);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE ${name}`);
      await admin.end();
    },
  };
}

/** 20 shipments of two booked containers each: the list's page is a full one with tracking to read. */
async function seedShipments(ready: MixedServerReady): Promise<void> {
  const site = `http://127.0.0.1:${ready.ports.site}`;
  const call = async (p: string, body: object) => {
    await new Promise((resolve) => setTimeout(resolve, 60)); // the account API's 25 calls a second
    const res = await fetch(site + p, {
      method: 'POST',
      headers: { authorization: `Bearer ${ready.key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { id: string };
  };
  const checkDigit = (owner: string, serial: string) => {
    // ISO 6346: letters count 10.. skipping multiples of 11, each position doubled, mod 11 mod 10.
    const values = [...owner].map((c) => {
      let v = 10;
      for (let code = 65; code < c.charCodeAt(0); code++) if (++v % 11 === 0) v++;
      return v;
    });
    const digits = [...values, ...[...serial].map(Number)];
    return String((digits.reduce((sum, d, i) => sum + d * 2 ** i, 0) % 11) % 10);
  };
  for (let i = 0; i < 20; i++) {
    const containers = [0, 1].map((k) => {
      const serial = String(300000 + i * 2 + k);
      return { number: `MSKU${serial}${checkDigit('MSKU', serial)}` };
    });
    const shipment = await call('/api/shipments', { mode: 'ocean_fcl', reference: `PO-${i}`, containers });
    await call(`/api/shipments/${shipment.id}/book`, {});
  }
}

function startServer(
  databaseUrl: string | undefined,
  key?: string,
): { server: ChildProcess; ready: Promise<MixedServerReady> } {
  const server = fork(path.join(__dirname, 'mixed', 'server.ts'), [], {
    env: {
      ...process.env,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...(key ? { BENCH_MIXED_KEY: key } : {}),
    },
    execArgv: ['--import', 'tsx'],
    stdio: 'inherit',
  });
  const ready = new Promise<MixedServerReady>((resolve, reject) => {
    server.once('message', (message) => resolve(message as MixedServerReady));
    server.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return { server, ready };
}

const nextMessage = <T>(child: ChildProcess) =>
  new Promise<T>((resolve) => child.once('message', (m) => resolve(m as T)));

/** The API processes under load, and the address (their own, or the balancer's) the load is sent to. */
interface Target {
  servers: ChildProcess[];
  ready: MixedServerReady;
}

async function runPhase({ servers, ready }: Target, ops: MixOperation[], seconds = durationS): Promise<Phase> {
  for (const server of servers) server.send('phase-start');
  const results = await Promise.all(
    ops.map(async (op) => {
      const generator = fork(path.join(__dirname, 'mixed', 'load.ts'), [], {
        execArgv: ['--import', 'tsx'],
        stdio: 'inherit',
      });
      const order: LoadOrder = {
        url: `http://127.0.0.1:${ready.ports[op.host]}${op.path}`,
        method: op.method,
        headers: op.bearer ? { authorization: `Bearer ${ready.key}` } : { 'x-api-key': ready.key },
        bodies: op.bodies?.() ?? [],
        paths: op.paths?.() ?? [],
        connections: op.connections,
        rate: op.rate,
        durationS: seconds,
      };
      generator.send(order);
      return [op.name, await nextMessage<LoadFigures>(generator)] as const;
    }),
  );
  // With several processes, the worst process's loop.
  const loops = await Promise.all(
    servers.map((server) => {
      const loop = nextMessage<{ eventLoopP99Ms: number; eventLoopMaxMs: number }>(server);
      server.send('phase-end');
      return loop;
    }),
  );
  return {
    figures: new Map(results),
    eventLoopP99Ms: Math.max(...loops.map((l) => l.eventLoopP99Ms)),
    eventLoopMaxMs: Math.max(...loops.map((l) => l.eventLoopMaxMs)),
  };
}

/** The balancer process, given the first process's ports; resolves with its own. */
async function startBalancer(
  first: MixedServerReady,
): Promise<{ balancer: ChildProcess; ports: MixedServerReady['ports'] }> {
  const balancer = fork(path.join(__dirname, 'mixed', 'balancer.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: 'inherit',
  });
  const ports = nextMessage<MixedServerReady['ports']>(balancer);
  balancer.send([first.ports] satisfies Upstreams);
  return { balancer, ports: await ports };
}

const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;
const row = (name: string, f: LoadFigures) =>
  `  ${name.padEnd(14)} p50 ${ms(f.p50).padStart(8)}  p99 ${ms(f.p99).padStart(8)}  worst ${ms(f.max).padStart(8)}  ${f.rps.toFixed(1).padStart(7)} req/s  failures ${f.failures}${f.failures > 0 ? ` ${JSON.stringify(f.statuses)}` : ''}`;

/** The last lines: each operation's mix ÷ alone, the loop's delay and the worst request, against the targets. */
function printRatios(alone: Map<string, LoadFigures>, mix: Phase, heading: string): void {
  console.log(`${heading} (mix ÷ alone; light operations' p99 target ≤ ${targets.lightP99Ratio}×):`);
  let worst = 0;
  let held = true;
  for (const op of operations) {
    const a = alone.get(op.name) as LoadFigures;
    const m = mix.figures.get(op.name) as LoadFigures;
    if (m.requests === 0) {
      // Nothing answered within the phase: every request took longer than it.
      worst = Math.max(worst, durationS * 1000);
      held = false;
      console.log(`  ${op.name.padEnd(14)} no request answered within the ${durationS} s of the mix  MISSED`);
      continue;
    }
    worst = Math.max(worst, m.max);
    const p99Ratio = m.p99 / Math.max(a.p99, 1);
    const ok = !op.light || p99Ratio <= targets.lightP99Ratio;
    held &&= ok && m.failures === 0;
    console.log(
      `  ${op.name.padEnd(14)} p50 ×${(m.p50 / Math.max(a.p50, 1)).toFixed(2)}  p99 ×${p99Ratio.toFixed(2)}  throughput ×${(m.rps / a.rps).toFixed(2)}${op.light ? (ok ? '  ok' : '  MISSED') : ''}${m.failures > 0 ? `  ${m.failures} failures` : ''}`,
    );
  }
  const loopOk = mix.eventLoopP99Ms <= targets.eventLoopP99Ms;
  const worstOk = worst <= targets.worstRequestMs;
  console.log(
    `  event loop p99 in the mix ${ms(mix.eventLoopP99Ms)} (target ≤ ${targets.eventLoopP99Ms} ms)${loopOk ? '  ok' : '  MISSED'}`,
  );
  console.log(
    `  worst request in the mix ${worst >= durationS * 1000 ? `over ${durationS} s` : ms(worst)} (target ≤ ${targets.worstRequestMs} ms)${worstOk ? '  ok' : '  MISSED'}`,
  );
  console.log(`  targets ${held && loopOk && worstOk ? 'held' : 'missed'} (${heading})`);
}

const printMix = (mix: Phase, heading: string) => {
  console.log(`${heading} (event loop p99 ${ms(mix.eventLoopP99Ms)}, longest ${ms(mix.eventLoopMaxMs)}):`);
  for (const op of operations) console.log(row(op.name, mix.figures.get(op.name) as LoadFigures));
};

/**
 * `--processes <n>`: n − 1 more API processes on the same database join the first behind the
 * balancer, and the mix runs again: each operation's throughput and p99 with n processes ÷ with one.
 */
async function scaleOut(
  first: Target,
  balancer: ChildProcess,
  databaseUrl: string,
  children: ChildProcess[],
  alone: Map<string, LoadFigures>,
  mixOnOne: Phase,
): Promise<void> {
  const more = Array.from({ length: processCount - 1 }, () => startServer(databaseUrl, first.ready.key));
  children.push(...more.map((m) => m.server));
  const readies = await Promise.all(more.map((m) => m.ready));
  const upstreamsSet = nextMessage(balancer);
  balancer.send([first.ready, ...readies].map((r) => r.ports) satisfies Upstreams);
  await upstreamsSet;
  const target: Target = { servers: [...first.servers, ...more.map((m) => m.server)], ready: first.ready };
  // A new process loads the release and builds its search threads' index: warm it as long as a phase.
  await runPhase(target, operations, Math.max(durationS, 10));
  const mix = await runPhase(target, operations);
  printMix(mix, `all together, ${processCount} API processes behind the balancer`);
  console.log(`${processCount} processes ÷ one, the same mix behind the same balancer:`);
  for (const op of operations) {
    const one = mixOnOne.figures.get(op.name) as LoadFigures;
    const many = mix.figures.get(op.name) as LoadFigures;
    console.log(
      `  ${op.name.padEnd(14)} throughput ×${(many.rps / Math.max(one.rps, 0.1)).toFixed(2)}  p99 ×${(many.p99 / Math.max(one.p99, 1)).toFixed(2)}`,
    );
  }
  if (!mixOnly) printRatios(alone, mix, `ratios on mysql, ${processCount} processes`);
}

async function main(): Promise<void> {
  execFileSync('npm', ['run', '--silent', 'build:ts'], { stdio: ['ignore', 'ignore', 'inherit'] });
  const scratch = await scratchMysql();
  const dialect = scratch ? 'mysql' : 'sqlite';
  if (processCount > 1 && !scratch)
    throw new Error('--processes needs a MySQL DATABASE_URL: the processes share its database');
  const first = startServer(scratch?.url);
  const children = [first.server];
  try {
    const firstReady = await first.ready;
    await seedShipments(firstReady);
    let target: Target = { servers: [first.server], ready: firstReady };
    let balancer: ChildProcess | null = null;
    if (processCount > 1) {
      const started = await startBalancer(firstReady);
      balancer = started.balancer;
      children.push(balancer);
      target = { servers: [first.server], ready: { ...firstReady, ports: started.ports } };
    }
    // One request of each first: the search threads build their index, the code is compiled.
    await runPhase(target, operations, 3);
    console.log(
      `bench:mixed on ${dialect}, ${durationS} s a phase, one API process${balancer ? ' behind the balancer' : ''}`,
    );
    const alone = new Map<string, LoadFigures>();
    for (const op of mixOnly ? [] : operations) {
      const phase = await runPhase(target, [op]);
      const figures = phase.figures.get(op.name) as LoadFigures;
      alone.set(op.name, figures);
      console.log(`${row(op.name, figures)}  (alone; event loop p99 ${ms(phase.eventLoopP99Ms)})`);
    }
    if (cpuProf) {
      first.server.send({ profile: profileFile(dialect) });
      await nextMessage(first.server);
    }
    const mix = await runPhase(target, operations);
    printMix(mix, 'all together');
    if (cpuProf) printLongTasks(profileFile(dialect));
    if (!mixOnly) printRatios(alone, mix, `ratios on ${dialect}`);
    if (balancer && scratch) await scaleOut(target, balancer, scratch.url, children, alone, mix);
  } finally {
    for (const child of children) {
      child.disconnect();
      await new Promise((resolve) => child.once('exit', resolve));
    }
    await scratch?.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
