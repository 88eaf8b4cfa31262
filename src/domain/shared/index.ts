/** The shared capability's public surface: code outside src/domain/shared imports it from here. */
export type { AccountScope } from './account-scope';
export { apiVersions, currentApiVersion } from './api-versions';
export { isCalendarDate } from './calendar-date';
export {
  accountQuotaSubject,
  type Caller,
  type EntitlementPlan,
  entitlementPlanOf,
  type KeyMode,
  type PlanName,
  planNames,
  quotaSubjectOf,
  subjectOf,
} from './caller';
export { type Clock, systemClock } from './clock';
export { giveWayAfterMs, givingWay } from './give-way';
export {
  changedMeanwhile,
  conflict,
  type ConflictCode,
  DomainError,
  type DomainErrorKind,
  type FieldIssue,
  invalidInput,
} from './errors';
export { newId } from './ids';
export type { ImportProgress, ImportStep } from './import-progress';
export { OAuthTokenCache, readIssuedToken } from './oauth-token-cache';
export { newOutboxEvent, type OutboxEvent } from './outbox-event';
export { drawTable, type Pdf, type PdfColumn, type PdfRow, stampFooters, startPdf, startTable } from './pdf-document';
export {
  type Cell,
  type Table,
  type TableFormat,
  tableMediaTypes,
  withoutFormulaGuard,
  writeTable,
} from './table-file';
export { allPages, decodeCursor, isCreatedAtCursor, type Page, pageOf } from './page-cursor';
export { WorkerOutOfMemoryError, WorkerPool, type WorkerPoolOptions, workerEntryBeside } from './worker-pool';
export { checkZipBounds, type ZipLimits } from './zip-bounds';
