// TEMP dev tool (not committed): in-process injection (no sockets) of the op's mix into the host app and the floor app, alternating; CPU per request.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import { built } from './built';
import { benchOperations } from './operations';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const inject = require('/tmp/inject/node_modules/light-my-request');
const { loadConfig } = built<typeof import('../../src/config/config')>('config/config');
const { createLogger } = built<typeof import('../../src/logger')>('logger');
const { prepare } = built<typeof import('../../src/server')>('server');
const { createHostApp } = built<typeof import('../../src/hosts/app-factory')>('hosts/app-factory');
async function main() {
  const operation = benchOperations[process.argv[2] ?? 'calculate'];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tl-inject-'));
  const config = { ...loadConfig(process.env), databaseUrl: `sqlite:${path.join(dir, 'b.sqlite')}`, logLevel: 'silent' as const, validateResponses: false };
  const deps = await prepare(config, createLogger(config));
  const headers = operation.prepare ? await operation.prepare(deps) : {};
  const app = createHostApp(operation.host, deps);
  const bodies = (operation.mix ? operation.mix() : [operation.body]).map((b) => JSON.stringify(b));
  const first = await inject(app, { method: operation.method, url: operation.path, headers: { ...headers, 'content-type': 'application/json' }, payload: bodies[0] });
  const sample = JSON.parse(first.payload);
  const floor = express(); floor.use(express.json()); floor.post('/floor', (_q, r) => { r.json(sample); });
  await new Promise((r) => setTimeout(r, 3000)); // release in memory
  const run = async (target: unknown, url: string, h: Record<string, string>, n: number) => {
    const c0 = process.cpuUsage();
    for (let i = 0; i < n; i += 1) {
      const res = await inject(target, { method: operation.method, url, headers: { ...h, 'content-type': 'application/json' }, payload: bodies[(i * 7919) % bodies.length] });
      if (res.statusCode !== 200) throw new Error(`status ${res.statusCode} ${res.payload}`);
    }
    const c = process.cpuUsage(c0); return (c.user + c.system) / n;
  };
  await run(app, operation.path, headers, 3000); await run(floor, '/floor', {}, 3000);
  const rounds = Number(process.argv[3] ?? 5);
  for (let k = 0; k < rounds; k += 1) {
    let fs0 = 0; let os0 = 0;
    for (let j = 0; j < 40; j += 1) { fs0 += await run(floor, '/floor', {}, 100); os0 += await run(app, operation.path, headers, 100); }
    console.log(`floor ${(fs0 / 40).toFixed(0)} µs, op ${(os0 / 40).toFixed(0)} µs, ratio ${(os0 / fs0).toFixed(3)}`);
  }
  process.exit(0);
}
main();
