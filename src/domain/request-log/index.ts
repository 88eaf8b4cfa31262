/** The request log capability's public surface: code outside src/domain/request-log imports it from here. */
export {
  type RequestLogEntry,
  type RequestLogFilter,
  type RequestOutcome,
  type RequestOwner,
  requestOwnerOf,
  type StatusRange,
} from './model';
export type { RequestLogStore } from './ports';
export { parseStatusFilter, RequestLogService, requestLogRetentionMs } from './request-log.service';
export { RequestRecorder, type RequestRecorderOptions } from './request-recorder';
