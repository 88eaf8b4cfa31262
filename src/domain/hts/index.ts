/** The hts capability's public surface: code outside src/domain/hts imports it from here. */
export type { HtsChange, HtsChangeKind, HtsChangeSet, HtsLineSnapshot } from './hts-change';
export { type HtsChangeSetEntry, listHtsChanges, listHtsChangeSets } from './hts-change-feed.service';
export { htsChangeView, htsReleaseRef } from './hts-change-view';
export {
  findHtsLine,
  findHtsLineIn,
  type HtsHistoryEntry,
  htsLineHistory,
  type HtsLineRates,
  type HtsLineView,
  type HtsLookupFailure,
} from './hts-lookup.service';
export {
  type AvailableHtsRelease,
  type CreatedAtCursor,
  type HtsChangeStore,
  type HtsDatabase,
  type HtsFileReader,
  type HtsReleaseSource,
  type HtsReleaseStore,
  HtsSourceUnavailable,
  type HtsStores,
  type OutboxEvent,
  type OutboxStore,
  type TariffAlertStore,
} from './hts-ports';
export {
  backfillHtsReleases,
  type HtsRefreshDeps,
  type HtsRefreshResult,
  refreshHtsReleases,
} from './hts-refresh.service';
export { ensureInitialRelease } from './initial-release';
export {
  compareRevisions,
  descriptionPathSeparator,
  dottedHtsCode,
  type EffectiveDateSource,
  htsChapter,
  htsDigits,
  type HtsFileContents,
  type HtsFileFormat,
  HtsFileRejected,
  type HtsFootnote,
  type HtsLine,
  type HtsRelease,
  type HtsRevision,
  type HtsRow,
  htsTariffLineDigits,
  normaliseText,
  type StoredHtsLine,
} from './model';
export type { ComparableHtsLine } from './release-diff';
export { type TariffAlert, tariffAlertView } from './tariff-alert';
export {
  createAccountAlert,
  createTariffAlert,
  deleteAccountAlert,
  listTariffAlerts,
  TariffAlertInvalid,
  type TariffAlertInput,
} from './tariff-alerts.service';
