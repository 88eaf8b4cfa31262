import type { HtsChange, HtsChangeSet } from './hts-change';
import type { HtsFileContents, HtsFileFormat, HtsLine, HtsRelease, HtsRevision, StoredHtsLine } from './model';
import type { ComparableHtsLine } from './release-diff';
import type { TariffAlert } from './tariff-alert';

/**
 * Reads one official HTS export (src/reference/hts implements it). Both throw
 * `HtsFileRejected` (model.ts) with the reason for a damaged, malformed, truncated or incomplete file.
 */
export interface HtsFileReader {
  /** The export itself: a gzipped copy is unpacked, so a release has one sha256 however it was stored. */
  unpack(bytes: Buffer): Buffer;
  /**
   * The file's lines, in the format given or sniffed from the content. Reading a release takes about
   * a second, in the API's process: the reader gives other requests turns meanwhile.
   */
  read(bytes: Buffer, format?: HtsFileFormat): Promise<HtsFileContents>;
}

/** The storage this capability needs; src/db/repositories implements it on knex. */
export interface HtsReleaseStore {
  count(): Promise<number>;
  findById(id: string): Promise<HtsRelease | null>;
  findByRevision(revision: HtsRevision): Promise<HtsRelease | null>;
  /** The highest revision imported, or null when none is. */
  newest(): Promise<HtsRelease | null>;
  /** The highest revision imported below the given one. */
  newestBefore(revision: HtsRevision): Promise<HtsRelease | null>;
  /** The lowest revision imported above the given one. */
  oldestAfter(revision: HtsRevision): Promise<HtsRelease | null>;
  /** The release with the latest effective date on or before `date` (YYYY-MM-DD). */
  inForceOn(date: string): Promise<HtsRelease | null>;
  /** All releases, by effective date then revision. */
  listByEffectiveDate(): Promise<HtsRelease[]>;
  insertWithLines(release: HtsRelease, lines: HtsLine[]): Promise<void>;
  /** The numbered lines of a release, for diffing. */
  comparableLines(releaseId: string): Promise<ComparableHtsLine[]>;
  findLine(releaseId: string, code: string): Promise<StoredHtsLine | null>;
  /** Every numbered line of a release (the calculator holds the release in force in memory). */
  linesOf(releaseId: string): Promise<StoredHtsLine[]>;
  /** The code's line in every release that has it, each with its rate-bearing ancestor. */
  lineAcrossReleases(code: string): Promise<Array<{ line: StoredHtsLine; rateLine: StoredHtsLine | null }>>;
}

export interface CreatedAtCursor {
  createdAt: number;
  id: string;
}

export interface HtsChangeStore {
  insert(changeSet: HtsChangeSet, changes: HtsChange[]): Promise<void>;
  findById(id: string): Promise<HtsChangeSet | null>;
  findByReleaseId(releaseId: string): Promise<HtsChangeSet | null>;
  /** Change sets ordered by (createdAt, id), after the cursor, created at or after `sinceMs`. */
  list(options: { sinceMs?: number; after?: CreatedAtCursor; limit: number }): Promise<HtsChangeSet[]>;
  /** A change set's changes in order; `afterSeq` pages on. */
  listChanges(
    changeSetId: string,
    options: { afterSeq?: number; limit: number },
  ): Promise<Array<HtsChange & { seq: number }>>;
}

/** Alerts are reached through the owning account and mode: another account's or mode's alert is not found. */
export interface TariffAlertStore {
  insert(alert: TariffAlert): Promise<void>;
  findForAccount(accountId: string, livemode: boolean, id: string): Promise<TariffAlert | null>;
  listForAccount(
    accountId: string,
    livemode: boolean,
    options: { after?: CreatedAtCursor; limit: number },
  ): Promise<TariffAlert[]>;
  /** True when the account's alert in this mode existed and is now gone. */
  deleteForAccount(accountId: string, livemode: boolean, id: string): Promise<boolean>;
  /** Every account's alerts in both modes, to match a change set against. */
  listAll(): Promise<TariffAlert[]>;
}

export interface OutboxEvent {
  id: string;
  type: string;
  accountId: string | null;
  /** False for events of test-mode resources (delivered only to test webhooks). */
  livemode: boolean;
  createdAt: number;
  data: unknown;
}

export interface OutboxStore {
  append(events: OutboxEvent[]): Promise<void>;
}

export interface HtsStores {
  releases: HtsReleaseStore;
  changes: HtsChangeStore;
  alerts: TariffAlertStore;
  outbox: OutboxStore;
}

/** The stores, plus a transaction in which a whole import commits or nothing does. */
export interface HtsDatabase {
  stores: HtsStores;
  transaction<T>(work: (stores: HtsStores) => Promise<T>): Promise<T>;
}

/** A revision a source offers, and where to fetch it. */
export interface AvailableHtsRelease extends HtsRevision {
  format: HtsFileFormat;
  /** URL or file path. */
  location: string;
  /** YYYY-MM-DD when the source states it (USITC's releaseList does; a directory does not). */
  effectiveDate: string | null;
  /** Tried when `location` refuses (USITC's live export of the current release). */
  fallbackLocation?: string;
}

/** Where new HTS revisions come from: USITC over HTTP, or a local directory. */
export interface HtsReleaseSource {
  /** Names the source in logs and results. */
  readonly description: string;
  listReleases(): Promise<AvailableHtsRelease[]>;
  fetchRelease(release: AvailableHtsRelease): Promise<Buffer>;
}

/**
 * The source could not be reached or the download did not complete (network error, HTTP error,
 * fewer bytes than announced): nothing is imported and the refresh should be retried.
 */
export class HtsSourceUnavailable extends Error {
  override readonly name = 'HtsSourceUnavailable';
}
