import fs from 'node:fs';
import path from 'node:path';
import { createTestDatabase, TestDatabase } from '../../support/database';
import { htsDataFolder, htsImportDeps, realHtsFile, rev3AndRev4 } from '../../support/hts-fixtures';
import { htsChangeView } from '../../../src/domain/hts/hts-change-view';
import { HtsImported, importHtsFile } from '../../../src/domain/hts/hts-import.service';
import { findHtsLine, htsLineHistory } from '../../../src/domain/hts/hts-lookup.service';
import { listHtsChanges } from '../../../src/domain/hts/hts-change-feed.service';
import { backfillHtsReleases, refreshHtsReleases } from '../../../src/domain/hts/hts-refresh.service';
import { ensureInitialRelease } from '../../../src/domain/hts/initial-release';
import { createTariffAlert } from '../../../src/domain/hts/tariff-alerts.service';
import { DirectoryHtsSource } from '../../../src/reference/hts/directory-hts-source';
import { readHtsFile, unpackHtsFile } from '../../../src/reference/hts/hts-file';
import { releaseSequence } from '../../../src/db/repositories/hts-release.repository';

/**
 * USITC's real CSV exports of HTS 2026 Rev 3 and Rev 4 (data/hts), in a data folder of their own.
 * The expected change set was established independently of this code: a plain diff of the two
 * files and a keyed comparison of their rows (Python's csv module) agree on 11 lines added
 * (the Section 122 headings 9903.03.01–.11), 24 own descriptions edited, nothing removed and no
 * rate text changed.
 */
const dataFolder = htsDataFolder(rev3AndRev4);
const htsDir = path.join(dataFolder, 'hts');
afterAll(() => fs.rmSync(dataFolder, { recursive: true, force: true }));

const section122 = Array.from({ length: 11 }, (_, i) => `9903.03.${String(i + 1).padStart(2, '0')}`);
const editedDescriptions = [
  '2404.19.0510', // "containing nicotine" → "without nicotine"
  '2404.19.1010',
  '7108', // "semimanufactured" → "semi-manufactured"
  '8539.52.0010', // statistical note 7 → 8
  '8539.52.0020',
  '8539.52.0030',
  '8539.52.0040',
  '8541.42.0010', // statistical note 10 → 12
  '8541.43.0010',
  '8544.42.9010', // statistical note 6 → 7
  '9903.45.21', // compiler's note: the solar safeguard has expired
  '9903.45.22',
  '9903.45.25',
  '9903.45.27',
  '9903.45.29',
  '9903.79.01', // trailing full stop removed
  '9903.79.02',
  '9903.79.03',
  '9903.79.04',
  '9903.79.05',
  '9903.79.06',
  '9903.79.07',
  '9903.79.08',
  '9903.79.09',
];

describe('HTS 2026 Rev 3 → Rev 4 (real USITC exports)', () => {
  let db: TestDatabase;
  let deps: ReturnType<typeof htsImportDeps>;
  let rev4: HtsImported;

  beforeAll(async () => {
    db = await createTestDatabase();
    deps = htsImportDeps(db);
    const alerts = { alerts: deps.db.stores.alerts, clock: deps.clock };
    await createTariffAlert(alerts, 'acct_s122', true, { htsPrefixes: ['9903.03'], countries: ['CN'] });
    await createTariffAlert(alerts, 'acct_lamps', true, { htsPrefixes: ['8539'] });
    await createTariffAlert(alerts, 'acct_shirts', true, { htsPrefixes: ['6109'] });

    const rev3 = path.join(htsDir, 'hts_2026_revision_3_csv.csv');
    const first = await importHtsFile(deps, {
      bytes: fs.readFileSync(rev3),
      revision: { year: 2026, revision: 3 },
      source: rev3,
    });
    expect(first.outcome).toBe('imported');
    // Rev 4 arrives through the daily refresh, from the data directory.
    const refresh = await refreshHtsReleases({ ...deps, source: new DirectoryHtsSource(htsDir) });
    expect(refresh).toMatchObject({ rejected: [], retry: null });
    expect(refresh.imported).toHaveLength(1);
    rev4 = refresh.imported[0];
  }, 120_000);
  afterAll(async () => db.destroy());

  it('keeps both releases with their metadata', async () => {
    const releases = await deps.db.stores.releases.listByEffectiveDate();
    expect(
      releases.map(({ id, effectiveDate, effectiveDateSource, format, rowCount, lineCount }) => ({
        id,
        effectiveDate,
        effectiveDateSource,
        format,
        rowCount,
        lineCount,
      })),
    ).toEqual([
      {
        id: 'htsr_2026_rev_3',
        effectiveDate: '2026-02-12',
        effectiveDateSource: 'timeline',
        format: 'csv',
        rowCount: 35_722,
        lineCount: 29_796,
      },
      {
        id: 'htsr_2026_rev_4',
        effectiveDate: '2026-02-24',
        effectiveDateSource: 'timeline',
        format: 'csv',
        rowCount: 35_733,
        lineCount: 29_807,
      },
    ]);
    expect(releases[0].sha256.slice(0, 8)).toBe('e10c4742');
    expect(releases[1].sha256.slice(0, 8)).toBe('911acd99');
    for (const release of releases) {
      const lines = await deps.db.stores.releases.comparableLines(release.id);
      expect(lines.filter((line) => line.code.length === 10)).toHaveLength(19_856);
    }
  });

  it('records exactly the changes between them', async () => {
    expect(rev4.changeSet?.counts).toEqual({ added: 11, removed: 0, rateChanged: 0, descriptionChanged: 24 });
    const page = await listHtsChanges(deps.db.stores.changes, rev4.changeSet?.id as string, { limit: 100 });
    const views = page.data.map(htsChangeView);
    expect(views.filter((c) => c.kind === 'added').map((c) => c.hts_code)).toEqual(section122);
    expect(views.filter((c) => c.kind === 'description_changed').map((c) => c.hts_code)).toEqual(editedDescriptions);
    expect(views.find((c) => c.hts_code === '9903.03.01')?.after).toMatchObject({
      general: 'The duty provided in the applicable subheading + 10%',
      special: 'The duty provided in the applicable subheading + 10%',
      other: 'The duty provided in the applicable subheading + 10%',
    });
    expect(views.find((c) => c.hts_code === '7108')).toEqual({
      kind: 'description_changed',
      hts_code: '7108',
      before: {
        description:
          'Gold (including gold plated with platinum) unwrought or in semimanufactured forms, or in powder form:',
      },
      after: {
        description:
          'Gold (including gold plated with platinum) unwrought or in semi-manufactured forms, or in powder form:',
      },
    });
  });

  it('alerts the accounts watching what changed', async () => {
    expect(rev4.eventsWritten).toBe(2);
    const rows = await db.knex('outbox_events').orderBy('account_id');
    expect(rows.map((row) => [row.account_id, JSON.parse(row.data).change_count])).toEqual([
      ['acct_lamps', 4],
      ['acct_s122', 11],
    ]);
  });

  it('resolves any date to the release in force on it', async () => {
    const inForce = async (date: string) => (await deps.db.stores.releases.inForceOn(date))?.id ?? null;
    expect(await inForce('2026-02-11')).toBeNull();
    expect(await inForce('2026-02-12')).toBe('htsr_2026_rev_3');
    expect(await inForce('2026-02-23')).toBe('htsr_2026_rev_3');
    expect(await inForce('2026-02-24')).toBe('htsr_2026_rev_4');
    expect(await inForce('2026-11-22')).toBe('htsr_2026_rev_4');
    expect(await findHtsLine(deps.db.stores.releases, '9903.03.01', '2026-02-23')).toMatchObject({
      found: false,
      reason: 'not_found',
    });
    expect(await findHtsLine(deps.db.stores.releases, '9903.03.01', '2026-02-24')).toMatchObject({
      found: true,
      release: { id: 'htsr_2026_rev_4' },
    });
  });

  it('answers a statistical line with its path, units and inherited rates', async () => {
    const found = await findHtsLine(deps.db.stores.releases, '6109.10.00.12', '2026-03-01');
    expect(found).toMatchObject({
      found: true,
      line: {
        code: '6109100012',
        statisticalSuffix: '12',
        units: ['doz.', 'kg'],
        general: null,
        descriptionPath: expect.stringMatching(
          /^T-shirts, singlets, tank tops and similar garments, knitted or crocheted > Of cotton > .+ > Men's \(338\)$/,
        ),
      },
      rateLine: { code: '61091000' },
      rates: { general: '16.5%', special: 'Free (AU,BH,CL,CO,IL,JO,KR,MA,OM,P,PA,PE,S,SG)', other: '90%' },
    });
  });

  it('gives the history of a code across both releases', async () => {
    const shirts = await htsLineHistory(deps.db.stores.releases, '6109.10.0012');
    if (!shirts.found) throw new Error(shirts.message);
    expect(
      shirts.entries.map((e) => [e.release.id, e.validFrom, e.validTo, e.rates.general, e.rateLine?.code]),
    ).toEqual([
      ['htsr_2026_rev_3', '2026-02-12', '2026-02-24', '16.5%', '61091000'],
      ['htsr_2026_rev_4', '2026-02-24', null, '16.5%', '61091000'],
    ]);
    const semiconductors = await htsLineHistory(deps.db.stores.releases, '9903.79.01');
    if (!semiconductors.found) throw new Error(semiconductors.message);
    expect(
      semiconductors.entries.map((e) => [e.release.id, e.rates.general, e.line.description.endsWith('.')]),
    ).toEqual([
      ['htsr_2026_rev_3', 'The duty provided in the applicable subheading +25%', true],
      ['htsr_2026_rev_4', 'The duty provided in the applicable subheading +25%', false],
    ]);
  });

  it('finds a rate for every ten-digit line but one (9802.00.91.00 has only a special rate)', async () => {
    const unrated = await db
      .knex('hts_line_versions')
      .where('valid_from', '<=', releaseSequence({ year: 2026, revision: 4 }))
      .andWhere('valid_to', '>=', releaseSequence({ year: 2026, revision: 4 }))
      .whereRaw('LENGTH(code) = 10')
      .whereNull('general_raw')
      .whereNull('rate_line_code')
      .pluck('dotted_code');
    expect(unrated).toEqual(['9802.00.9100']);
  });
});

describe('first start on the real data directory, then backfill', () => {
  let db: TestDatabase;
  afterAll(async () => db?.destroy());

  it('imports Rev 4 first, then Rev 3 with the same exact change set between them', async () => {
    db = await createTestDatabase();
    const local = { ...htsImportDeps(db), source: new DirectoryHtsSource(htsDir) };
    expect(await ensureInitialRelease(local)).toMatchObject({
      outcome: 'imported',
      release: { id: 'htsr_2026_rev_4' },
    });
    expect((await backfillHtsReleases(local)).imported.map(({ release }) => release.id)).toEqual(['htsr_2026_rev_3']);
    const changeSet = await local.db.stores.changes.findByReleaseId('htsr_2026_rev_4');
    expect(changeSet).toMatchObject({
      previousReleaseId: 'htsr_2026_rev_3',
      counts: { added: 11, removed: 0, rateChanged: 0, descriptionChanged: 24 },
    });
    const page = await listHtsChanges(local.db.stores.changes, changeSet?.id as string, { limit: 100 });
    expect(page.data.filter((c) => c.kind === 'added').map((c) => htsChangeView(c).hts_code)).toEqual(section122);
    expect(page.data.filter((c) => c.kind === 'description_changed').map((c) => htsChangeView(c).hts_code)).toEqual(
      editedDescriptions,
    );
  }, 120_000);
});

describe('the JSON export of a real release', () => {
  it('reads into the same lines as the CSV export, with the footnotes the CSV lacks', async () => {
    const fromCsv = await readHtsFile(fs.readFileSync(realHtsFile('hts_2026_revision_4_csv.csv')));
    const fromJson = await readHtsFile(unpackHtsFile(fs.readFileSync(realHtsFile('hts_2026_revision_4_json.json.gz'))));
    expect(fromJson.format).toBe('json');
    expect(fromJson.rowCount).toBe(35_733);
    expect(fromJson.lines).toHaveLength(fromCsv.lines.length);
    // Compared as JSON text: jest's deep equality on 35k objects takes seconds.
    const withoutFootnotes = (line: object) => JSON.stringify({ ...line, footnotes: [] });
    const firstDifference = fromJson.lines.findIndex(
      (line, i) => withoutFootnotes(line) !== withoutFootnotes(fromCsv.lines[i]),
    );
    expect(firstDifference).toBe(-1);
    expect(fromJson.lines.find((line) => line.code === '01022940')?.footnotes).toEqual(
      expect.arrayContaining([expect.objectContaining({ columns: ['general'] })]),
    );
  });
});

describe('three real 2025 releases around the reciprocal tariff headings, backfilled newest first', () => {
  const files = [
    'hts_2025_revision_6_json.json.gz',
    'hts_2025_revision_7_json.json.gz',
    'hts_2025_revision_9_json.json.gz',
  ];
  const folder = htsDataFolder(files);
  let db: TestDatabase;
  let local: ReturnType<typeof htsImportDeps> & { source: DirectoryHtsSource };
  beforeAll(async () => {
    db = await createTestDatabase();
    local = { ...htsImportDeps(db), source: new DirectoryHtsSource(path.join(folder, 'hts')) };
    expect(await ensureInitialRelease(local)).toMatchObject({
      outcome: 'imported',
      release: { id: 'htsr_2025_rev_9', effectiveDate: '2025-04-05' },
    });
    const progress: string[] = [];
    // A process told to stop ends the backfill after the file in hand; the next run goes on from there.
    const stopping = new AbortController();
    const stopped = await backfillHtsReleases({
      ...local,
      signal: stopping.signal,
      progress: (p) => {
        progress.push(`${p.done}/${p.total} ${p.item} ${p.outcome}`);
        stopping.abort();
      },
    });
    expect(stopped.retry).toEqual({ reason: 'stopped after 1 of 2 files' });
    const backfill = await backfillHtsReleases({
      ...local,
      progress: (p) => progress.push(`${p.done}/${p.total} ${p.item} ${p.outcome}`),
    });
    expect(progress).toEqual(['1/2 2025 Revision 7 imported', '1/1 2025 Revision 6 imported']);
    expect(backfill.rejected).toEqual([]);
  }, 120_000);
  afterAll(async () => {
    await db?.destroy();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('stores each line once for the releases it is unchanged in', async () => {
    const [{ count }] = await db.knex('hts_line_versions').count({ count: '*' });
    // Rev 9 has 35,938 rows; three copies would be 107,770.
    expect(Number(count)).toBeLessThan(37_000);
  });

  it('answers each date from the release in force, and the history across them', async () => {
    const before = await findHtsLine(local.db.stores.releases, '9903.01.25', '2025-04-01');
    expect(before).toMatchObject({ found: false, reason: 'not_found' });
    const reciprocal = await findHtsLine(local.db.stores.releases, '9903.01.25', '2025-04-03');
    expect(reciprocal).toMatchObject({
      found: true,
      release: { id: 'htsr_2025_rev_7' },
      rates: { general: expect.stringContaining('10%') },
    });
    const shirts = await htsLineHistory(local.db.stores.releases, '6109.10.0012');
    if (!shirts.found) throw new Error('no history');
    expect(shirts.entries.map((e) => [e.release.id, e.validFrom, e.validTo, e.rates.general])).toEqual([
      ['htsr_2025_rev_6', '2025-03-12', '2025-04-02', '16.5%'],
      ['htsr_2025_rev_7', '2025-04-02', '2025-04-05', '16.5%'],
      ['htsr_2025_rev_9', '2025-04-05', null, '16.5%'],
    ]);
  });

  it('records the change sets between neighbours, the reciprocal headings added in Rev 7', async () => {
    const rev7 = await local.db.stores.changes.findByReleaseId('htsr_2025_rev_7');
    expect(rev7).toMatchObject({ previousReleaseId: 'htsr_2025_rev_6' });
    const added = await local.db.stores.changes.listChanges(rev7?.id as string, { limit: 1000 });
    expect(added.filter((c) => c.kind === 'added').map((c) => htsChangeView(c).hts_code)).toContain('9903.01.25');
    expect(await local.db.stores.changes.findByReleaseId('htsr_2025_rev_9')).toMatchObject({
      previousReleaseId: 'htsr_2025_rev_7',
    });
  });
});
