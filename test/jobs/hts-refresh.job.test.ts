import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Agenda } from 'agenda';
import { createTestDatabase, TestDatabase } from '../support/database';
import type { ImportStep } from '../../src/domain/shared/import-progress';
import { htsFixtureDir, htsImportDeps } from '../support/hts-fixtures';
import { defineHtsRefreshJob, htsRefreshJobName, JobLogger } from '../../src/jobs/hts-refresh.job';
import { DirectoryHtsSource } from '../../src/reference/hts/directory-hts-source';
import { defineHtsBackfillJob, htsBackfillJobName } from '../../src/jobs/hts-backfill.job';
import { clearHtsTables } from '../support/hts-fixtures';

/**
 * The knex Agenda backend is built elsewhere; until it lands, the definition is checked against a
 * stand-in that records the two Agenda calls it makes (define, every) and runs the processor.
 */
class RecordingAgenda {
  definitions = new Map<string, { processor: (job?: unknown) => Promise<void>; options: Record<string, unknown> }>();
  schedules: Array<[string, string]> = [];
  define(name: string, processor: (job?: unknown) => Promise<void>, options: Record<string, unknown>) {
    this.definitions.set(name, { processor, options });
  }
  async every(interval: string, name: string) {
    this.schedules.push([interval, name]);
  }
}

let db: TestDatabase;
let dir: string;
const logged: Array<[string, object, string]> = [];
const logger: JobLogger = {
  info: (details, message) => logged.push(['info', details, message]),
  warn: (details, message) => logged.push(['warn', details, message]),
};

beforeAll(async () => {
  db = await createTestDatabase();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hts-job-'));
});
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  await db.destroy();
});

describe('the daily HTS refresh job', () => {
  it('is defined once a day, one run at a time, with backoff for retries', async () => {
    const agenda = new RecordingAgenda();
    await defineHtsRefreshJob(agenda as unknown as Agenda, {
      ...htsImportDeps(db),
      source: new DirectoryHtsSource(dir),
      logger,
      lockLifetimeMs: 600_000,
    });
    expect(agenda.schedules).toEqual([['1 day', htsRefreshJobName]]);
    const { options } = agenda.definitions.get(htsRefreshJobName) as unknown as {
      options: { concurrency: number; lockLifetime: number; backoff: (context: object) => number | null };
    };
    expect(options.concurrency).toBe(1);
    expect(options.lockLifetime).toBe(600_000);
    const delay = (attempt: number) =>
      options.backoff({ attempt, error: new Error('x'), jobName: htsRefreshJobName, jobData: undefined });
    expect([1, 2, 3, 4, 5, 6].map(delay)).toEqual([300_000, 600_000, 1_200_000, 2_400_000, 4_800_000, null]);
  });

  it('fails the run (so Agenda retries) when the source is unavailable, and logs what it imported otherwise', async () => {
    const agenda = new RecordingAgenda();
    const missing = new DirectoryHtsSource(path.join(dir, 'missing'));
    await defineHtsRefreshJob(agenda as unknown as Agenda, {
      ...htsImportDeps(db),
      source: missing,
      logger,
      lockLifetimeMs: 600_000,
    });
    await expect(agenda.definitions.get(htsRefreshJobName)?.processor()).rejects.toThrow(
      /^HTS refresh incomplete, will retry: cannot read .*missing/,
    );

    fs.copyFileSync(path.join(htsFixtureDir, 'schedule-v1.csv'), path.join(dir, 'hts_2030_revision_1_csv.csv'));
    const working = new RecordingAgenda();
    await defineHtsRefreshJob(working as unknown as Agenda, {
      ...htsImportDeps(db),
      source: new DirectoryHtsSource(dir),
      logger,
      lockLifetimeMs: 600_000,
    });
    await working.definitions.get(htsRefreshJobName)?.processor();
    expect(logged).toEqual([
      [
        'info',
        { imported: [{ release: 'htsr_2030_rev_1', changes: null, eventsWritten: 0 }], rejected: [], retry: null },
        'HTS releases imported',
      ],
    ]);
  });
});

describe('the HTS backfill job', () => {
  it('imports the older releases of the directory newest first, reporting each file, and renews its lock', async () => {
    await clearHtsTables(db);
    logged.length = 0;
    const backfillDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hts-backfill-'));
    fs.copyFileSync(path.join(htsFixtureDir, 'schedule-v1.csv'), path.join(backfillDir, 'hts_2030_revision_1_csv.csv'));
    fs.copyFileSync(path.join(htsFixtureDir, 'schedule-v2.csv'), path.join(backfillDir, 'hts_2030_revision_2_csv.csv'));
    fs.copyFileSync(
      path.join(htsFixtureDir, 'schedule-v1.json'),
      path.join(backfillDir, 'hts_2030_revision_3_json.json'),
    );
    const agenda = new RecordingAgenda();
    const steps: ImportStep[] = [];
    const progress = (step: ImportStep) => void steps.push(step);
    defineHtsBackfillJob(agenda as unknown as Agenda, {
      ...htsImportDeps(db),
      source: new DirectoryHtsSource(backfillDir),
      progress,
      logger,
      lockLifetimeMs: 600_000,
    });
    let touches = 0;
    await agenda.definitions.get(htsBackfillJobName)?.processor({ touch: async () => void touches++ });
    fs.rmSync(backfillDir, { recursive: true, force: true });
    // Each file goes to the import progress report (the server's logs it, n of N with rows per second).
    expect(steps.map(({ done, total, item, outcome }) => `${done}/${total} ${item} ${outcome}`)).toEqual([
      '1/3 2030 Revision 3 imported',
      '2/3 2030 Revision 2 imported',
      '3/3 2030 Revision 1 imported',
    ]);
    expect(steps[0]).toMatchObject({ dataset: 'hts', rows: 19, elapsedMs: expect.any(Number) });
    expect(logged.map(([level, , message]) => [level, message])).toEqual([['info', 'HTS backfill done']]);
    expect(touches).toBe(3);
  });

  it('pauses at stop without failing: the next start goes on where it stopped', async () => {
    await clearHtsTables(db);
    logged.length = 0;
    const backfillDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hts-backfill-'));
    fs.copyFileSync(path.join(htsFixtureDir, 'schedule-v1.csv'), path.join(backfillDir, 'hts_2030_revision_1_csv.csv'));
    const stopping = new AbortController();
    stopping.abort();
    const agenda = new RecordingAgenda();
    defineHtsBackfillJob(agenda as unknown as Agenda, {
      ...htsImportDeps(db),
      source: new DirectoryHtsSource(backfillDir),
      signal: stopping.signal,
      logger,
      lockLifetimeMs: 600_000,
    });
    await expect(
      agenda.definitions.get(htsBackfillJobName)?.processor({ touch: async () => undefined }),
    ).resolves.toBeUndefined();
    fs.rmSync(backfillDir, { recursive: true, force: true });
    expect(logged).toEqual([
      ['info', expect.objectContaining({ reason: 'stopped after 0 of 1 files' }), 'HTS backfill paused at stop'],
    ]);
  });
});
