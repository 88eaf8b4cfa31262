/**
 * `npm run bench:web`: the CPU time a page of the web application costs to serve, per page. A
 * fresh SQLite database, one signed-in person, the site host's app on a loopback port; each page is
 * asked for `WEB_BENCH_REQUESTS` times (default 200) after a warm-up, and the process's CPU time
 * (user + system, server and client alike, so an upper bound of the render) is divided by the
 * requests. Target: 50 ms of CPU or less per page (docs/web.md).
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '../src/config/config';
import { WebLoginRepository } from '../src/db/repositories/web-login.repository';
import { accountApiServicesOf } from '../src/hosts/account-api-services';
import { createHostApp } from '../src/hosts/app-factory';
import { createWebServices } from '../src/hosts/web-services';
import { loadHostDocument } from '../src/http/host-document';
import { prepare } from '../src/server';

const requests = Number(process.env.WEB_BENCH_REQUESTS ?? 200);
/** Sign-in and sign-up are asked for as a visitor, the others signed in. */
const pages = [
  { path: '/login', signedIn: false },
  { path: '/signup', signedIn: false },
  { path: '/dashboard', signedIn: true },
  { path: '/settings/integrations', signedIn: true },
  { path: '/tools/tariff', signedIn: true },
  { path: '/tools/hts-search', signedIn: true },
  { path: '/developers/webhooks', signedIn: true },
  { path: '/developers/events', signedIn: true },
  { path: '/work/shipments', signedIn: true },
];

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradelane-bench-web-'));
  const config = { ...loadConfig({ ...process.env, DATABASE_URL: `sqlite:${path.join(dir, 'bench.sqlite')}` }) };
  const logger = pino({ level: 'silent' });
  const deps = await prepare({ ...config, logLevel: 'silent', runWorker: false }, logger);
  const app = createHostApp('site', deps);
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  // One person with a few keys, signed in as the pages would be.
  const people = createWebServices(deps, loadHostDocument('site')).people;
  const password = 'bench passphrase 1';
  const { account } = await people.signUp('bench@example.com', password);
  await new WebLoginRepository(deps.db.knex).markVerified(account.id, Date.now());
  for (let i = 0; i < 4; i++)
    await deps.access.accounts.createKey({ accountId: account.id, mode: 'live', expiring: false }, 'test', `key ${i}`);
  // Developers and the account's work with something to show: 3 endpoints, 30 test events, 30 shipments.
  await deps.access.accounts.changePlan('bench@example.com', 'business', 'bench', null);
  const scope = { accountId: account.id, livemode: false, plan: 'business' as const };
  for (let i = 0; i < 3; i++) {
    const endpoint = await deps.webhooks.endpoints.create(scope, {
      url: `https://93.184.215.14/hooks/${i}`,
      events: ['*'],
    });
    for (let j = 0; j < 10; j++) await deps.webhooks.endpoints.ping(scope, endpoint.id);
  }
  const { shipments } = accountApiServicesOf(deps);
  for (let i = 0; i < 30; i++)
    await shipments.create(scope, {
      reference: `PO-${1000 + i}`,
      mode: 'ocean_fcl',
      originLocode: 'CNNGB',
      destinationLocode: 'USLAX',
      eta: '2026-12-24',
      cargoLines: [],
    });
  const { token } = await people.signIn('bench@example.com', password, '127.0.0.1');
  const cookie = `tl_session=${token}`;

  console.log(`bench:web: ${requests} requests a page, CPU ms per request (server and client in one process)`);
  for (const page of pages) {
    const get = async () => {
      const headers: Record<string, string> = page.signedIn ? { cookie } : {};
      const res = await fetch(base + page.path, { headers, redirect: 'manual' });
      if (res.status !== 200) throw new Error(`${page.path}: ${res.status}`);
      await res.text();
    };
    for (let i = 0; i < 20; i++) await get();
    const started = process.cpuUsage();
    const wall = performance.now();
    for (let i = 0; i < requests; i++) await get();
    const used = process.cpuUsage(started);
    const cpuMs = (used.user + used.system) / 1000 / requests;
    const wallMs = (performance.now() - wall) / requests;
    console.log(
      `${page.path.padEnd(24)} cpu ${cpuMs.toFixed(2)} ms  wall ${wallMs.toFixed(2)} ms  ${cpuMs <= 50 ? 'ok' : 'OVER 50 ms'}`,
    );
  }
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await deps.loadPlanner.close();
  await deps.bulkFiles.close();
  await deps.tariff.searchPool.close();
  deps.webhooks.close();
  await deps.db.knex.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
}

void main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
