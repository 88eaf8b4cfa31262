import { type AccountScope, type Clock, DomainError, type Page } from '../shared';
import type { RequestLogEntry, RequestLogFilter, StatusRange } from './model';
import type { RequestLogStore } from './ports';

/** How long the request log is kept (the retention job prunes older entries; nothing older is shown). */
export const requestLogRetentionMs = 30 * 24 * 60 * 60 * 1000;

/**
 * A status filter as a person types it: a class (`2xx`, `4xx`) or an exact status (`404`).
 * Empty is no filter.
 */
export function parseStatusFilter(text: string): StatusRange | undefined {
  const value = text.trim().toLowerCase();
  if (value === '') return undefined;
  const range = /^([1-5])xx$/.exec(value);
  if (range) return { from: Number(range[1]) * 100, to: Number(range[1]) * 100 + 99 };
  if (/^[1-5][0-9]{2}$/.test(value)) return { from: Number(value), to: Number(value) };
  const message = 'must be a status class such as 4xx, or a status such as 404';
  throw new DomainError('invalid_input', `The status filter ${message}.`, [{ field: 'status', in: 'query', message }]);
}

/** The account's request log, in one mode, over the last 30 days. */
export class RequestLogService {
  constructor(private readonly deps: { store: RequestLogStore; clock: Clock }) {}

  private since(): number {
    return this.deps.clock.now().getTime() - requestLogRetentionMs;
  }

  list(owner: AccountScope, filter: RequestLogFilter, limit: number, cursor?: string): Promise<Page<RequestLogEntry>> {
    return this.deps.store.page(owner.accountId, owner.livemode, { ...filter, since: this.since() }, limit, cursor);
  }

  async get(owner: AccountScope, requestId: string): Promise<RequestLogEntry> {
    const entry = await this.deps.store.findByRequestId(owner.accountId, owner.livemode, requestId, this.since());
    if (!entry) throw new DomainError('not_found', `No request ${requestId} in the last 30 days.`);
    return entry;
  }
}
