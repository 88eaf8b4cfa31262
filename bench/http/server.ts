/**
 * The bench's server process: a bare Express JSON route, the operation's framework floor and the
 * named operation's host (from the build in dist/), each on its own loopback port, so the load
 * generator (the parent process) does not share their event loop.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { allocationSampler } from '../allocation-sampler';
import { benchDependencies, built } from './built';
import { benchOperations } from './operations';

const { createHostApp } = built<typeof import('../../src/hosts/app-factory')>('hosts/app-factory');
const { createHostServer } = built<typeof import('../../src/http/host-server')>('http/host-server');

async function main(): Promise<void> {
  const operation = benchOperations[process.argv[2]];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradelane-bench-'));
  const deps = await benchDependencies(dir);
  const headers = operation.prepare ? await operation.prepare(deps) : {};

  const bare = express();
  bare.get('/bare', (_req, res) => {
    res.json({ status: 'ok' });
  });
  // Every app is served as the service serves its hosts, so the floor pays what Express and HTTP cost
  // there; the stock floor is served by Node's own server, as `app.listen` does (the floor of the
  // figures taken before 2026-11-26's seventh session).
  const listen = (app: express.Express, server = createHostServer([app], () => app)) =>
    new Promise<number>((resolve) => {
      server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
    });
  const barePort = await listen(bare);
  const operationPort = await listen(createHostApp(operation.host, deps));

  // The framework floor: the same method, body parsing and response body (of the first body of a
  // mix) as the operation, and nothing else, so what the operation itself costs can be told from what Express and HTTP cost.
  const body = operation.mix ? operation.mix()[0] : operation.body;
  const sample = await fetch(`http://127.0.0.1:${operationPort}${operation.path}`, {
    method: operation.method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const sampleBody: unknown = await sample.json();
  const floorApp = () => {
    const floor = express();
    floor.use(express.json());
    floor[operation.method === 'GET' ? 'get' : 'post']('/floor', (_req, res) => {
      res.json(sampleBody);
    });
    return floor;
  };
  const floorPort = await listen(floorApp());
  const stockFloorApp = floorApp();
  const stockFloorPort = await listen(stockFloorApp, http.createServer(stockFloorApp));
  process.send?.({
    barePort,
    floorPort,
    stockFloorPort,
    operationPort,
    headers,
    sampleBytes: Buffer.byteLength(JSON.stringify(sampleBody)),
  });
  // CPU time is what the load generator asks for around each phase: unlike requests/s, it does not
  // depend on how busy the rest of the machine is.
  const allocation = allocationSampler(1024);
  process.on('message', (message) => {
    if (message === 'cpu-usage') process.send?.({ cpuUsage: process.cpuUsage() });
    if (message === 'allocation-start') void allocation.start().then(() => process.send?.({ started: true }));
    // 'allocation-stop' or 'allocation-stop:<file>', which also writes the phase's allocation profile.
    if (typeof message === 'string' && message.startsWith('allocation-stop')) {
      const profileFile = message.slice('allocation-stop:'.length) || undefined;
      void allocation.stop(profileFile).then((allocatedBytes) => process.send?.({ allocatedBytes }));
    }
  });
  process.on('disconnect', () => {
    fs.rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
