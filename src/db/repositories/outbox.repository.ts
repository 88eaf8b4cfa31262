import type { Knex } from 'knex';
import type { OutboxEvent } from '../../domain/outbox-event';
import { parseJsonColumn, toNumber, toNumberOrNull, toBool } from '../row-values';

export interface StoredOutboxEvent extends OutboxEvent {
  deliveredAt: number | null;
}

interface OutboxRow {
  id: string;
  type: string;
  account_id: string | null;
  livemode: unknown;
  subject_type: string | null;
  subject_id: string | null;
  data: unknown;
  created_at: unknown;
  delivered_at: unknown;
}

const fromRow = (row: OutboxRow): StoredOutboxEvent => ({
  id: row.id,
  type: row.type,
  accountId: row.account_id,
  livemode: toBool(row.livemode),
  subjectType: row.subject_type,
  subjectId: row.subject_id,
  data: parseJsonColumn(row.data),
  createdAt: toNumber(row.created_at),
  deliveredAt: toNumberOrNull(row.delivered_at),
});

/** The transactional outbox shared by every capability; the webhook worker drains it. */
export class OutboxRepository {
  constructor(private readonly knex: Knex) {}

  /** Appends events, inside the caller's transaction when given one. */
  async append(events: readonly OutboxEvent[], trx: Knex | Knex.Transaction = this.knex): Promise<void> {
    if (events.length === 0) return;
    await trx('outbox_events').insert(
      events.map((e) => ({
        id: e.id,
        type: e.type,
        account_id: e.accountId,
        livemode: e.livemode,
        subject_type: e.subjectType,
        subject_id: e.subjectId,
        data: JSON.stringify(e.data),
        created_at: e.createdAt,
        delivered_at: null,
      })),
    );
  }

  /** Oldest undelivered events first. */
  async listUndelivered(limit: number): Promise<StoredOutboxEvent[]> {
    const rows = await this.knex<OutboxRow>('outbox_events')
      .whereNull('delivered_at')
      .orderBy([{ column: 'created_at' }, { column: 'id' }])
      .limit(limit);
    return rows.map(fromRow);
  }

  async listForSubject(subjectType: string, subjectId: string): Promise<StoredOutboxEvent[]> {
    const rows = await this.knex<OutboxRow>('outbox_events')
      .where({ subject_type: subjectType, subject_id: subjectId })
      .orderBy([{ column: 'created_at' }, { column: 'id' }]);
    return rows.map(fromRow);
  }

  async markDelivered(ids: readonly string[], at: number): Promise<void> {
    if (ids.length === 0) return;
    await this.knex('outbox_events').whereIn('id', ids).whereNull('delivered_at').update({ delivered_at: at });
  }
}
