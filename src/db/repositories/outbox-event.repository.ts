import type { Knex } from 'knex';
import type { OutboxEvent, OutboxStore } from '../../domain/hts/hts-ports';

/** Appends events to the transactional outbox; webhook delivery reads and marks them. */
export class OutboxEventRepository implements OutboxStore {
  constructor(private readonly knex: Knex) {}

  async append(events: OutboxEvent[]): Promise<void> {
    if (events.length === 0) return;
    await this.knex('outbox_events').insert(
      events.map((event) => ({
        id: event.id,
        type: event.type,
        created_at: event.createdAt,
        account_id: event.accountId,
        data: JSON.stringify(event.data),
        delivered_at: null,
        attempts: 0,
      })),
    );
  }
}
