import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import type { Agenda } from 'agenda';
import { toBool } from '../../src/db/row-values';
import { sha256Hex } from '../../src/domain/access/secrets';
import { importHtsFile } from '../../src/domain/hts/hts-import.service';
import { KnexJobRepository } from '../../src/jobs/knex-job-repository';
import { createScheduler } from '../../src/jobs/scheduler';
import { startWorker } from '../../src/server';
import { setPlan, signUp, testKeyFor } from '../support/accounts';
import { createTestApp, TestApp } from '../support/app';
import { htsFixture, htsFixtureDir, rev3AndRev4 } from '../support/hts-fixtures';
import { htsFileReader } from '../../src/reference/hts/hts-file';

const adminToken = 'hts-admin-token-for-tests';
const problem = (kind: string) => `https://docs.tradelane.dev/problems/${kind}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(condition: () => Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/** Every page of a list, following next_cursor. */
async function allPages(
  get: (query: string) => Promise<request.Response>,
  limit: number,
): Promise<{ pages: number; data: unknown[] }> {
  const data: unknown[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res = await get(`limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(res.status).toBe(200);
    data.push(...res.body.data);
    pages += 1;
    cursor = res.body.has_more ? res.body.next_cursor : null;
  } while (cursor !== null);
  return { pages, data };
}

/**
 * Three hand-written releases of a tiny schedule (test/fixtures/hts), on both dialects: 2030 Rev 1
 * (schedule-v1.csv) imported directly, Rev 2 (schedule-v2.csv) through the admin route and the
 * refresh job, Rev 3 (schedule-v1.json, the same lines as Rev 1 with one footnote more) imported later.
 */
describe('HTS data over hand-written releases', () => {
  let app: TestApp;
  let dataDir: string;
  let pro: string;
  let business: string;
  let free: string;
  let proAccount: string;
  const tariff = () => request(app.hosts.tariff);

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hts-data-'));
    fs.mkdirSync(path.join(dataDir, 'hts'));
    app = await createTestApp({ config: { trustProxy: true, dataDir, adminTokenSha256: sha256Hex(adminToken) } });
    app.clock.set('2030-03-01T09:00:00.000Z');
    const rev1 = await importHtsFile(
      { db: app.deps.tariff.hts, files: htsFileReader, clock: () => app.clock.now().getTime() },
      {
        bytes: htsFixture('schedule-v1.csv'),
        revision: { year: 2030, revision: 1 },
        source: 'schedule-v1.csv',
        effectiveDate: '2030-01-01',
      },
    );
    expect(rev1.outcome).toBe('imported');
    const proSignUp = await signUp(app);
    await setPlan(app, proSignUp.email, 'tariff_pro');
    pro = proSignUp.key;
    proAccount = proSignUp.accountId;
    const businessSignUp = await signUp(app);
    await setPlan(app, businessSignUp.email, 'business');
    business = businessSignUp.key;
    free = (await signUp(app)).key;
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  describe('POST /api/admin/hts-refresh', () => {
    let agenda: Agenda | undefined;
    afterAll(async () => {
      await agenda?.stop();
      await sleep(150); // polls already in flight finish before the database closes
    });

    it('queues the refresh (202) without a running worker; a worker then imports the new revision, records its change set and alerts the watchers in their mode', async () => {
      const watch = await tariff()
        .post('/api/tariff/alerts')
        .set('X-API-Key', pro)
        .send({ hts_prefixes: ['0101'], countries: ['MX'] })
        .expect(201);
      const testWatch = await tariff()
        .post('/api/tariff/alerts')
        .set('X-API-Key', await testKeyFor(app, pro))
        .send({ hts_prefixes: ['0101.30'] })
        .expect(201);
      expect([watch.body.livemode, testWatch.body.livemode]).toEqual([true, false]);
      await tariff()
        .post('/api/tariff/alerts')
        .set('X-API-Key', business)
        .send({ hts_prefixes: ['2903'] })
        .expect(201);
      fs.copyFileSync(
        path.join(htsFixtureDir, 'schedule-v2.csv'),
        path.join(dataDir, 'hts', 'hts_2030_revision_2_csv.csv'),
      );
      app.clock.set('2030-06-01T09:00:00.000Z');

      const res = await tariff().post('/api/admin/hts-refresh').set('X-Admin-Token', adminToken).expect(202);
      expect(res.body).toEqual({
        id: expect.stringMatching(/^job_/),
        object: 'job',
        name: 'hts-refresh',
        status: 'queued',
        run_at: expect.any(String),
      });
      const jobId = res.body.id.slice('job_'.length);
      const jobs = new KnexJobRepository(app.db.knex);
      expect(await jobs.getJobById(jobId)).toMatchObject({ name: 'hts-refresh', lastFinishedAt: undefined });
      expect(await app.db.knex('hts_change_sets').count({ n: '*' })).toEqual([{ n: 0 }]);

      // The worker `npm start` runs, on the same database: it takes the queued job.
      agenda = createScheduler({ db: app.db, workerName: 'test-worker', pollIntervalMs: 100, lockLifetimeMs: 2000 });
      await startWorker(agenda, { ...app.deps, config: { ...app.deps.config, jobLockLifetimeMs: 2000 } });
      await waitFor(
        async () => (await jobs.getJobById(jobId))?.lastFinishedAt !== undefined,
        'the queued refresh to finish',
      );
      expect((await jobs.getJobById(jobId))?.failedAt).toBeUndefined();

      const changes = await tariff().get('/api/tariff/changes').set('X-API-Key', pro).expect(200);
      expect(changes.body.data).toEqual([
        {
          id: expect.stringMatching(/^hcs_/),
          object: 'hts_change_set',
          release: { id: 'htsr_2030_rev_2', title: '2030 Revision 2', effective_date: '2030-06-01' },
          previous_release: { id: 'htsr_2030_rev_1', title: '2030 Revision 1', effective_date: '2030-01-01' },
          counts: { added: 1, removed: 1, rate_changed: 1, description_changed: 1 },
          created_at: '2030-06-01T09:00:00.000Z',
        },
      ]);

      // The test key's alert yields a test-mode event (delivered only to test webhooks), the live key's a live one.
      const events = await app.db.knex('outbox_events').where({ type: 'tariff.changed' }).orderBy('livemode', 'desc');
      expect(events.map((row) => [row.account_id, JSON.parse(row.data).alert_id, toBool(row.livemode)])).toEqual([
        [proAccount, watch.body.id, true],
        [proAccount, testWatch.body.id, false],
      ]);
      const data = JSON.parse(events[0].data);
      expect(data).toMatchObject({
        alert_id: watch.body.id,
        hts_prefixes: ['0101'],
        countries: ['MX'],
        change_set_id: changes.body.data[0].id,
        change_count: 2,
      });
      expect(data.changes.map((c: { kind: string; hts_code: string }) => [c.kind, c.hts_code])).toEqual([
        ['description_changed', '0101.21.0010'],
        ['rate_changed', '0101.30.0000'],
      ]);
    });

    it('answers 400 to an unknown query parameter', async () => {
      const res = await tariff().post('/api/admin/hts-refresh?force=1').set('X-Admin-Token', adminToken).expect(400);
      expect(res.body.errors).toEqual([{ pointer: '/query/force', message: expect.any(String) }]);
    });

    it('answers 401 without the admin token', async () => {
      const res = await tariff().post('/api/admin/hts-refresh').expect(401);
      expect(res.body.type).toBe(problem('unauthenticated'));
    });
  });

  describe('with a third release', () => {
    beforeAll(async () => {
      app.clock.set('2030-09-01T09:00:00.000Z');
      const rev3 = await importHtsFile(
        { db: app.deps.tariff.hts, files: htsFileReader, clock: () => app.clock.now().getTime() },
        { bytes: htsFixture('schedule-v1.json'), revision: { year: 2030, revision: 3 }, source: 'schedule-v1.json' },
      );
      expect(rev3).toMatchObject({
        outcome: 'imported',
        release: { effectiveDate: '2030-09-01', effectiveDateSource: 'first_seen' },
      });
      app.clock.set('2030-10-01T12:00:00.000Z');
    });

    describe('GET /api/tariff/hts/{code}', () => {
      let ip = 0;
      const lookUp = (url: string, from = `198.18.0.${++ip}`) => tariff().get(url).set('X-Forwarded-For', from);

      it('answers a line with its path, units, parsed rates, footnotes and release, keyless', async () => {
        const res = await lookUp('/api/tariff/hts/0101.30.00.00').expect(200);
        expect(res.body).toEqual({
          object: 'hts_line',
          hts_code: '0101.30.0000',
          statistical_suffix: '00',
          indent: 1,
          description: 'Asses',
          description_path: 'Live horses, asses, mules and hinnies > Asses',
          units: ['No.'],
          rates: {
            general: { text: '6.8%', parsed: { kind: 'ad_valorem', terms: [{ kind: 'ad_valorem', percent: '6.8' }] } },
            special: {
              text: 'Free (A+,AU,BH,CL,CO,D,E, IL,JO,KR,MA,OM,P,PA,PE,S, SG)',
              parsed: {
                kind: 'special',
                offers: [
                  {
                    rate: { kind: 'free' },
                    programs: [
                      'A+',
                      'AU',
                      'BH',
                      'CL',
                      'CO',
                      'D',
                      'E',
                      'IL',
                      'JO',
                      'KR',
                      'MA',
                      'OM',
                      'P',
                      'PA',
                      'PE',
                      'S',
                      'SG',
                    ],
                  },
                ],
                references: [],
              },
            },
            other: { text: '15%', parsed: { kind: 'ad_valorem', terms: [{ kind: 'ad_valorem', percent: '15' }] } },
            additional_duties: null,
          },
          rate_line: null,
          footnotes: [],
          quota_quantity: null,
          release: { id: 'htsr_2030_rev_3', title: '2030 Revision 3', effective_date: '2030-09-01' },
          as_of: '2030-10-01',
          source: 'usitc_hts',
        });
        expect(res.headers['ratelimit-policy']).toBe('"hts_lookup";q=100;w=86400');
        expect(res.headers['x-ratelimit-remaining']).toBe('99');
      });

      it('resolves a past date to the release then in force', async () => {
        const rev2 = await lookUp('/api/tariff/hts/0101300000?date=2030-06-15').expect(200);
        expect(rev2.body).toMatchObject({
          as_of: '2030-06-15',
          release: { id: 'htsr_2030_rev_2' },
          rates: { general: { text: '7%' } },
        });
        const rev1 = await lookUp('/api/tariff/hts/0101.30.0000?date=2030-05-31').expect(200);
        expect(rev1.body).toMatchObject({ release: { id: 'htsr_2030_rev_1' }, rates: { general: { text: '6.8%' } } });
      });

      it('gives a statistical line the rates and footnotes of the line it inherits them from', async () => {
        const res = await lookUp('/api/tariff/hts/6109.10.0012').expect(200);
        expect(res.body).toMatchObject({
          hts_code: '6109.10.0012',
          units: ['doz.', 'kg'],
          description_path:
            "T-shirts, singlets, tank tops and similar garments, knitted or crocheted > Of cotton > Other T-shirts > Men's or boys' > Men's (338)",
          rates: { general: { text: '16.5%' }, other: { text: '90%' } },
          rate_line: {
            hts_code: '6109.10.00',
            description: 'Of cotton',
            footnotes: [{ columns: ['general'], marker: '1', text: 'See 9903.88.15.', type: 'endnote' }],
          },
          footnotes: [],
        });
      });

      it('reads Chapter 99 texts and keeps the additional duties column as published', async () => {
        const s122 = await lookUp('/api/tariff/hts/9903.03.01').expect(200);
        expect(s122.body.rates.general).toEqual({
          text: 'The duty provided in the applicable subheading + 10%',
          parsed: { kind: 'applicable_subheading', terms: [{ kind: 'ad_valorem', percent: '10' }] },
        });
        const additional = await lookUp('/api/tariff/hts/9904.02.01').expect(200);
        expect(additional.body.rates).toMatchObject({
          general: { text: null, parsed: null },
          additional_duties: '66.6¢/kg',
        });
      });

      it('finds headings, and an 8-digit code published as its 00 statistical line', async () => {
        const heading = await lookUp('/api/tariff/hts/0101').expect(200);
        expect(heading.body).toMatchObject({
          hts_code: '0101',
          statistical_suffix: null,
          rate_line: null,
          rates: { general: { text: null, parsed: null } },
        });
        const eight = await lookUp('/api/tariff/hts/0101.30.00').expect(200);
        expect(eight.body.hts_code).toBe('0101.30.0000');
      });

      it('answers 404 for a code not in the release, or a date before every release, and does not count them', async () => {
        const from = '198.18.1.1';
        const unknown = await lookUp('/api/tariff/hts/0101.99.0000', from).expect(404);
        expect(unknown.body).toMatchObject({
          type: problem('not-found'),
          detail: expect.stringContaining('2030 Revision 3'),
        });
        const early = await lookUp('/api/tariff/hts/0101.30.0000?date=2029-12-31', from).expect(404);
        expect(early.body.detail).toBe('no HTS release is in force on 2029-12-31');
        const counted = await lookUp('/api/tariff/hts/0101', from).expect(200);
        expect(counted.headers['x-ratelimit-remaining']).toBe('99');
      });

      it('answers 400 to a malformed code or date', async () => {
        const code = await lookUp('/api/tariff/hts/61AB.10').expect(400);
        expect(code.body.errors).toEqual([{ pointer: '/path/code', message: expect.any(String) }]);
        const shape = await lookUp('/api/tariff/hts/0101?date=30.01.2030').expect(400);
        expect(shape.body.errors).toEqual([{ pointer: '/query/date', message: expect.any(String) }]);
        const day = await lookUp('/api/tariff/hts/0101?date=2030-02-30').expect(400);
        expect(day.body.errors).toEqual([{ pointer: '/query/date', message: 'must be a calendar date YYYY-MM-DD' }]);
      });

      it('counts keyless lookups in their own bucket: the 101st of the day is 429, the tariff quota is untouched', async () => {
        const from = '198.18.2.1';
        for (let batch = 0; batch < 10; batch++) {
          await Promise.all(Array.from({ length: 10 }, () => lookUp('/api/tariff/hts/0101', from).expect(200)));
        }
        const res = await lookUp('/api/tariff/hts/0101', from).expect(429);
        expect(res.body.type).toBe(problem('quota-exceeded'));
        expect(res.headers['retry-after']).toBeDefined();
        const search = await tariff()
          .post('/api/tariff/public/ai-search')
          .set('X-Forwarded-For', from)
          .send({ query: 'cotton t-shirt' });
        expect(search.headers['x-ratelimit-remaining']).toBe('4');
      });

      it('counts a Free key per key (1,000 a day) and leaves Tariff Pro unlimited', async () => {
        const freeCall = await lookUp('/api/tariff/hts/0101').set('X-API-Key', free).expect(200);
        expect(freeCall.headers['ratelimit-policy']).toBe('"hts_lookup";q=1000;w=86400');
        const proCall = await lookUp('/api/tariff/hts/0101').set('X-API-Key', pro).expect(200);
        expect(proCall.headers['ratelimit-policy']).toBeUndefined();
      });
    });

    describe('GET /api/tariff/hts/{code}/history', () => {
      it('gives the rate texts across releases with the dates each was in force', async () => {
        const res = await tariff().get('/api/tariff/hts/0101.30.00.00/history').set('X-API-Key', pro).expect(200);
        expect(res.body).toEqual({
          object: 'hts_line_history',
          hts_code: '0101.30.0000',
          entries: [
            {
              release: { id: 'htsr_2030_rev_1', title: '2030 Revision 1', effective_date: '2030-01-01' },
              valid_from: '2030-01-01',
              valid_to: '2030-06-01',
              description: 'Asses',
              rates: {
                general: '6.8%',
                special: 'Free (A+,AU,BH,CL,CO,D,E, IL,JO,KR,MA,OM,P,PA,PE,S, SG)',
                other: '15%',
                additional_duties: null,
              },
              rate_line_code: null,
            },
            {
              release: { id: 'htsr_2030_rev_2', title: '2030 Revision 2', effective_date: '2030-06-01' },
              valid_from: '2030-06-01',
              valid_to: '2030-09-01',
              description: 'Asses',
              rates: {
                general: '7%',
                special: 'Free (A+,AU,BH,CL,CO,D,E, IL,JO,KR,MA,OM,P,PA,PE,S, SG)',
                other: '15%',
                additional_duties: null,
              },
              rate_line_code: null,
            },
            {
              release: { id: 'htsr_2030_rev_3', title: '2030 Revision 3', effective_date: '2030-09-01' },
              valid_from: '2030-09-01',
              valid_to: null,
              description: 'Asses',
              rates: {
                general: '6.8%',
                special: 'Free (A+,AU,BH,CL,CO,D,E, IL,JO,KR,MA,OM,P,PA,PE,S, SG)',
                other: '15%',
                additional_duties: null,
              },
              rate_line_code: null,
            },
          ],
        });
      });

      it('skips the releases that lack the line, and names the line inherited rates come from', async () => {
        const res = await tariff().get('/api/tariff/hts/6109100014/history').set('X-API-Key', business).expect(200);
        expect(
          res.body.entries.map(
            (e: {
              release: { id: string };
              valid_to: string | null;
              rate_line_code: string | null;
              rates: { general: string };
            }) => [e.release.id, e.valid_to, e.rate_line_code, e.rates.general],
          ),
        ).toEqual([
          ['htsr_2030_rev_1', '2030-06-01', '6109.10.00', '16.5%'],
          ['htsr_2030_rev_3', null, '6109.10.00', '16.5%'],
        ]);
      });

      it('answers 404 for a code in no release, 400 for a malformed one, 403 on Free, 401 without a key', async () => {
        expect(
          (await tariff().get('/api/tariff/hts/8471.30.0100/history').set('X-API-Key', pro).expect(404)).body.type,
        ).toBe(problem('not-found'));
        expect(
          (await tariff().get('/api/tariff/hts/84713/history').set('X-API-Key', pro).expect(400)).body.errors[0]
            .pointer,
        ).toBe('/path/code');
        expect((await tariff().get('/api/tariff/hts/0101/history').set('X-API-Key', free).expect(403)).body.type).toBe(
          problem('forbidden-plan'),
        );
        expect((await tariff().get('/api/tariff/hts/0101/history').expect(401)).body.type).toBe(
          problem('unauthenticated'),
        );
      });
    });

    describe('GET /api/tariff/changes and /api/tariff/changes/{change_set_id}/lines', () => {
      const changeSets = (query = '') => tariff().get(`/api/tariff/changes${query}`).set('X-API-Key', pro);

      it('pages the change sets oldest first', async () => {
        const first = await changeSets('?limit=1').expect(200);
        expect(first.body).toMatchObject({
          object: 'list',
          has_more: true,
          data: [{ release: { id: 'htsr_2030_rev_2' } }],
        });
        expect(first.headers.link).toBe(`</api/tariff/changes?limit=1&cursor=${first.body.next_cursor}>; rel="next"`);
        const second = await changeSets(`?limit=1&cursor=${first.body.next_cursor}`).expect(200);
        expect(second.body).toMatchObject({
          has_more: false,
          next_cursor: null,
          data: [
            {
              release: { id: 'htsr_2030_rev_3' },
              previous_release: { id: 'htsr_2030_rev_2' },
              counts: { added: 1, removed: 1, rate_changed: 1, description_changed: 1 },
            },
          ],
        });
      });

      it('keeps the change sets recorded since a date or a time', async () => {
        expect(
          (await changeSets('?since=2030-07-01').expect(200)).body.data.map(
            (c: { release: { id: string } }) => c.release.id,
          ),
        ).toEqual(['htsr_2030_rev_3']);
        // A time's colons and plus sign are reserved characters: encoded, as any URL library does.
        expect(
          (await changeSets(`?since=${encodeURIComponent('2030-06-01T09:00:00.000Z')}`).expect(200)).body.data,
        ).toHaveLength(2);
        expect(
          (await changeSets(`?since=${encodeURIComponent('2030-09-01T11:00:00+02:00')}`).expect(200)).body.data,
        ).toHaveLength(1);
        expect((await changeSets('?since=2031-01-01').expect(200)).body).toEqual({
          object: 'list',
          data: [],
          has_more: false,
          next_cursor: null,
        });
      });

      it('pages the line changes of a change set in schedule order', async () => {
        const [rev2] = (await changeSets().expect(200)).body.data;
        const { pages, data } = await allPages(
          (query) => tariff().get(`/api/tariff/changes/${rev2.id}/lines?${query}`).set('X-API-Key', pro),
          3,
        );
        expect(pages).toBe(2);
        expect(data).toEqual([
          {
            kind: 'description_changed',
            hts_code: '0101.21.0010',
            before: { description: 'Males' },
            after: { description: 'Male animals' },
          },
          {
            kind: 'rate_changed',
            hts_code: '0101.30.0000',
            before: {
              general: '6.8%',
              special: 'Free (A+,AU,BH,CL,CO,D,E, IL,JO,KR,MA,OM,P,PA,PE,S, SG)',
              other: '15%',
              additional_duties: null,
            },
            after: {
              general: '7%',
              special: 'Free (A+,AU,BH,CL,CO,D,E, IL,JO,KR,MA,OM,P,PA,PE,S, SG)',
              other: '15%',
              additional_duties: null,
            },
          },
          {
            kind: 'removed',
            hts_code: '6109.10.0014',
            before: { description: "Boys' (338)", general: null, special: null, other: null, additional_duties: null },
            after: null,
          },
          {
            kind: 'added',
            hts_code: '6109.10.0040',
            before: null,
            after: { description: "Women's (339)", general: null, special: null, other: null, additional_duties: null },
          },
        ]);
      });

      it('answers 404 for an unknown change set, 400 for a cursor it did not issue, 403 on Free', async () => {
        expect(
          (
            await tariff()
              .get('/api/tariff/changes/hcs_000000000000000000000000/lines')
              .set('X-API-Key', pro)
              .expect(404)
          ).body.type,
        ).toBe(problem('not-found'));
        const cursor = await changeSets('?cursor=bm90LWEtY3Vyc29y').expect(400);
        expect(cursor.body.errors).toEqual([
          { pointer: '/query/cursor', message: 'the cursor is not one this API returned' },
        ]);
        expect((await changeSets('?since=yesterday').expect(400)).body.errors[0].pointer).toBe('/query/since');
        expect((await changeSets('?since=2030-02-30').expect(400)).body.errors).toEqual([
          { pointer: '/query/since', message: 'must be a calendar date or an RFC 3339 time' },
        ]);
        await tariff().get('/api/tariff/changes').set('X-API-Key', free).expect(403);
      });
    });

    describe('POST, GET /api/tariff/alerts and DELETE /api/tariff/alerts/{alert_id}', () => {
      let watcher: { key: string; testKey: string };
      beforeAll(async () => {
        const account = await signUp(app);
        await setPlan(app, account.email, 'tariff_pro');
        watcher = { key: account.key, testKey: await testKeyFor(app, account.key) };
      });
      const alerts = () => tariff().get('/api/tariff/alerts').set('X-API-Key', watcher.key);

      it('creates an alert with normalised prefixes and countries', async () => {
        const res = await tariff()
          .post('/api/tariff/alerts')
          .set('X-API-Key', watcher.key)
          .send({ hts_prefixes: ['6109.10', '990303', '6109.10'], countries: ['cn', 'VN'] })
          .expect(201);
        expect(res.body).toEqual({
          id: expect.stringMatching(/^alr_[0-9a-hjkmnp-tv-z]{26}$/),
          object: 'tariff_alert',
          livemode: true,
          hts_prefixes: ['610910', '990303'],
          countries: ['CN', 'VN'],
          created_at: '2030-10-01T12:00:00.000Z',
          updated_at: '2030-10-01T12:00:00.000Z',
        });
      });

      it("lists the account's alerts oldest first, paged", async () => {
        app.clock.advance(1000);
        await tariff()
          .post('/api/tariff/alerts')
          .set('X-API-Key', watcher.key)
          .send({ hts_prefixes: ['84'] })
          .expect(201);
        app.clock.advance(1000);
        await tariff()
          .post('/api/tariff/alerts')
          .set('X-API-Key', watcher.key)
          .send({ hts_prefixes: ['85'] })
          .expect(201);
        const { pages, data } = await allPages(
          (query) => tariff().get(`/api/tariff/alerts?${query}`).set('X-API-Key', watcher.key),
          2,
        );
        expect(pages).toBe(2);
        expect(data.map((alert) => (alert as { hts_prefixes: string[] }).hts_prefixes)).toEqual([
          ['610910', '990303'],
          ['84'],
          ['85'],
        ]);
      });

      it("deletes an alert once; another account's alert is not found", async () => {
        const [first] = (await alerts().expect(200)).body.data;
        await tariff().delete(`/api/tariff/alerts/${first.id}`).set('X-API-Key', pro).expect(404);
        expect(
          (await tariff().get('/api/tariff/alerts').set('X-API-Key', pro).expect(200)).body.data.map(
            (a: { id: string }) => a.id,
          ),
        ).not.toContain(first.id);
        await tariff().delete(`/api/tariff/alerts/${first.id}`).set('X-API-Key', watcher.key).expect(204);
        const again = await tariff().delete(`/api/tariff/alerts/${first.id}`).set('X-API-Key', watcher.key).expect(404);
        expect(again.body.type).toBe(problem('not-found'));
        expect((await alerts().expect(200)).body.data.map((a: { id: string }) => a.id)).not.toContain(first.id);
      });

      it("keeps test-mode and live alerts apart: each key lists and deletes only its own mode's", async () => {
        const ids = async (key: string) =>
          (await tariff().get('/api/tariff/alerts').set('X-API-Key', key).expect(200)).body.data.map(
            (a: { id: string }) => a.id,
          );
        const liveIds = await ids(watcher.key);
        const testAlert = await tariff()
          .post('/api/tariff/alerts')
          .set('X-API-Key', watcher.testKey)
          .send({ hts_prefixes: ['61'] })
          .expect(201);
        expect(testAlert.body.livemode).toBe(false);
        expect(await ids(watcher.testKey)).toEqual([testAlert.body.id]);
        expect(await ids(watcher.key)).toEqual(liveIds);
        const crossed = await tariff()
          .delete(`/api/tariff/alerts/${liveIds[0]}`)
          .set('X-API-Key', watcher.testKey)
          .expect(404);
        expect(crossed.body.type).toBe(problem('not-found'));
        await tariff().delete(`/api/tariff/alerts/${testAlert.body.id}`).set('X-API-Key', watcher.key).expect(404);
        expect(await ids(watcher.key)).toEqual(liveIds);
        await tariff().delete(`/api/tariff/alerts/${testAlert.body.id}`).set('X-API-Key', watcher.testKey).expect(204);
        expect(await ids(watcher.testKey)).toEqual([]);
      });

      it('answers 400 to prefixes or countries that are not ones, naming the field', async () => {
        const post = (body: object) => tariff().post('/api/tariff/alerts').set('X-API-Key', watcher.key).send(body);
        // The spec's pattern is the model's (htsPrefixPattern), so the contract refuses what the domain would.
        expect((await post({ hts_prefixes: ['61', '61091000123'] }).expect(400)).body.errors[0].pointer).toBe(
          '/body/hts_prefixes/1',
        );
        expect((await post({ hts_prefixes: [] }).expect(400)).body.errors[0].pointer).toBe('/body/hts_prefixes');
        expect((await post({ hts_prefixes: ['61'], countries: ['USA'] }).expect(400)).body.errors[0].pointer).toBe(
          '/body/countries/0',
        );
      });

      it('replays a create with the same Idempotency-Key and refuses the key with another body (422)', async () => {
        const post = (body: object) =>
          tariff()
            .post('/api/tariff/alerts')
            .set('X-API-Key', watcher.key)
            .set('Idempotency-Key', 'alert-1')
            .send(body);
        const first = await post({ hts_prefixes: ['94'] }).expect(201);
        const replay = await post({ hts_prefixes: ['94'] }).expect(201);
        expect(replay.headers['idempotency-replayed']).toBe('true');
        expect(replay.body.id).toBe(first.body.id);
        expect((await post({ hts_prefixes: ['95'] }).expect(422)).body.type).toBe(problem('idempotency-mismatch'));
      });

      it('answers 403 on Free and 401 without a key', async () => {
        await tariff()
          .post('/api/tariff/alerts')
          .set('X-API-Key', free)
          .send({ hts_prefixes: ['61'] })
          .expect(403);
        await tariff().get('/api/tariff/alerts').expect(401);
      });
    });
  });
});

describe('before the first HTS release is imported', () => {
  it('answers 503 not-ready to lookups and history', async () => {
    const empty = await createTestApp();
    try {
      const account = await signUp(empty);
      await setPlan(empty, account.email, 'tariff_pro');
      const lookup = await request(empty.hosts.tariff).get('/api/tariff/hts/6109.10.0012').expect(503);
      expect(lookup.body.type).toBe(problem('not-ready'));
      expect(lookup.headers['retry-after']).toBe('5');
      await request(empty.hosts.tariff)
        .get('/api/tariff/hts/6109.10.0012/history')
        .set('X-API-Key', account.key)
        .expect(503);
      expect(
        (await request(empty.hosts.tariff).get('/api/tariff/changes').set('X-API-Key', account.key).expect(200)).body
          .data,
      ).toEqual([]);
    } finally {
      await empty.close();
    }
  });
});

/**
 * The real USITC exports of HTS 2026 Rev 3 and Rev 4 (CSV, from data/hts), as a first start
 * imports them: Rev 4 first, then Rev 3 for history, with the Rev 3 → Rev 4 change set.
 */
const section122 = Array.from({ length: 11 }, (_, i) => `9903.03.${String(i + 1).padStart(2, '0')}`);

describe('HTS data over the real 2026 Rev 3 and Rev 4', () => {
  let app: TestApp;
  let pro: string;
  beforeAll(async () => {
    app = await createTestApp({ withTariffData: rev3AndRev4 });
    app.clock.set('2026-11-22T12:00:00.000Z');
    const account = await signUp(app);
    await setPlan(app, account.email, 'tariff_pro');
    pro = account.key;
  }, 180_000);
  afterAll(() => app?.close());
  const get = (url: string) => request(app.hosts.tariff).get(url).set('X-API-Key', pro);

  it('looks up a real line in the release in force, and on an earlier date', async () => {
    const res = await get('/api/tariff/hts/6109.10.0012').expect(200);
    expect(res.body).toMatchObject({
      hts_code: '6109.10.0012',
      description: "Men's (338)",
      units: ['doz.', 'kg'],
      rate_line: { hts_code: '6109.10.00', description: 'Of cotton' },
      rates: {
        general: { text: '16.5%', parsed: { kind: 'ad_valorem', terms: [{ kind: 'ad_valorem', percent: '16.5' }] } },
        special: {
          text: 'Free (AU,BH,CL,CO,IL,JO,KR,MA,OM,P,PA,PE,S,SG)',
          parsed: { kind: 'special', offers: [{ rate: { kind: 'free' } }] },
        },
        other: { text: '90%' },
      },
      release: { id: 'htsr_2026_rev_4', effective_date: '2026-02-24' },
    });
    expect((await get('/api/tariff/hts/6109.10.0012?date=2026-02-20').expect(200)).body.release.id).toBe(
      'htsr_2026_rev_3',
    );
    expect((await get('/api/tariff/hts/9903.03.01?date=2026-02-20').expect(404)).body.detail).toContain(
      '2026 Revision 3',
    );
  });

  it('parses a compound rate into its terms, and the special column into offers and references', async () => {
    const res = await get('/api/tariff/hts/0402.99.9000').expect(200);
    expect(res.body.rates.general).toEqual({
      text: '46.3¢/kg + 14.9%',
      parsed: {
        kind: 'compound',
        terms: [
          { kind: 'specific', amount: { amount: '0.463', currency: 'USD' }, unit: 'kg', unit_text: 'kg' },
          { kind: 'ad_valorem', percent: '14.9' },
        ],
      },
    });
    expect(res.body.units).toEqual(['kg', 'kg cmsc']);
    expect(res.body.rates.special.parsed.references).toContainEqual({ provisions: '9822.04.25', programs: ['AU'] });
  });

  it('gives the history of a code across both releases', async () => {
    const res = await get('/api/tariff/hts/6109.10.0012/history').expect(200);
    expect(
      res.body.entries.map(
        (e: { release: { id: string }; valid_from: string; valid_to: string | null; rates: { general: string } }) => [
          e.release.id,
          e.valid_from,
          e.valid_to,
          e.rates.general,
        ],
      ),
    ).toEqual([
      ['htsr_2026_rev_3', '2026-02-12', '2026-02-24', '16.5%'],
      ['htsr_2026_rev_4', '2026-02-24', null, '16.5%'],
    ]);
    const added = await get('/api/tariff/hts/9903.03.05/history').expect(200);
    expect(added.body.entries.map((e: { release: { id: string } }) => e.release.id)).toEqual(['htsr_2026_rev_4']);
  });

  it('lists the Rev 3 → Rev 4 change set, and pages its changes: the eleven Section 122 headings added', async () => {
    const sets = await get('/api/tariff/changes').expect(200);
    expect(sets.body.data).toEqual([
      expect.objectContaining({
        release: { id: 'htsr_2026_rev_4', title: '2026 Revision 4', effective_date: '2026-02-24' },
        previous_release: { id: 'htsr_2026_rev_3', title: '2026 Revision 3', effective_date: '2026-02-12' },
        counts: { added: 11, removed: 0, rate_changed: 0, description_changed: 24 },
      }),
    ]);
    const { pages, data } = await allPages(
      (query) => get(`/api/tariff/changes/${sets.body.data[0].id}/lines?${query}`),
      10,
    );
    expect(pages).toBe(4);
    const changes = data as Array<{ kind: string; hts_code: string; after: { general?: string } }>;
    expect(changes).toHaveLength(35);
    expect(changes.filter((c) => c.kind === 'added').map((c) => c.hts_code)).toEqual(section122);
    expect(changes.find((c) => c.hts_code === '9903.03.01')?.after.general).toBe(
      'The duty provided in the applicable subheading + 10%',
    );
  });
});
