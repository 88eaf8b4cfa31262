import type { Knex } from 'knex';
import type { RetentionStore } from '../../domain/retention';

/** Rows a delete statement takes at most, so pruning never holds the writer for long (SQLite has one). */
const BATCH = 1000;

export class RetentionRepository implements RetentionStore {
  constructor(private readonly knex: Knex) {}

  async deleteExpiredIdempotencyRecords(now: number): Promise<number> {
    // Keyed by (owner, key): batches step through the expiry index instead of through ids.
    let deleted = 0;
    for (;;) {
      const last = await this.knex('idempotency_records')
        .where('expires_at', '<', now)
        .orderBy('expires_at')
        .offset(BATCH - 1)
        .first('expires_at');
      const upTo = last ? Number(last.expires_at) : now - 1;
      const count = await this.knex('idempotency_records')
        .where('expires_at', '<', now)
        .andWhere('expires_at', '<=', upTo)
        .delete();
      deleted += count;
      if (!last) return deleted;
    }
  }

  async deleteDeliveredEventsBefore(before: number): Promise<number> {
    return this.deleteByIds('outbox_events', () =>
      this.knex('outbox_events')
        .whereNotNull('delivered_at')
        .andWhere('created_at', '<', before)
        .whereNotExists(
          this.knex('webhook_deliveries')
            .whereRaw('webhook_deliveries.event_id = outbox_events.id')
            .whereNull('webhook_deliveries.finished_at'),
        ),
    );
  }

  async deleteFinishedDeliveriesBefore(before: number): Promise<number> {
    return this.deleteByIds(
      'webhook_deliveries',
      () => this.knex('webhook_deliveries').whereNotNull('finished_at').andWhere('created_at', '<', before),
      (ids, trx) => trx('webhook_delivery_attempts').whereIn('delivery_id', ids).delete(),
    );
  }

  deleteExpiredWebSessions(now: number): Promise<number> {
    return this.deleteExpired('web_sessions', 'id_hash', now);
  }

  deleteExpiredEmailLinks(now: number): Promise<number> {
    return this.deleteExpired('web_email_links', 'token_hash', now);
  }

  deleteRequestLogBefore(before: number): Promise<number> {
    return this.deleteByIds('request_logs', () => this.knex('request_logs').where('created_at', '<', before));
  }

  /** Rows whose expires_at has passed, BATCH keys at a time. */
  private async deleteExpired(table: string, key: string, now: number): Promise<number> {
    let deleted = 0;
    for (;;) {
      const keys = (
        (await this.knex(table).where('expires_at', '<', now).limit(BATCH).select(key)) as Array<Record<string, string>>
      ).map((row) => row[key]);
      if (keys.length === 0) return deleted;
      deleted += await this.knex(table).whereIn(key, keys).delete();
    }
  }

  /** Deletes the rows `pick` selects, BATCH ids at a time, each batch (and its dependants) in one transaction. */
  private async deleteByIds(
    table: string,
    pick: () => Knex.QueryBuilder,
    dependants?: (ids: string[], trx: Knex.Transaction) => Promise<unknown>,
  ): Promise<number> {
    let deleted = 0;
    for (;;) {
      const ids = ((await pick().orderBy('id').limit(BATCH).select('id')) as Array<{ id: string }>).map((r) => r.id);
      if (ids.length === 0) return deleted;
      await this.knex.transaction(async (trx) => {
        await dependants?.(ids, trx);
        deleted += await trx(table).whereIn('id', ids).delete();
      });
      if (ids.length < BATCH) return deleted;
    }
  }
}
