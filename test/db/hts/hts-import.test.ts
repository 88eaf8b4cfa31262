import { createTestDatabase, TestDatabase } from '../../support/database';
import { clearHtsTables, htsFixture, htsImportDeps } from '../../support/hts-fixtures';
import { htsChangeView } from '../../../src/domain/hts/hts-change-view';
import { importHtsFile } from '../../../src/domain/hts/hts-import.service';
import { findHtsLine, htsLineHistory } from '../../../src/domain/hts/hts-lookup.service';
import { listHtsChanges, listHtsChangeSets } from '../../../src/domain/hts/hts-change-feed.service';
import { createTariffAlert } from '../../../src/domain/hts/tariff-alerts.service';
import { InvalidCursor } from '../../../src/domain/shared/page-cursor';
import { toBool } from '../../../src/db/row-values';
import { HtsReleaseRepository } from '../../../src/db/repositories/hts-release.repository';
import { readHtsFile } from '../../../src/reference/hts/hts-file';
import { ReleaseLineSource } from '../../../src/domain/tariff/release-line-source';

let db: TestDatabase;
let deps: ReturnType<typeof htsImportDeps>;

beforeAll(async () => {
  db = await createTestDatabase();
});
beforeEach(async () => {
  await clearHtsTables(db);
  deps = htsImportDeps(db);
});
afterAll(async () => db.destroy());

const v1 = {
  bytes: htsFixture('schedule-v1.csv'),
  revision: { year: 2030, revision: 1 },
  source: 'test/fixtures/hts/schedule-v1.csv',
  effectiveDate: '2030-01-15',
};
const v2 = {
  bytes: htsFixture('schedule-v2.csv'),
  revision: { year: 2030, revision: 2 },
  source: 'test/fixtures/hts/schedule-v2.csv',
  effectiveDate: '2030-03-01',
};

async function importBoth() {
  const first = await importHtsFile(deps, v1);
  deps.setNow(Date.parse('2026-11-22T11:00:00.000Z'));
  const second = await importHtsFile(deps, v2);
  if (first.outcome !== 'imported' || second.outcome !== 'imported') throw new Error('import failed');
  return { first, second };
}

describe('importing a release', () => {
  it('stores the release with its metadata and every row', async () => {
    const result = await importHtsFile(deps, v1);
    expect(result).toMatchObject({ outcome: 'imported', changeSet: null, changes: [], eventsWritten: 0 });
    if (result.outcome !== 'imported') return;
    expect(result.release).toEqual({
      id: 'htsr_2030_rev_1',
      year: 2030,
      revision: 1,
      title: '2030 Revision 1',
      effectiveDate: '2030-01-15',
      effectiveDateSource: 'given',
      publishedDate: null,
      format: 'csv',
      source: 'test/fixtures/hts/schedule-v1.csv',
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      rowCount: 19,
      lineCount: 16,
      importedAt: Date.parse('2026-11-22T10:00:00.000Z'),
    });
    expect(await deps.db.stores.releases.findById('htsr_2030_rev_1')).toEqual(result.release);
    const [{ count }] = await db.knex('hts_line_versions').count({ count: '*' });
    expect(Number(count)).toBe(19);
  });

  it('takes documented dates for known revisions, else the day it is first seen', async () => {
    const known = await importHtsFile(deps, { ...v1, revision: { year: 2026, revision: 4 }, effectiveDate: undefined });
    expect(known).toMatchObject({
      outcome: 'imported',
      release: { effectiveDate: '2026-02-24', effectiveDateSource: 'timeline' },
    });
    const unknown = await importHtsFile(deps, {
      ...v2,
      revision: { year: 2030, revision: 9 },
      effectiveDate: undefined,
    });
    expect(unknown).toMatchObject({
      outcome: 'imported',
      release: { effectiveDate: '2026-11-22', effectiveDateSource: 'first_seen' },
    });
  });

  it('does not import the same file twice, nor overwrite a revision with another file', async () => {
    await importHtsFile(deps, v1);
    expect(await importHtsFile(deps, v1)).toMatchObject({
      outcome: 'already_imported',
      release: { id: 'htsr_2030_rev_1' },
    });
    // USITC republishes a release unchanged under the next number: a release of its own.
    expect(
      await importHtsFile(deps, { ...v1, revision: { year: 2030, revision: 5 }, effectiveDate: '2030-02-01' }),
    ).toMatchObject({
      outcome: 'imported',
      release: { id: 'htsr_2030_rev_5' },
      changeSet: { counts: { added: 0, removed: 0, rateChanged: 0, descriptionChanged: 0 } },
    });
    const other = await importHtsFile(deps, { ...v2, revision: v1.revision });
    expect(other).toEqual({
      outcome: 'rejected',
      reason: expect.stringMatching(
        /^2030 Revision 1 is already imported from another file \(sha256 [0-9a-f]{64}\); releases are never overwritten$/,
      ),
    });
  });

  it('rejects a corrupt file with the reason and keeps the release in force', async () => {
    await importHtsFile(deps, v1);
    const truncated = v2.bytes.subarray(0, v2.bytes.indexOf('Of cotton') + 3);
    expect(await importHtsFile(deps, { ...v2, bytes: truncated })).toEqual({
      outcome: 'rejected',
      reason: expect.stringMatching(/^the CSV ends inside a quoted cell \(line \d+\): the file is truncated$/),
    });
    expect((await deps.db.stores.releases.inForceOn('2030-06-01'))?.id).toBe('htsr_2030_rev_1');
    expect(await deps.db.stores.releases.count()).toBe(1);
  });

  it('rejects a file with far fewer lines than the release before it as partial', async () => {
    await importHtsFile(deps, v1);
    const text = v2.bytes.toString('utf8').split('\r\n');
    const partial = [...text.slice(0, 3), ...text.slice(-4)].join('\r\n'); // chapter 01 … chapter 99, most lines gone
    expect(await importHtsFile(deps, { ...v2, bytes: Buffer.from(partial) })).toEqual({
      outcome: 'rejected',
      reason: '4 HTS lines against 16 in 2030 Revision 1: the file looks partial',
    });
  });
});

describe('the change set', () => {
  it('lists exactly what changed from the release before', async () => {
    const { second } = await importBoth();
    expect(second.changeSet).toMatchObject({
      releaseId: 'htsr_2030_rev_2',
      previousReleaseId: 'htsr_2030_rev_1',
      counts: { added: 1, removed: 1, rateChanged: 1, descriptionChanged: 1 },
      createdAt: Date.parse('2026-11-22T11:00:00.000Z'),
    });
    const page = await listHtsChanges(deps.db.stores.changes, second.changeSet?.id as string, { limit: 10 });
    expect(page.data.map(htsChangeView)).toEqual([
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
    expect(page.hasMore).toBe(false);
  });

  it('pages through changes and change sets with cursors', async () => {
    const { second } = await importBoth();
    const first = await listHtsChanges(deps.db.stores.changes, second.changeSet?.id as string, { limit: 3 });
    expect(first).toMatchObject({ hasMore: true, nextCursor: expect.any(String) });
    const rest = await listHtsChanges(deps.db.stores.changes, second.changeSet?.id as string, {
      limit: 3,
      cursor: first.nextCursor as string,
    });
    expect([...first.data, ...rest.data].map((change) => change.code)).toEqual([
      '0101210010',
      '0101300000',
      '6109100014',
      '6109100040',
    ]);
    expect(rest).toMatchObject({ hasMore: false, nextCursor: null });

    // The JSON export of the first schedule, as a third revision: it undoes the second's changes.
    deps.setNow(Date.parse('2026-11-22T12:00:00.000Z'));
    await importHtsFile(deps, {
      ...v1,
      bytes: htsFixture('schedule-v1.json'),
      revision: { year: 2030, revision: 3 },
      effectiveDate: '2030-04-01',
    });
    const feed = await listHtsChangeSets(deps.db.stores, { limit: 1 });
    expect(feed.data.map(({ release, previousRelease }) => [previousRelease.id, release.id])).toEqual([
      ['htsr_2030_rev_1', 'htsr_2030_rev_2'],
    ]);
    const next = await listHtsChangeSets(deps.db.stores, { limit: 1, cursor: feed.nextCursor as string });
    expect(next.data.map(({ release, previousRelease }) => [previousRelease.id, release.id])).toEqual([
      ['htsr_2030_rev_2', 'htsr_2030_rev_3'],
    ]);
    expect(next.hasMore).toBe(false);
    const since = await listHtsChangeSets(deps.db.stores, {
      limit: 10,
      sinceMs: Date.parse('2026-11-22T11:00:00.001Z'),
    });
    expect(since.data.map(({ release }) => release.id)).toEqual(['htsr_2030_rev_3']);
    expect(
      (await listHtsChangeSets(deps.db.stores, { limit: 10, sinceMs: Date.parse('2026-11-22T12:00:00.001Z') })).data,
    ).toEqual([]);
    await expect(listHtsChangeSets(deps.db.stores, { limit: 1, cursor: 'not-a-cursor' })).rejects.toThrow(
      InvalidCursor,
    );
  });

  it('is recorded for the successor when an older revision is backfilled under it', async () => {
    await importHtsFile(deps, v2);
    const backfill = await importHtsFile(deps, v1);
    expect(backfill).toMatchObject({ outcome: 'imported', changeSet: null });
    const successor = await deps.db.stores.changes.findByReleaseId('htsr_2030_rev_2');
    expect(successor).toMatchObject({
      previousReleaseId: 'htsr_2030_rev_1',
      counts: { added: 1, removed: 1, rateChanged: 1, descriptionChanged: 1 },
    });
  });
});

describe('looking up lines', () => {
  it('finds a line by any written form in the release in force on a date', async () => {
    await importBoth();
    for (const code of ['6109.10.0012', '6109.10.00.12', '6109100012']) {
      const found = await findHtsLine(deps.db.stores.releases, code, '2030-02-01');
      expect(found).toMatchObject({
        found: true,
        release: { id: 'htsr_2030_rev_1' },
        line: { code: '6109100012', statisticalSuffix: '12', units: ['doz.', 'kg'], general: null },
        rateLine: { code: '61091000', general: '16.5%' },
        rates: {
          general: '16.5%',
          special: 'Free (AU,BH,CL,CO,IL,JO,KR,MA,OM,P,PA,PE,S,SG)',
          other: '90%',
          additionalDuties: null,
        },
      });
    }
    expect(await findHtsLine(deps.db.stores.releases, '0101.30.0000', '2030-03-01')).toMatchObject({
      release: { id: 'htsr_2030_rev_2' },
      rates: { general: '7%' },
    });
    expect(await findHtsLine(deps.db.stores.releases, '0101.30.0000', '2030-02-28')).toMatchObject({
      release: { id: 'htsr_2030_rev_1' },
      rates: { general: '6.8%' },
    });
  });

  it('finds headings, and an 8-digit subheading published only as its 00 line', async () => {
    await importBoth();
    expect(await findHtsLine(deps.db.stores.releases, '6109', '2030-06-01')).toMatchObject({
      found: true,
      line: { code: '6109', indent: 0 },
      rateLine: null,
    });
    expect(await findHtsLine(deps.db.stores.releases, '0101.30.00', '2030-06-01')).toMatchObject({
      found: true,
      line: { code: '0101300000' },
    });
  });

  it('says why when there is no line', async () => {
    await importBoth();
    expect(await findHtsLine(deps.db.stores.releases, '6109.10.0014', '2030-06-01')).toEqual({
      found: false,
      reason: 'not_found',
      message: '6109.10.0014 is not in the HTS in force on 2030-06-01 (2030 Revision 2)',
    });
    expect(await findHtsLine(deps.db.stores.releases, '6109.1', '2030-06-01')).toMatchObject({
      found: false,
      reason: 'invalid_code',
    });
    expect(await findHtsLine(deps.db.stores.releases, '6109', '2030-01-14')).toEqual({
      found: false,
      reason: 'no_release',
      message: 'no HTS release is in force on 2030-01-14',
    });
  });

  it('gives the history of a code across releases', async () => {
    await importBoth();
    const history = await htsLineHistory(deps.db.stores.releases, '0101.30.00.00');
    if (!history.found) throw new Error(history.message);
    expect(
      history.entries.map((entry) => [entry.release.id, entry.validFrom, entry.validTo, entry.rates.general]),
    ).toEqual([
      ['htsr_2030_rev_1', '2030-01-15', '2030-03-01', '6.8%'],
      ['htsr_2030_rev_2', '2030-03-01', null, '7%'],
    ]);
    const removed = await htsLineHistory(deps.db.stores.releases, '6109100014');
    expect(removed).toMatchObject({
      found: true,
      entries: [{ release: { id: 'htsr_2030_rev_1' }, validTo: '2030-03-01', rates: { general: '16.5%' } }],
    });
  });
});

describe("the calculator's line source", () => {
  it('answers from the release in force held in memory exactly as from the store, reading the store only for codes it lacks', async () => {
    await importBoth();
    const store = new HtsReleaseRepository(db.knex);
    const held = new ReleaseLineSource(store);
    await held.warm();
    // The same source over a store that lends it no lines: every answer comes from store reads.
    const fromStore = new ReleaseLineSource(
      Object.assign(Object.create(store) as HtsReleaseRepository, { linesOf: async () => [] }),
    );
    await fromStore.warm();
    const codes = (await store.linesOf('htsr_2030_rev_2')).map((line) => line.code as string);
    expect(codes.length).toBeGreaterThan(10);
    const written = [
      ...codes,
      ...codes.filter((code) => code.length === 10).map((code) => code.slice(0, 8)),
      '6109.10.00.12',
      '0101.30.00',
      '6109100014',
      '9999999999',
    ];
    const dates = ['2030-03-01', '2031-06-30'];
    const expected = [];
    for (const date of dates)
      for (const code of written) expected.push([code, date, await fromStore.lineInForce(code, date)]);
    const reads = jest.spyOn(store, 'findLine');
    const answered = [];
    for (const date of dates)
      for (const code of written) answered.push([code, date, await held.lineInForce(code, date)]);
    expect(answered).toEqual(expected);
    // Only the codes the release lacks were read from the store (to say which release has them).
    expect(new Set(reads.mock.calls.map(([, code]) => code))).toEqual(new Set(['6109100014', '9999999999']));
    // Before the release in force: the store answers, with the release of that date.
    expect(await held.lineInForce('0101300000', '2030-02-01')).toMatchObject({
      status: 'found',
      line: { general: '6.8%', release: { id: 'htsr_2030_rev_1' } },
    });
    expect(reads).toHaveBeenCalled();
  });
  it('drops a load begun before an import in this process, and loads the new release in force', async () => {
    await importHtsFile(deps, v1);
    const store = new HtsReleaseRepository(db.knex);
    let open = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    let first = true;
    // The first load lists the releases before the import, then waits until the import is done.
    const gated = Object.assign(Object.create(store) as HtsReleaseRepository, {
      listByEffectiveDate: async () => {
        const all = await store.listByEffectiveDate();
        if (first) {
          first = false;
          await gate;
        }
        return all;
      },
    });
    const held = new ReleaseLineSource(gated);
    const loading = held.warm();
    await importHtsFile(deps, v2);
    held.clear();
    open();
    await loading;
    expect(await held.lineInForce('0101300000', '2030-06-01')).toMatchObject({
      status: 'found',
      line: { general: '7%', release: { id: 'htsr_2030_rev_2' } },
    });
    await held.warm();
    expect(await held.lineInForce('0101300000', '2030-06-01')).toMatchObject({
      status: 'found',
      line: { general: '7%', release: { id: 'htsr_2030_rev_2' } },
    });
  });
});

describe('lines stored once per run of unchanged releases', () => {
  const v1json = {
    bytes: htsFixture('schedule-v1.json'),
    revision: { year: 2030, revision: 3 },
    source: 'schedule-v1.json',
    effectiveDate: '2030-05-01',
  };
  const store = () => new HtsReleaseRepository(db.knex);

  /** Each release reads back exactly as its own file: every row, in order, with its texts. */
  async function expectReleasesAsTheirFiles(files: Array<{ id: string; bytes: Buffer }>): Promise<void> {
    for (const { id, bytes } of files) {
      const expected = (await readHtsFile(bytes)).lines;
      expect((await store().searchableLines(id)).map((line) => [line.code, line.descriptionPath])).toEqual(
        expected.map((line) => [line.code, line.descriptionPath]),
      );
      for (const line of expected.filter((row) => row.code !== null)) {
        const { releaseId: _id, ...stored } = (await store().findLine(id, line.code as string)) ?? { releaseId: '' };
        const { position: _position, ...own } = line;
        expect(stored).toEqual(own);
      }
    }
  }
  const files = [
    { id: 'htsr_2030_rev_1', bytes: v1.bytes },
    { id: 'htsr_2030_rev_2', bytes: v2.bytes },
    { id: 'htsr_2030_rev_3', bytes: v1json.bytes },
  ];

  it('keeps an unchanged line as one version across releases, whatever order they are imported in', async () => {
    for (const release of [v1, v2, v1json]) await importHtsFile(deps, release);
    const inOrder = await store().versionCount();
    await expectReleasesAsTheirFiles(files);

    await clearHtsTables(db);
    for (const release of [v1json, v2, v1]) await importHtsFile(deps, release);
    expect(await store().versionCount()).toBe(inOrder);
    await expectReleasesAsTheirFiles(files);
    // 19 rows in Rev 1, far fewer new versions for the two releases after it.
    expect(inOrder).toBeLessThan(19 * 2);
  });

  it('splits a version when a release with another text is imported inside its run', async () => {
    await importHtsFile(deps, v1);
    await importHtsFile(deps, v1json);
    await importHtsFile(deps, v2);
    await expectReleasesAsTheirFiles(files);
    expect((await htsLineHistory(deps.db.stores.releases, '0101.21.00')).found).toBe(true);
  });
});

describe('alerts', () => {
  it("a change set writes one tariff.changed event per concerned alert, in the outbox, in the alert's mode", async () => {
    const alerts = { alerts: deps.db.stores.alerts, clock: deps.clock };
    const watchesShirts = await createTariffAlert(alerts, 'acct_1', true, {
      htsPrefixes: ['6109.10'],
      countries: ['cn', 'VN'],
    });
    const watchesHorses = await createTariffAlert(alerts, 'acct_2', false, {
      htsPrefixes: ['0101.30.00.00', '0101.21'],
    });
    await createTariffAlert(alerts, 'acct_3', true, { htsPrefixes: ['8471'] });
    const { second } = await importBoth();
    expect(second.eventsWritten).toBe(2);
    const rows = await db.knex('outbox_events').orderBy('account_id');
    expect(
      rows.map((row) => [
        row.type,
        row.account_id,
        toBool(row.livemode),
        Number(row.created_at),
        row.delivered_at,
        Number(row.attempts),
      ]),
    ).toEqual([
      ['tariff.changed', 'acct_1', true, second.changeSet?.createdAt, null, 0],
      ['tariff.changed', 'acct_2', false, second.changeSet?.createdAt, null, 0],
    ]);
    const [shirts, horses] = rows.map((row) => JSON.parse(row.data));
    expect(shirts).toMatchObject({
      alert_id: watchesShirts.id,
      countries: ['CN', 'VN'],
      change_set_id: second.changeSet?.id,
      release: { id: 'htsr_2030_rev_2', effective_date: '2030-03-01' },
      change_count: 2,
      changes: [
        { kind: 'removed', hts_code: '6109.10.0014' },
        { kind: 'added', hts_code: '6109.10.0040' },
      ],
    });
    expect(horses).toMatchObject({ alert_id: watchesHorses.id, change_count: 2 });
    expect(horses.changes.map((change: { kind: string }) => change.kind)).toEqual([
      'description_changed',
      'rate_changed',
    ]);
    expect(rows.every((row) => /^evt_[0-9a-hjkmnp-tv-z]{26}$/.test(row.id))).toBe(true);
  });

  it('a backfilled older revision writes no events', async () => {
    await createTariffAlert({ alerts: deps.db.stores.alerts, clock: deps.clock }, 'acct_1', true, {
      htsPrefixes: ['01'],
    });
    await importHtsFile(deps, v2);
    await importHtsFile(deps, v1);
    const [{ count }] = await db.knex('outbox_events').count({ count: '*' });
    expect(Number(count)).toBe(0);
  });
});
