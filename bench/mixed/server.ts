/**
 * bench:mixed's server process: the three hosts of the build in dist/ on loopback ports, as
 * `npm start` runs them, over the database DATABASE_URL names (else a fresh SQLite file), with the
 * reference data the operations read and a business account (a second process on the same database
 * is given the first one's key in BENCH_MIXED_KEY). It measures its own event loop's delay
 * (perf_hooks.monitorEventLoopDelay) per phase, when the orchestrator asks over IPC.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import { benchDependencies, built } from '../http/built';

const { createHostApp } = built<typeof import('../../src/hosts/app-factory')>('hosts/app-factory');
const { createHostServer } = built<typeof import('../../src/http/host-server')>('http/host-server');
const { bootstrapParcelData } = built<typeof import('../../src/hosts/parcel-services')>('hosts/parcel-services');
const { bootstrapTariffData } = built<typeof import('../../src/hosts/tariff-services')>('hosts/tariff-services');

/** What the server tells the orchestrator once it listens. */
export interface MixedServerReady {
  ports: { main: number; tariff: number; site: number };
  /** A business account's live key: every operation of the mix is unlimited for it. */
  key: string;
}

async function businessKey(deps: Awaited<ReturnType<typeof benchDependencies>>): Promise<string> {
  const { account, key } = await deps.access.accounts.signUp(`bench-mixed-${Date.now()}@example.com`);
  await deps.access.accounts.changePlan(account.email, 'business', 'bench', null);
  return key.secret;
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradelane-bench-mixed-'));
  const deps = await benchDependencies(dir);
  await bootstrapTariffData(deps.tariff, deps.config, deps.clock, deps.logger, async () => undefined);
  await bootstrapParcelData(deps.parcel, deps.db, deps.config, deps.logger);
  // A second API process on the same database serves the first one's account.
  const key = process.env.BENCH_MIXED_KEY ?? (await businessKey(deps));

  const listen = async (host: 'main' | 'tariff' | 'site') => {
    const app = createHostApp(host, deps);
    const server = createHostServer([app], () => app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return (server.address() as AddressInfo).port;
  };
  const ready: MixedServerReady = {
    ports: { main: await listen('main'), tariff: await listen('tariff'), site: await listen('site') },
    key,
  };
  process.send?.(ready);

  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  // `--cpu-prof`: the main thread's V8 CPU profile of one phase (the mix), read by bench/mixed/long-tasks.ts.
  const profiler = new Session();
  let profileFile: string | null = null;
  process.on('message', (message: 'phase-start' | 'phase-end' | { profile: string }) => {
    if (typeof message === 'object') {
      profileFile = message.profile;
      profiler.connect();
      void profiler
        .post('Profiler.setSamplingInterval', { interval: 500 })
        .then(() => profiler.post('Profiler.enable'))
        .then(() => profiler.post('Profiler.start'))
        .then(() => process.send?.('profiling'));
    }
    if (message === 'phase-start') delay.reset();
    if (message === 'phase-end') {
      const figures = { eventLoopP99Ms: delay.percentile(99) / 1e6, eventLoopMaxMs: delay.max / 1e6 };
      const file = profileFile;
      profileFile = null;
      if (file === null) process.send?.(figures);
      else
        void profiler.post('Profiler.stop').then(({ profile }) => {
          fs.mkdirSync(path.dirname(file), { recursive: true });
          fs.writeFileSync(file, JSON.stringify(profile));
          process.send?.(figures);
        });
    }
  });
  // The orchestrator going away ends the run: the scratch files go with it.
  process.once('disconnect', () => process.exit(0));
  process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
}

void main().catch((error: unknown) => {
  console.error('bench:mixed server failed', error);
  process.exitCode = 1;
  process.disconnect?.();
});
