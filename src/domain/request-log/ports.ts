import type { Page } from '../shared';
import type { RequestLogEntry, RequestLogFilter } from './model';

/** Where the request log is kept. */
export interface RequestLogStore {
  /** Writes one batch in one statement. */
  insert(entries: RequestLogEntry[]): Promise<void>;
  /** The account's entries of one mode since `since`, newest first. */
  page(
    accountId: string,
    livemode: boolean,
    filter: RequestLogFilter & { since: number },
    limit: number,
    cursor?: string,
  ): Promise<Page<RequestLogEntry>>;
  /** The newest entry with this request id (a caller may send the same X-Request-Id twice). */
  findByRequestId(
    accountId: string,
    livemode: boolean,
    requestId: string,
    since: number,
  ): Promise<RequestLogEntry | null>;
}
