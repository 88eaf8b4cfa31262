import type { Knex } from 'knex';
import { newestFirstPage } from './created-at-cursor';
import { readJsonColumn } from './json-column';
import { toBool, toNumber, toNumberOrNull } from '../row-values';
import type { OutboxEvent, OutboxStore } from '../../domain/hts';
import type { EventFilter, EventStore } from '../../domain/webhooks';
import type { EdiEventFeed } from '../../domain/edi';
import type { Page } from '../../domain/shared';

/** An event as any capability appends it; the subject is optional (tariff.changed has none). */
export interface OutboxEventInput extends OutboxEvent {
  subjectType?: string | null;
  subjectId?: string | null;
}

export interface StoredOutboxEvent extends OutboxEvent {
  subjectType: string | null;
  subjectId: string | null;
  deliveredAt: number | null;
  attempts: number;
}

export const fromOutboxRow = (row: Record<string, unknown>): StoredOutboxEvent => ({
  id: row.id as string,
  type: row.type as string,
  accountId: (row.account_id as string | null) ?? null,
  createdAt: toNumber(row.created_at),
  data: readJsonColumn(row.data),
  livemode: toBool(row.livemode),
  subjectType: (row.subject_type as string | null) ?? null,
  subjectId: (row.subject_id as string | null) ?? null,
  deliveredAt: toNumberOrNull(row.delivered_at),
  attempts: toNumber(row.attempts),
});

/**
 * Appends events to the transactional outbox; webhook delivery marks them dispatched (`delivered_at`:
 * fanned out into deliveries), the EDI sender marks those it sends documents on (`edi_handled_at`),
 * and the events API reads them back.
 */
export class OutboxEventRepository implements OutboxStore, EventStore, EdiEventFeed {
  constructor(private readonly knex: Knex) {}

  /** Appends events, inside the caller's transaction when given one. */
  async append(events: OutboxEventInput[], trx: Knex | Knex.Transaction = this.knex): Promise<void> {
    if (events.length === 0) return;
    await trx('outbox_events').insert(
      events.map((event) => ({
        id: event.id,
        type: event.type,
        created_at: event.createdAt,
        account_id: event.accountId,
        data: JSON.stringify(event.data),
        delivered_at: null,
        attempts: 0,
        livemode: event.livemode,
        subject_type: event.subjectType ?? null,
        subject_id: event.subjectId ?? null,
      })),
    );
  }

  /** Oldest undelivered events first. */
  async listUndelivered(limit: number): Promise<StoredOutboxEvent[]> {
    const rows = await this.knex('outbox_events').whereNull('delivered_at').orderBy(['created_at', 'id']).limit(limit);
    return rows.map(fromOutboxRow);
  }

  async listForSubject(subjectType: string, subjectId: string): Promise<StoredOutboxEvent[]> {
    const rows = await this.knex('outbox_events')
      .where({ subject_type: subjectType, subject_id: subjectId })
      .orderBy(['created_at', 'id']);
    return rows.map(fromOutboxRow);
  }

  /** One account's events of one mode since a time, newest first. */
  page(
    accountId: string,
    livemode: boolean,
    filter: EventFilter,
    limit: number,
    cursor?: string,
  ): Promise<Page<StoredOutboxEvent>> {
    const query = this.knex('outbox_events')
      .where({ account_id: accountId, livemode })
      .andWhere('created_at', '>=', filter.since);
    if (filter.type !== undefined) query.andWhere({ type: filter.type });
    return newestFirstPage(query, cursor, limit, fromOutboxRow, (event) => event.createdAt);
  }

  async find(accountId: string, livemode: boolean, id: string, since: number): Promise<StoredOutboxEvent | null> {
    const row = await this.knex('outbox_events')
      .where({ id, account_id: accountId, livemode })
      .andWhere('created_at', '>=', since)
      .first();
    return row ? fromOutboxRow(row) : null;
  }

  /** Events of these types the EDI sender has not handled, oldest first (`outbox_events_edi_pending`). */
  async unhandled(types: readonly string[], limit: number): Promise<StoredOutboxEvent[]> {
    const rows = await this.knex('outbox_events')
      .whereIn('type', types)
      .whereNull('edi_handled_at')
      .orderBy(['created_at', 'id'])
      .limit(limit);
    return rows.map(fromOutboxRow);
  }

  async markHandled(ids: readonly string[], at: number): Promise<void> {
    if (ids.length === 0) return;
    await this.knex('outbox_events').whereIn('id', ids).whereNull('edi_handled_at').update({ edi_handled_at: at });
  }

  async markDelivered(ids: readonly string[], at: number): Promise<void> {
    if (ids.length === 0) return;
    await this.knex('outbox_events').whereIn('id', ids).whereNull('delivered_at').update({ delivered_at: at });
  }
}
