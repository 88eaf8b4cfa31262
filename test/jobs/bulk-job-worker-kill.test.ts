import { ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { setPlan, signUp } from '../support/accounts';
import { createTestApp, TestApp } from '../support/app';

jest.setTimeout(240_000);

let app: TestApp;
let key: string;
let emptyDataDir: string;
beforeAll(async () => {
  // The API side imports the HTS release and stores the duty rules; the worker process reads them from the database.
  app = await createTestApp({ withTariffData: ['hts_2026_revision_4_csv.csv'] });
  const account = await signUp(app);
  await setPlan(app, account.email, 'tariff_pro');
  key = account.key;
  emptyDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradelane-no-data-'));
}, 180_000);
afterAll(async () => {
  await app?.close();
  fs.rmSync(emptyDataDir, { recursive: true, force: true });
});

/** `npm run worker` as its own process (src/worker.ts under tsx), on the test database. */
function startWorkerProcess(): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, '../../src/worker.ts')], {
    env: {
      ...process.env,
      DATABASE_URL: app.db.url,
      DATA_DIR: emptyDataDir,
      JOB_POLL_INTERVAL_MS: '100',
      JOB_LOCK_LIFETIME_MS: '3000',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve()),
  );

async function until<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs: number,
  intervalMs = 20,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

const countries = ['CN', 'VN', 'MX', 'DE', 'IN', 'BR', 'KR', 'JP'];
const codes = ['6109.10.0012', '8471.30.0100', '9403.60.8081', '7208.10.1500', '8517.13.0000', '6403.99.9065'];

it('resumes a job whose worker was killed (SIGKILL) mid-job after its last committed chunk: every line exactly once', async () => {
  const total = 12_000;
  const lines = Array.from({ length: total }, (_, i) => ({
    reference: `L${i + 1}`,
    hts_code: codes[i % codes.length],
    country_code: countries[i % countries.length],
    value: 1000 + i,
    entry_date: '2026-04-01',
    mode: 'ocean',
  }));
  const created = await request(app.hosts.tariff)
    .post('/api/tariff/bulk-jobs')
    .set('X-API-Key', key)
    .send({ lines })
    .expect(202);
  const id: string = created.body.id;
  const job = () => app.db.knex('bulk_jobs').where({ id }).first();
  const results = async () =>
    Number((await app.db.knex('bulk_job_results').where({ job_id: id }).count({ n: '*' }))[0].n);

  const first = startWorkerProcess();
  const seen = await until(job, (row) => Number(row.lines_done) >= 1000, 120_000);
  first.kill('SIGKILL');
  await exited(first);
  const atKill = await job();
  // Killed mid-job: some chunks committed, not all; the committed results are exactly the progress recorded.
  expect(Number(seen.lines_done)).toBeGreaterThanOrEqual(1000);
  expect(Number(atKill.lines_done)).toBeLessThan(total);
  expect(atKill.status).toBe('running');
  expect(await results()).toBe(Number(atKill.lines_done));

  const second = startWorkerProcess();
  try {
    const finished = await until(job, (row) => row.status === 'succeeded' || row.status === 'failed', 180_000, 100);
    expect(finished).toMatchObject({ status: 'succeeded' });
    expect(Number(finished.lines_done)).toBe(total);
  } finally {
    second.kill('SIGTERM');
    await exited(second);
  }
  const [{ n, distinct, low, high }] = await app.db
    .knex('bulk_job_results')
    .where({ job_id: id })
    .count({ n: '*' })
    .countDistinct({ distinct: 'line_no' })
    .min({ low: 'line_no' })
    .max({ high: 'line_no' });
  expect([Number(n), Number(distinct), Number(low), Number(high)]).toEqual([total, total, 1, total]);
  // Each result belongs to its own input line.
  const sample = await request(app.hosts.tariff)
    .get(
      `/api/tariff/bulk-jobs/${id}/results?limit=1000&cursor=${Buffer.from(JSON.stringify({ line: Number(atKill.lines_done) - 500 })).toString('base64url')}`,
    )
    .set('X-API-Key', key)
    .expect(200);
  for (const line of sample.body.data) expect(line.input.reference).toBe(`L${line.line}`);
  expect(
    await app.db.knex('outbox_events').where({ type: 'bulk_job.completed', subject_id: id }).count({ n: '*' }),
  ).toEqual([{ n: 1 }]);
});
