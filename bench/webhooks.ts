import { ChildProcess, fork } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { loadWebhookConfig } from '../src/config/webhook-config';
import { openDatabase } from '../src/db/knex';
import { migrateToLatest } from '../src/db/migrate';
import { OutboxEventRepository } from '../src/db/repositories/outbox-event.repository';
import { systemClock } from '../src/domain/shared/clock';
import { newOutboxEvent } from '../src/domain/shared/outbox-event';
import { createWebhookServices } from '../src/hosts/webhook-services';

// npm run bench:webhooks [-- --events 3000] — webhook deliveries per second to a local receiver with
// 1 and 2 worker processes, and the lag from an event's creation to its arrival at the receiver
// (p50/p99): for a burst (every event written at once) and at a steady rate below capacity.
// SQLite (a temporary file) unless DATABASE_URL names a MySQL database.

const argument = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? Number(process.argv[index + 1]) : fallback;
};
const burstSize = argument('events', 3000);
const steadyRate = argument('rate', 100);
const steadySeconds = argument('seconds', 5);

function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** The receiver: answers 200 at once and notes when each event (webhook-id) first arrived. */
async function startReceiver() {
  const arrivals = new Map<string, number>();
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const id = String(req.headers['webhook-id']);
      if (!arrivals.has(id)) arrivals.set(id, Date.now());
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { arrivals, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

async function startWorkers(count: number, databaseUrl: string): Promise<ChildProcess[]> {
  const env = { ...process.env, DATABASE_URL: databaseUrl, WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' };
  const workers = Array.from({ length: count }, () =>
    fork(path.join(__dirname, 'webhooks', 'worker.ts'), { env, execArgv: ['--import', 'tsx'] }),
  );
  await Promise.all(workers.map((worker) => new Promise((resolve) => worker.once('message', resolve))));
  return workers;
}

async function stopWorkers(workers: ChildProcess[]) {
  await Promise.all(
    workers.map(
      (worker) =>
        new Promise((resolve) => {
          worker.once('exit', resolve);
          worker.kill('SIGTERM');
        }),
    ),
  );
}

async function waitFor(arrivals: Map<string, number>, ids: string[], timeoutMs = 300_000) {
  const deadline = Date.now() + timeoutMs;
  while (ids.some((id) => !arrivals.has(id))) {
    if (Date.now() > deadline)
      throw new Error(`${ids.filter((id) => !arrivals.has(id)).length} events not delivered in time`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const lagLine = (lags: number[]) => `lag p50 ${percentile(lags, 50)} ms, p99 ${percentile(lags, 99)} ms`;

async function main() {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tradelane-bench-webhooks-'));
  const databaseUrl = process.env.DATABASE_URL ?? `sqlite:${path.join(scratch, 'bench.sqlite')}`;
  const db = openDatabase(databaseUrl);
  await migrateToLatest(db);
  const receiver = await startReceiver();
  const webhooks = createWebhookServices(
    db.knex,
    { ...loadWebhookConfig(), allowPrivateTargets: true },
    systemClock,
    pino({ level: 'warn' }),
  );
  const outbox = new OutboxEventRepository(db.knex);
  const config = loadWebhookConfig();
  console.log(
    `webhook delivery on ${db.dialect}: concurrency ${config.concurrency} per worker, ${os.availableParallelism()} cores, loadavg ${os.loadavg()[0].toFixed(2)}`,
  );
  try {
    for (const workerCount of [1, 2]) {
      const owner = { accountId: `acct_bench_${workerCount}`, livemode: true };
      await webhooks.endpoints.create(owner, { url: `${receiver.url}/hooks`, events: ['*'] });
      const workers = await startWorkers(workerCount, databaseUrl);
      try {
        // Burst: every event written at once (in outbox-sized transactions), delivered as fast as the workers go.
        const burst = Array.from({ length: burstSize }, (_, i) =>
          newOutboxEvent(
            'container.updated',
            { ...owner, data: { object: { id: `cnt_${i}`, object: 'container' } } },
            Date.now(),
          ),
        );
        const started = Date.now();
        for (let i = 0; i < burst.length; i += 500) await outbox.append(burst.slice(i, i + 500));
        await waitFor(
          receiver.arrivals,
          burst.map((e) => e.id),
        );
        const last = Math.max(...burst.map((e) => receiver.arrivals.get(e.id) as number));
        const rate = burst.length / ((last - started) / 1000);
        console.log(
          `${workerCount} worker(s), burst of ${burst.length}: ${rate.toFixed(0)} deliveries/s; ${lagLine(burst.map((e) => (receiver.arrivals.get(e.id) as number) - e.createdAt))}`,
        );

        // Steady: events written one by one at a rate the workers keep up with.
        const steady = [];
        const interval = 1000 / steadyRate;
        const steadyStart = Date.now();
        for (let i = 0; i < steadyRate * steadySeconds; i++) {
          const due = steadyStart + i * interval;
          if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
          const event = newOutboxEvent(
            'container.updated',
            { ...owner, data: { object: { id: `cnt_s${i}`, object: 'container' } } },
            Date.now(),
          );
          await outbox.append([event]);
          steady.push(event);
        }
        await waitFor(
          receiver.arrivals,
          steady.map((e) => e.id),
        );
        console.log(
          `${workerCount} worker(s), steady ${steadyRate} events/s for ${steadySeconds} s: ${lagLine(steady.map((e) => (receiver.arrivals.get(e.id) as number) - e.createdAt))}`,
        );
      } finally {
        await stopWorkers(workers);
      }
    }
  } finally {
    webhooks.close();
    receiver.close();
    await db.knex.destroy();
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
