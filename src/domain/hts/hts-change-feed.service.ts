import type { HtsChange, HtsChangeSet } from './hts-change';
import type { HtsChangeStore, HtsReleaseStore } from './hts-ports';
import type { HtsRelease } from './model';
import { decodeCursor, isCreatedAtCursor, Page, pageOf } from '../shared';

export interface HtsChangeSetEntry {
  changeSet: HtsChangeSet;
  release: HtsRelease;
  previousRelease: HtsRelease;
}

function isSeqCursor(value: unknown): value is { seq: number } {
  return typeof value === 'object' && value !== null && Number.isSafeInteger((value as { seq?: unknown }).seq);
}

/**
 * Change sets created at or after `sinceMs`, oldest first, paged by (created_at, id). Throws
 * InvalidCursor for a cursor this API did not issue.
 */
export async function listHtsChangeSets(
  stores: { releases: HtsReleaseStore; changes: HtsChangeStore },
  options: { sinceMs?: number; cursor?: string; limit: number },
): Promise<Page<HtsChangeSetEntry>> {
  const after = options.cursor === undefined ? undefined : decodeCursor(options.cursor, isCreatedAtCursor);
  const changeSets = await stores.changes.list({ sinceMs: options.sinceMs, after, limit: options.limit + 1 });
  const releases = new Map((await stores.releases.listByEffectiveDate()).map((release) => [release.id, release]));
  const entries = changeSets.map((changeSet) => ({
    changeSet,
    release: releases.get(changeSet.releaseId) as HtsRelease,
    previousRelease: releases.get(changeSet.previousReleaseId) as HtsRelease,
  }));
  return pageOf(entries, options.limit, ({ changeSet }) => ({ createdAt: changeSet.createdAt, id: changeSet.id }));
}

/** The changes of one change set in schedule order, paged. */
export async function listHtsChanges(
  changes: HtsChangeStore,
  changeSetId: string,
  options: { cursor?: string; limit: number },
): Promise<Page<HtsChange>> {
  const after = options.cursor === undefined ? undefined : decodeCursor(options.cursor, isSeqCursor).seq;
  const rows = await changes.listChanges(changeSetId, { afterSeq: after, limit: options.limit + 1 });
  const page = pageOf(rows, options.limit, (last) => ({ seq: last.seq }));
  return { ...page, data: page.data.map(({ seq: _seq, ...change }) => change) };
}
