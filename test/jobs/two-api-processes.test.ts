import { ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { agendaJobQueue, type QueuedJob } from '../../src/jobs/job-queue';
import { retentionJobName } from '../../src/jobs/retention.job';
import { createScheduler } from '../../src/jobs/scheduler';
import { createTestDatabase, TestDatabase, testDialect } from '../support/database';
import { htsDataFolder } from '../support/hts-fixtures';

jest.setTimeout(120_000);

/** `npm start` as a process of its own (src/main.ts under tsx) on the shared test database, on free ports. */
interface ApiProcess {
  child: ChildProcess;
  mainUrl: string;
  tariffUrl: string;
}

/** Successful runs of a job in one process, from its /metrics (open to loopback). */
async function successfulRuns(api: ApiProcess, job: string): Promise<number> {
  const text = await (await fetch(`${api.mainUrl}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`tradelane_job_runs_total{job="${job}",outcome="success"}`));
  return line ? Number(line.split(' ').pop()) : 0;
}

async function until(done: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
}

let db: TestDatabase;
let emptyDataDir: string;
const processes: ApiProcess[] = [];

function startApiProcess(name: string, dataDir = emptyDataDir): Promise<ApiProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, '../../src/main.ts')], {
    env: {
      ...process.env,
      DATABASE_URL: db.url,
      DATA_DIR: dataDir,
      PORT_MAIN: '0',
      PORT_TARIFF: '0',
      PORT_SITE: '0',
      TRUST_PROXY: 'true',
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'info',
      JOB_POLL_INTERVAL_MS: '100',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code} before serving`)));
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      const record = JSON.parse(line) as { msg?: string; ports?: { main: number; tariff: number } };
      if (record.msg === 'tradelane serving' && record.ports)
        resolve({
          child,
          mainUrl: `http://127.0.0.1:${record.ports.main}`,
          tariffUrl: `http://127.0.0.1:${record.ports.tariff}`,
        });
    });
  });
}

beforeAll(async () => {
  db = await createTestDatabase();
  emptyDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradelane-no-data-'));
  processes.push(...(await Promise.all([startApiProcess('api-a'), startApiProcess('api-b')])));
}, 120_000);
afterAll(async () => {
  await Promise.all(
    processes.map(
      ({ child }) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
  await db?.destroy();
  fs.rmSync(emptyDataDir, { recursive: true, force: true });
});

describe(`two API processes on one ${testDialect} database`, () => {
  it('keep a daily quota exact: 50 sign-ups at once from one client, spread over both, give 5 accounts and 45 × 429', async () => {
    const ip = '198.51.100.77';
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        fetch(`${processes[i % 2].mainUrl}/api/signup`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
          body: JSON.stringify({ email: `two-processes-${i}@example.com` }),
        }).then((res) => ({ status: res.status, via: i % 2 })),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(45);
    // Both processes answered some of the 429s: the count is the database's, not one process's.
    expect(new Set(answers.filter((a) => a.status === 429).map((a) => a.via))).toEqual(new Set([0, 1]));
    const accounts = await db.knex('accounts').where('email', 'like', 'two-processes-%').count({ n: '*' });
    expect(Number(accounts[0].n)).toBe(5);
  });

  it("run each queued job once between them (Agenda's lock), whichever process polls first", async () => {
    // The daily pruning (one row for both processes) runs at the first start: done before counting.
    const runs = async () =>
      (await Promise.all(processes.map((api) => successfulRuns(api, retentionJobName)))).reduce((a, b) => a + b, 0);
    const daily = () => db.knex('agenda_jobs').where({ name: retentionJobName, type: 'single' }).first();
    await until(async () => (await daily())?.last_finished_at != null, 20_000);
    const before = await runs();
    const queue = agendaJobQueue(() =>
      createScheduler({ db, workerName: 'two-processes-test', pollIntervalMs: 100, lockLifetimeMs: 10_000 }),
    );
    const queued: QueuedJob[] = [];
    for (let i = 0; i < 10; i++) queued.push(await queue.runNow(retentionJobName, { probe: i }));
    const finished = () =>
      db
        .knex('agenda_jobs')
        .whereIn(
          'id',
          queued.map((job) => job.id),
        )
        .whereNotNull('last_finished_at')
        .count({ n: '*' });
    await until(async () => Number((await finished())[0].n) === 10, 30_000);
    expect(Number((await finished())[0].n)).toBe(10);
    // Settle: a second run of any job would show within a few polls.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await runs()) - before).toBe(10);
    const failed = await db
      .knex('agenda_jobs')
      .whereIn(
        'id',
        queued.map((job) => job.id),
      )
      .where('fail_count', '>', 0)
      .count({ n: '*' });
    expect(Number(failed[0].n)).toBe(0);
  });

  // After the job count: the third process's worker would take a share of the jobs counted above.
  it('serve the lines of an HTS release a third process imported at its start, each process reading it from the database', async () => {
    const releases = () => db.knex('hts_releases').count({ n: '*' });
    expect(Number((await releases())[0].n)).toBe(0);
    processes.push(await startApiProcess('api-c', htsDataFolder(['hts_2026_revision_4_csv.csv'])));
    const [a, b] = processes;
    const lookUp = (api: ApiProcess) => fetch(`${api.tariffUrl}/api/tariff/hts/8471.30.01.00`);
    // The third process imports while it serves; the others find the release on their next lookup.
    await until(async () => (await lookUp(a)).status === 200 && (await lookUp(b)).status === 200, 60_000);
    for (const api of [a, b]) {
      const answer = await lookUp(api);
      expect(answer.status).toBe(200);
      const body = (await answer.json()) as { hts_code: string; release: { title: string } };
      expect(body.hts_code).toBe('8471.30.0100');
      expect(body.release.title).toBe('2026 Revision 4');
    }
    expect(Number((await releases())[0].n)).toBe(1);
  });

  // Last: it kills one of the processes.
  it('lose no request the survivor can serve when one is killed (SIGKILL) mid-load: what the dead one cannot answer is answered by the other', async () => {
    const [a, b] = processes;
    // As a load balancer does: a connection the dead process refuses or drops goes to the other.
    const lookUp = async (i: number): Promise<{ status: number; via: string }> => {
      const headers = { 'x-forwarded-for': `198.51.100.${i % 200}` };
      const path = '/api/tariff/hts/8471.30.01.00';
      try {
        return {
          status: (await fetch(`${(i % 2 ? b : a).tariffUrl}${path}`, { headers })).status,
          via: i % 2 ? 'b' : 'a',
        };
      } catch {
        return { status: (await fetch(`${b.tariffUrl}${path}`, { headers })).status, via: 'b after a failed' };
      }
    };
    const answers: Promise<{ status: number; via: string }>[] = [];
    for (let i = 0; i < 200; i++) {
      answers.push(lookUp(i));
      if (i === 100) a.child.kill('SIGKILL');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const settled = await Promise.all(answers);
    expect(settled.filter((answer) => answer.status !== 200)).toEqual([]);
    // The kill was real: requests after it that went to the dead process were answered by the other.
    expect(settled.some((answer) => answer.via === 'b after a failed')).toBe(true);
    if (a.child.exitCode === null && a.child.signalCode === null)
      await new Promise((resolve) => a.child.once('exit', resolve));
    expect(a.child.signalCode).toBe('SIGKILL');
  });
});
