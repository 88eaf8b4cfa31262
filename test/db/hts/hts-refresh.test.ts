import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, TestDatabase } from '../../support/database';
import { clearHtsTables, htsFixture, htsImportDeps } from '../../support/hts-fixtures';
import { importHtsFile } from '../../../src/domain/hts/hts-import.service';
import { backfillHtsReleases, refreshHtsReleases } from '../../../src/domain/hts/hts-refresh.service';
import { ensureInitialRelease } from '../../../src/domain/hts/initial-release';
import { DirectoryHtsSource } from '../../../src/reference/hts/directory-hts-source';
import { chooseHtsReleaseSource } from '../../../src/reference/hts/hts-release-source';
import { UsitcHtsSource } from '../../../src/reference/hts/usitc-hts-source';

/** How the fake answers one path: a body, a status, or a connection cut after some bytes. */
type Answer = { status?: number; body?: Buffer | string; contentType?: string; cutAfter?: number };

/** A local stand-in for USITC: releaseList, the static bulk files and the live export. */
class FakeUsitc {
  answers = new Map<string, Answer>();
  requests: string[] = [];
  private server = http.createServer((req, res) => {
    this.requests.push(req.url as string);
    const answer = this.answers.get(req.url as string) ?? { status: 404, body: 'not found', contentType: 'text/plain' };
    const body = Buffer.from(answer.body ?? '');
    res.writeHead(answer.status ?? 200, {
      'content-type': answer.contentType ?? 'application/octet-stream',
      'content-length': body.length,
    });
    if (answer.cutAfter === undefined) res.end(body);
    else res.write(body.subarray(0, answer.cutAfter), () => res.socket?.destroy());
  });

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  source(): UsitcHtsSource {
    return new UsitcHtsSource({
      releaseListUrl: `${this.url}/reststop/releaseList`,
      filesBaseUrl: `${this.url}/files/`,
      currentExportUrl: `${this.url}/reststop/exportList`,
      format: 'csv',
      timeoutMs: 5000,
    });
  }

  releaseList(entries: Array<{ name: string; releaseStartDate?: string; status?: string }>): void {
    this.answers.set('/reststop/releaseList', { body: JSON.stringify(entries), contentType: 'application/json' });
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

let db: TestDatabase;
let deps: ReturnType<typeof htsImportDeps>;
let usitc: FakeUsitc;
const rev2Path = '/files/hts_2030_revision_2_csv.csv';
const inForce = async () => (await deps.db.stores.releases.inForceOn('2099-01-01'))?.id ?? null;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => db.destroy());
beforeEach(async () => {
  await clearHtsTables(db);
  deps = htsImportDeps(db);
  usitc = new FakeUsitc();
  await usitc.start();
  await importHtsFile(deps, {
    bytes: htsFixture('schedule-v1.csv'),
    revision: { year: 2030, revision: 1 },
    source: 'fixture',
    effectiveDate: '2030-01-15',
  });
  usitc.releaseList([
    { name: '2030HTSRev1', releaseStartDate: '01/15/2030', status: 'archived' },
    { name: '2030HTSRev2', releaseStartDate: '03/01/2030', status: 'current' },
    { name: 'Something else' },
  ]);
});
afterEach(async () => usitc.stop());

describe('refresh from USITC', () => {
  it('imports the newer revision with the date USITC states, and records its change set', async () => {
    usitc.answers.set(rev2Path, { body: htsFixture('schedule-v2.csv'), contentType: 'text/csv' });
    const result = await refreshHtsReleases({ ...deps, source: usitc.source() });
    expect(result).toMatchObject({ rejected: [], retry: null });
    expect(
      result.imported.map(({ release, changeSet }) => [
        release.id,
        release.effectiveDate,
        release.effectiveDateSource,
        release.source,
        changeSet?.counts,
      ]),
    ).toEqual([
      [
        'htsr_2030_rev_2',
        '2030-03-01',
        'source',
        `${usitc.url}${rev2Path}`,
        { added: 1, removed: 1, rateChanged: 1, descriptionChanged: 1 },
      ],
    ]);
    expect(usitc.requests).toEqual(['/reststop/releaseList', rev2Path]);
    // Nothing newer: the next run only asks for the list.
    expect(await refreshHtsReleases({ ...deps, source: usitc.source() })).toEqual({
      imported: [],
      rejected: [],
      retry: null,
    });
    expect(usitc.requests).toEqual(['/reststop/releaseList', rev2Path, '/reststop/releaseList']);
  });

  it('keeps the current release and asks for a retry when the download fails, then imports when it works', async () => {
    usitc.answers.set(rev2Path, { status: 503, body: 'busy', contentType: 'text/plain' });
    expect(await refreshHtsReleases({ ...deps, source: usitc.source() })).toEqual({
      imported: [],
      rejected: [],
      retry: { reason: `HTTP 503 from ${usitc.url}${rev2Path}` },
    });
    expect(await inForce()).toBe('htsr_2030_rev_1');

    usitc.answers.set(rev2Path, { body: htsFixture('schedule-v2.csv') });
    const retried = await refreshHtsReleases({ ...deps, source: usitc.source() });
    expect(retried.imported.map(({ release }) => release.id)).toEqual(['htsr_2030_rev_2']);
    expect(await inForce()).toBe('htsr_2030_rev_2');
  });

  it('treats a connection cut mid-download as a failed download, not as a file', async () => {
    usitc.answers.set(rev2Path, { body: htsFixture('schedule-v2.csv'), cutAfter: 500 });
    const result = await refreshHtsReleases({ ...deps, source: usitc.source() });
    expect(result.imported).toEqual([]);
    expect(result.retry?.reason).toMatch(new RegExp(`^${usitc.url}${rev2Path}: download interrupted`));
    expect(await inForce()).toBe('htsr_2030_rev_1');
  });

  it('asks for a retry when the release list cannot be had, or an HTML page comes instead of the file', async () => {
    usitc.answers.set('/reststop/releaseList', { status: 500 });
    expect((await refreshHtsReleases({ ...deps, source: usitc.source() })).retry).toEqual({
      reason: `HTTP 500 from ${usitc.url}/reststop/releaseList`,
    });
    usitc.answers.set('/reststop/releaseList', { body: '<html>Access Denied</html>', contentType: 'application/json' });
    expect((await refreshHtsReleases({ ...deps, source: usitc.source() })).retry).toEqual({
      reason: `${usitc.url}/reststop/releaseList did not answer with JSON`,
    });

    usitc.releaseList([{ name: '2030HTSRev2', releaseStartDate: '03/01/2030', status: 'current' }]);
    usitc.answers.set(rev2Path, { body: '<html>Access Denied</html>', contentType: 'text/html; charset=utf-8' });
    expect((await refreshHtsReleases({ ...deps, source: usitc.source() })).retry).toEqual({
      reason: `${usitc.url}${rev2Path} answered with an HTML page, not an HTS export`,
    });
    expect(await inForce()).toBe('htsr_2030_rev_1');
  });

  it('rejects a corrupt file with the reason, keeps the current release, and moves on to later revisions', async () => {
    const v2 = htsFixture('schedule-v2.csv').toString('utf8');
    usitc.answers.set(rev2Path, { body: v2.slice(0, v2.indexOf('"9823.01"')) }); // complete rows, but stops in chapter 61
    usitc.releaseList([
      { name: '2030HTSRev2', releaseStartDate: '03/01/2030' },
      { name: '2030HTSRev3', releaseStartDate: '04/01/2030', status: 'current' },
    ]);
    usitc.answers.set('/files/hts_2030_revision_3_csv.csv', { body: htsFixture('schedule-v2.csv') });
    const result = await refreshHtsReleases({ ...deps, source: usitc.source() });
    expect(result.rejected).toEqual([
      {
        title: '2030 Revision 2',
        location: `${usitc.url}${rev2Path}`,
        reason:
          'the last line is 6109.10.0040 (chapter 61); a complete schedule ends in chapter 99, so the file is truncated',
      },
    ]);
    expect(result.imported.map(({ release, changeSet }) => [release.id, changeSet?.previousReleaseId])).toEqual([
      ['htsr_2030_rev_3', 'htsr_2030_rev_1'],
    ]);
    expect(result.retry).toBeNull();
  });

  it("falls back to USITC's live export for the current release when the static file is refused", async () => {
    const source = new UsitcHtsSource({
      releaseListUrl: `${usitc.url}/reststop/releaseList`,
      filesBaseUrl: `${usitc.url}/files/`,
      currentExportUrl: `${usitc.url}/reststop/exportList`,
    });
    usitc.releaseList([{ name: '2030HTSRev2', releaseStartDate: '03/01/2030', status: 'current' }]);
    usitc.answers.set('/files/hts_2030_revision_2_json.json', {
      status: 403,
      body: 'Access Denied',
      contentType: 'text/plain',
    });
    usitc.answers.set('/reststop/exportList', {
      body: htsFixture('schedule-v1.json'),
      contentType: 'application/json',
    });
    const result = await refreshHtsReleases({ ...deps, source });
    expect(result.imported.map(({ release }) => [release.id, release.format])).toEqual([['htsr_2030_rev_2', 'json']]);
    expect(usitc.requests.slice(-2)).toEqual(['/files/hts_2030_revision_2_json.json', '/reststop/exportList']);
  });
});

describe('a local data directory', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hts-dir-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));
  const place = (fixture: string, name: string) =>
    fs.copyFileSync(path.join(__dirname, '..', '..', 'fixtures', 'hts', fixture), path.join(dir, name));

  it('offers the revisions its file names name, preferring JSON to CSV', async () => {
    place('schedule-v1.csv', 'hts_2030_revision_1_csv.csv');
    place('schedule-v1.json', 'hts_2030_revision_1_json.json');
    place('schedule-v2.csv', 'hts_2030_revision_2_csv.csv');
    fs.writeFileSync(path.join(dir, 'README.md'), 'notes');
    const offered = await new DirectoryHtsSource(dir).listReleases();
    expect(
      offered.map(({ year, revision, format, location, effectiveDate }) => [
        year,
        revision,
        format,
        path.basename(location),
        effectiveDate,
      ]),
    ).toEqual([
      [2030, 1, 'json', 'hts_2030_revision_1_json.json', null],
      [2030, 2, 'csv', 'hts_2030_revision_2_csv.csv', null],
    ]);
  });

  it('on first start, imports the newest release into an empty database, once', async () => {
    await clearHtsTables(db);
    const firstStart = { ...deps, source: new DirectoryHtsSource(dir) };
    expect(await ensureInitialRelease(firstStart)).toEqual({
      outcome: 'unavailable',
      reason: `directory ${dir} has no HTS release file`,
    });
    place('schedule-v1.csv', 'hts_2030_revision_1_csv.csv');
    place('schedule-v2.csv', 'hts_2030_revision_2_csv.csv');
    expect(await ensureInitialRelease(firstStart)).toMatchObject({
      outcome: 'imported',
      release: { id: 'htsr_2030_rev_2', effectiveDateSource: 'first_seen' },
    });
    expect(await ensureInitialRelease(firstStart)).toEqual({ outcome: 'present' });
    expect(await deps.db.stores.releases.count()).toBe(1);
  });

  it('backfills the older revisions after the first start, with the change set between them', async () => {
    await clearHtsTables(db);
    place('schedule-v1.csv', 'hts_2030_revision_1_csv.csv');
    place('schedule-v2.csv', 'hts_2030_revision_2_csv.csv');
    const local = { ...deps, source: new DirectoryHtsSource(dir) };
    await ensureInitialRelease(local);
    const backfill = await backfillHtsReleases(local);
    expect(backfill.imported.map(({ release }) => release.id)).toEqual(['htsr_2030_rev_1']);
    expect(await deps.db.stores.changes.findByReleaseId('htsr_2030_rev_2')).toMatchObject({
      previousReleaseId: 'htsr_2030_rev_1',
      counts: { added: 1, removed: 1, rateChanged: 1, descriptionChanged: 1 },
    });
    expect((await backfillHtsReleases(local)).imported).toEqual([]);
  });

  it('is the source when configured, else <dataDir>/hts when present, else USITC', () => {
    expect(chooseHtsReleaseSource({ directory: dir, dataDir: null }).description).toBe(`directory ${dir}`);
    expect(chooseHtsReleaseSource({ dataDir: dir }).description).toBe(
      'USITC (https://hts.usitc.gov/reststop/releaseList)',
    );
    fs.mkdirSync(path.join(dir, 'hts'));
    expect(chooseHtsReleaseSource({ dataDir: dir }).description).toBe(`directory ${path.join(dir, 'hts')}`);
    expect(
      chooseHtsReleaseSource({ dataDir: null, usitc: { releaseListUrl: 'http://127.0.0.1:9/list' } }).description,
    ).toBe('USITC (http://127.0.0.1:9/list)');
  });

  it('reports an unreadable directory as unavailable', async () => {
    await clearHtsTables(db);
    const missing = path.join(dir, 'missing');
    expect(await ensureInitialRelease({ ...deps, source: new DirectoryHtsSource(missing) })).toEqual({
      outcome: 'unavailable',
      reason: expect.stringMatching(new RegExp(`^cannot read ${missing}: ENOENT`)),
    });
  });
});
