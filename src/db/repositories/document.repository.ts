import type { Knex } from 'knex';
import { newestFirstPage } from './created-at-cursor';
import { toBool, toNumber } from '../row-values';
import { OutboxEventRepository } from './outbox-event.repository';
import { insertWithEvents } from './writes-with-events';
import type { DocumentStore, DocumentType, StoredDocument } from '../../domain/documents';
import type { OutboxEvent, Page } from '../../domain/shared';

const toDocument = (row: Record<string, unknown>): StoredDocument => ({
  id: String(row.id),
  accountId: String(row.account_id),
  livemode: toBool(row.livemode),
  type: String(row.type) as DocumentType,
  shipmentId: (row.shipment_id as string | null) ?? null,
  filename: String(row.filename),
  contentType: String(row.content_type),
  sizeBytes: toNumber(row.size_bytes),
  sha256: String(row.sha256),
  storageKey: String(row.storage_key),
  createdAt: toNumber(row.created_at),
  updatedAt: toNumber(row.updated_at),
});

export class DocumentRepository implements DocumentStore {
  constructor(private readonly knex: Knex) {}

  async find(accountId: string, livemode: boolean, id: string): Promise<StoredDocument | null> {
    const row = await this.knex('documents').where({ id, account_id: accountId, livemode }).first();
    return row ? toDocument(row) : null;
  }

  async page(
    accountId: string,
    livemode: boolean,
    filter: { shipmentId?: string; type?: DocumentType },
    limit: number,
    cursor: string | null,
  ): Promise<Page<StoredDocument>> {
    const query = this.knex('documents').where({ account_id: accountId, livemode });
    if (filter.shipmentId !== undefined) query.andWhere('shipment_id', filter.shipmentId);
    if (filter.type !== undefined) query.andWhere('type', filter.type);
    return newestFirstPage(query, cursor ?? undefined, limit, toDocument, (d) => d.createdAt);
  }

  insert(document: StoredDocument, events: OutboxEvent[]): Promise<void> {
    return insertWithEvents(
      this.knex,
      'documents',
      {
        id: document.id,
        account_id: document.accountId,
        livemode: document.livemode,
        type: document.type,
        shipment_id: document.shipmentId,
        filename: document.filename,
        content_type: document.contentType,
        size_bytes: document.sizeBytes,
        sha256: document.sha256,
        storage_key: document.storageKey,
        created_at: document.createdAt,
        updated_at: document.updatedAt,
      },
      events,
    );
  }

  async delete(document: StoredDocument, events: OutboxEvent[]): Promise<boolean> {
    return this.knex.transaction(async (trx) => {
      if ((await trx('documents').where({ id: document.id }).delete()) === 0) return false;
      await new OutboxEventRepository(trx).append(events, trx);
      return true;
    });
  }
}
