import type { Knex } from 'knex';
import { newestFirstPage } from './created-at-cursor';
import { toBool, toNumber } from '../row-values';
import type { RequestLogEntry, RequestLogFilter, RequestLogStore } from '../../domain/request-log';
import type { Page } from '../../domain/shared';

const fromRow = (row: Record<string, unknown>): RequestLogEntry => ({
  id: row.id as string,
  accountId: row.account_id as string,
  livemode: toBool(row.livemode),
  keyId: row.key_id as string,
  host: row.host as string,
  method: row.method as string,
  path: row.path as string,
  status: toNumber(row.status),
  latencyMs: toNumber(row.latency_ms),
  requestId: row.request_id as string,
  createdAt: toNumber(row.created_at),
});

/** Above every character a path holds: `path >= p AND path < p + this` is "starts with p", on the index, in either dialect. */
const afterEveryCharacter = '\u{10FFFF}';

export class RequestLogRepository implements RequestLogStore {
  constructor(private readonly knex: Knex) {}

  async insert(entries: RequestLogEntry[]): Promise<void> {
    if (entries.length === 0) return;
    await this.knex('request_logs').insert(
      entries.map((entry) => ({
        id: entry.id,
        account_id: entry.accountId,
        livemode: entry.livemode,
        key_id: entry.keyId,
        host: entry.host,
        method: entry.method,
        path: entry.path,
        status: entry.status,
        latency_ms: entry.latencyMs,
        request_id: entry.requestId,
        created_at: entry.createdAt,
      })),
    );
  }

  page(
    accountId: string,
    livemode: boolean,
    filter: RequestLogFilter & { since: number },
    limit: number,
    cursor?: string,
  ): Promise<Page<RequestLogEntry>> {
    const query = this.knex('request_logs')
      .where({ account_id: accountId, livemode })
      .andWhere('created_at', '>=', filter.since);
    if (filter.status) query.andWhereBetween('status', [filter.status.from, filter.status.to]);
    if (filter.pathPrefix)
      query
        .andWhere('path', '>=', filter.pathPrefix)
        .andWhere('path', '<', `${filter.pathPrefix}${afterEveryCharacter}`);
    return newestFirstPage(query, cursor, limit, fromRow, (entry) => entry.createdAt);
  }

  async findByRequestId(
    accountId: string,
    livemode: boolean,
    requestId: string,
    since: number,
  ): Promise<RequestLogEntry | null> {
    const row = await this.knex('request_logs')
      .where({ account_id: accountId, livemode, request_id: requestId })
      .andWhere('created_at', '>=', since)
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .first();
    return row ? fromRow(row) : null;
  }
}
