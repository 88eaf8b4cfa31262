import { ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { projectRoot } from '../../src/config/paths';
import { idempotencyLeaseMs } from '../../src/http/request-budget';
import { createTestApp, TestApp } from '../support/app';
import { setPlan, signUp } from '../support/accounts';
import { createTestDatabase, TestDatabase } from '../support/database';
import { busyLoadPlan } from '../support/load-plan-bodies';

// An Idempotency-Key must not stick when the process serving its first request dies (kill -9) or
// is stopped (SIGTERM) while the request runs: real server processes on the test database.
let db: TestDatabase;
let app: TestApp;
let key: string;
const emptyDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradelane-nodata-'));

beforeAll(async () => {
  db = await createTestDatabase();
  app = await createTestApp({ db });
  const account = await signUp(app);
  await setPlan(app, account.email, 'business');
  key = account.key;
});
afterAll(async () => {
  await app.close();
  fs.rmSync(emptyDataDir, { recursive: true, force: true });
});

async function startServer(): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(projectRoot, 'test', 'support', 'serve.ts')], {
    env: {
      ...process.env,
      DATABASE_URL: db.url,
      DATA_DIR: emptyDataDir,
      LOG_LEVEL: 'silent',
      LOAD_PLANNER_THREADS: '1',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout?.once('data', (chunk: Buffer) => resolve(JSON.parse(chunk.toString()).main));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return { child, port };
}

/** Resolves once the first request's record is in progress in the database. */
async function recordInProgress(idempotencyKey: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const row = await db.knex('idempotency_records').where({ idempotency_key: idempotencyKey }).first();
    if (row?.state === 'in_progress') return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`no record in progress for ${idempotencyKey}`);
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
const plan = busyLoadPlan(1500);
const retry = (idempotencyKey: string) =>
  request(app.hosts.main)
    .post('/api/load-plans')
    .set('X-API-Key', key)
    .set('Idempotency-Key', idempotencyKey)
    .send(plan);

it('frees a key whose process was killed (kill -9) mid-request once the lease is over', async () => {
  const { child, port } = await startServer();
  const first = request(`http://127.0.0.1:${port}`)
    .post('/api/load-plans')
    .set('X-API-Key', key)
    .set('Idempotency-Key', 'killed')
    .send(plan)
    .then(
      (res) => res.status,
      () => 'cut',
    );
  await recordInProgress('killed');
  const gone = exited(child);
  child.kill('SIGKILL');
  await gone;
  expect(await first).toBe('cut');
  // Within the lease the request may still be running somewhere: 409.
  await retry('killed').expect(409);
  app.clock.set(new Date(Date.now() + idempotencyLeaseMs + 1000));
  const res = await retry('killed').expect(200);
  expect(res.headers['idempotency-replayed']).toBeUndefined();
  expect(res.body.containers.length).toBeGreaterThan(0);
}, 60_000);

it('finishes the request in flight on SIGTERM, keeps its answer, and exits cleanly', async () => {
  const { child, port } = await startServer();
  const first = request(`http://127.0.0.1:${port}`)
    .post('/api/load-plans')
    .set('X-API-Key', key)
    .set('Idempotency-Key', 'stopped')
    .send(plan);
  const answered = first.then((res) => res);
  await recordInProgress('stopped');
  const gone = exited(child);
  child.kill('SIGTERM');
  const res = await answered;
  expect(res.status).toBe(200);
  expect(await gone).toBe(0);
  const replay = await retry('stopped').expect(200);
  expect(replay.headers['idempotency-replayed']).toBe('true');
  expect(replay.body).toEqual(res.body);
}, 60_000);
