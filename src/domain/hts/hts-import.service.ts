import crypto from 'node:crypto';
import { knownEffectiveDate } from './revision-dates';
import { tariffChangedEvents } from './alert-matcher';
import { countChanges, HtsChange, HtsChangeSet } from './hts-change';
import type { HtsDatabase, HtsFileReader, HtsStores } from './hts-ports';
import {
  EffectiveDateSource,
  HtsFileContents,
  HtsFileFormat,
  HtsFileRejected,
  HtsRelease,
  htsReleaseId,
  HtsRevision,
  revisionTitle,
} from './model';
import { ComparableHtsLine, diffReleases } from './release-diff';
import { newId } from '../shared';

export interface HtsImportDeps {
  db: HtsDatabase;
  /** The official exports' reader (src/reference/hts/hts-file). */
  files: HtsFileReader;
  /** Epoch milliseconds now. */
  clock: () => number;
  /**
   * Called once a new release has committed, e.g. to build its search index ahead of the first
   * search (`HtsSearchIndexCache.rebuildFor`). A failure here does not undo the import: the
   * release is in the database, and whatever the hook prepares is a cache rebuilt on demand.
   */
  afterImport?: (release: HtsRelease) => Promise<unknown>;
}

export interface HtsImportRequest {
  /** The export as published, or gzipped. */
  bytes: Buffer;
  revision: HtsRevision;
  /** Sniffed from the content when not given. */
  format?: HtsFileFormat;
  /** URL or file path, recorded on the release. */
  source: string;
  /** YYYY-MM-DD; otherwise the documented date of the revision, otherwise today (first seen). */
  effectiveDate?: string | null;
  effectiveDateSource?: Extract<EffectiveDateSource, 'source' | 'given'>;
  publishedDate?: string | null;
}

export interface HtsImported {
  outcome: 'imported';
  release: HtsRelease;
  /** Null for the first release, which has nothing to be compared with. */
  changeSet: HtsChangeSet | null;
  changes: HtsChange[];
  eventsWritten: number;
}

export type HtsImportResult =
  HtsImported | { outcome: 'already_imported'; release: HtsRelease } | { outcome: 'rejected'; reason: string };

/** A new release with fewer lines than this share of its predecessor's is taken for a partial file. */
const minimumLineShare = 0.8;

function utcDate(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10);
}

function releaseDates(
  request: HtsImportRequest,
  now: number,
): Pick<HtsRelease, 'effectiveDate' | 'effectiveDateSource' | 'publishedDate'> {
  const publishedDate = request.publishedDate ?? null;
  if (request.effectiveDate) {
    return {
      effectiveDate: request.effectiveDate,
      effectiveDateSource: request.effectiveDateSource ?? 'given',
      publishedDate,
    };
  }
  const documented = knownEffectiveDate(request.revision);
  if (documented) return { effectiveDate: documented, effectiveDateSource: 'timeline', publishedDate };
  return { effectiveDate: utcDate(now), effectiveDateSource: 'first_seen', publishedDate };
}

/**
 * The revision imported already: from this same file (nothing to do), or from another (refused:
 * releases are never overwritten). The same file under another revision number is imported as a
 * release of its own: USITC republishes a release unchanged under the next number.
 */
async function existingRelease(
  stores: HtsStores,
  sha256: string,
  revision: HtsRevision,
): Promise<HtsImportResult | null> {
  const sameRevision = await stores.releases.findByRevision(revision);
  if (!sameRevision) return null;
  if (sameRevision.sha256 === sha256) return { outcome: 'already_imported', release: sameRevision };
  return {
    outcome: 'rejected',
    reason: `${sameRevision.title} is already imported from another file (sha256 ${sameRevision.sha256}); releases are never overwritten`,
  };
}

/** What `read` returns, or the reason the file is rejected. */
function orRejection<T>(read: () => T): T | string {
  try {
    return read();
  } catch (error) {
    return rejectionReason(error);
  }
}

/** The reason a file was rejected, as the result reports it; any other error is thrown on. */
function rejectionReason(error: unknown): string {
  if (error instanceof HtsFileRejected) return error.message;
  throw error;
}

/**
 * When an older revision is backfilled under a release that was imported first (and so has no
 * change set), the successor's change set against it is recorded now. A successor that already
 * has one keeps it: published change sets are not rewritten.
 */
async function recordSuccessorChangeSet(
  tx: HtsStores,
  release: HtsRelease,
  lines: ComparableHtsLine[],
  now: number,
): Promise<void> {
  const successor = await tx.releases.oldestAfter(release);
  if (!successor || (await tx.changes.findByReleaseId(successor.id))) return;
  const changes = await diffReleases(lines, await tx.releases.comparableLines(successor.id));
  await tx.changes.insert(
    {
      id: newId('hcs', now),
      releaseId: successor.id,
      previousReleaseId: release.id,
      counts: countChanges(changes),
      createdAt: now,
    },
    changes,
  );
}

/**
 * Imports one HTS file as a new release (unless the same file is already imported), records the
 * change set against the revision before it, and writes a tariff.changed event for each alert the
 * changes concern, all in one transaction. A file that is malformed, truncated or much smaller
 * than its predecessor is rejected with the reason, and the releases in force stay as they were.
 */
export async function importHtsFile(deps: HtsImportDeps, request: HtsImportRequest): Promise<HtsImportResult> {
  const { stores } = deps.db;
  const bytes = orRejection(() => deps.files.unpack(request.bytes));
  if (typeof bytes === 'string') return { outcome: 'rejected', reason: bytes };
  const sha256 = crypto.createHash('sha256').update(bytes).digest('hex');
  const existing = await existingRelease(stores, sha256, request.revision);
  if (existing) return existing;

  const contents: HtsFileContents | string = await deps.files.read(bytes, request.format).catch(rejectionReason);
  if (typeof contents === 'string') return { outcome: 'rejected', reason: contents };
  const numbered = contents.lines.filter((line): line is typeof line & { code: string } => line.code !== null);
  const previous = await stores.releases.newestBefore(request.revision);
  if (previous && numbered.length < previous.lineCount * minimumLineShare) {
    return {
      outcome: 'rejected',
      reason: `${numbered.length} HTS lines against ${previous.lineCount} in ${previous.title}: the file looks partial`,
    };
  }

  const now = deps.clock();
  const release: HtsRelease = {
    id: htsReleaseId(request.revision),
    year: request.revision.year,
    revision: request.revision.revision,
    title: revisionTitle(request.revision),
    ...releaseDates(request, now),
    format: contents.format,
    source: request.source,
    sha256,
    rowCount: contents.rowCount,
    lineCount: numbered.length,
    importedAt: now,
  };
  const changes = previous ? await diffReleases(await stores.releases.comparableLines(previous.id), numbered) : [];
  const changeSet: HtsChangeSet | null = previous
    ? {
        id: newId('hcs', now),
        releaseId: release.id,
        previousReleaseId: previous.id,
        counts: countChanges(changes),
        createdAt: now,
      }
    : null;

  let eventsWritten: number;
  try {
    eventsWritten = await deps.db.transaction(async (tx) => {
      await tx.releases.insertWithLines(release, contents.lines);
      await recordSuccessorChangeSet(tx, release, numbered, now);
      if (!changeSet || !previous) return 0;
      await tx.changes.insert(changeSet, changes);
      // A backfilled older revision is history, not news: only the newest release alerts.
      const newest = await tx.releases.newest();
      if (newest?.id !== release.id) return 0;
      const events = tariffChangedEvents(await tx.alerts.listAll(), {
        changeSet,
        release,
        previousRelease: previous,
        changes,
      });
      await tx.outbox.append(events);
      return events.length;
    });
  } catch (error) {
    // Another process imported the same revision meanwhile (unique year and revision).
    const raced = await existingRelease(stores, sha256, request.revision);
    if (raced) return raced;
    throw error;
  }
  if (deps.afterImport)
    await Promise.resolve()
      .then(() => deps.afterImport?.(release))
      .catch(() => undefined);
  return { outcome: 'imported', release, changeSet, changes, eventsWritten };
}
