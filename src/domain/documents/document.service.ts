import path from 'node:path';
import { acceptedTypeLabels, detectStreamedDocumentType } from './content-type';
import { maxDocumentBytes } from './limits';
import type { DocumentType, StoredDocument } from './model';
import type { DocumentStorage, DocumentStore, FileContent } from './ports';
import { type AccountScope, DomainError, newId, newOutboxEvent, type OutboxEvent, type Page } from '../shared';
import type { ShipmentOwnership } from '../invoices';

export interface DocumentServiceDeps {
  store: DocumentStore;
  storage: DocumentStorage;
  shipmentIsOwn: ShipmentOwnership;
  clock: () => number;
  /** The document as the API shows it: the `data.object` of its events. */
  present: (document: StoredDocument) => unknown;
  /** Failures the caller does not see (an orphaned object left after a delete). */
  warn: (message: string, error: unknown) => void;
}

export interface Upload {
  filename: string;
  content: FileContent;
  type: DocumentType;
  shipmentId: string | null;
}

const notFound = (id: string) => new DomainError('not_found', `No document ${id} in this account.`);

/** A file name for headers and listings: the last path part, printable, at most 200 characters. */
function cleanFilename(name: string): string {
  const printable = [...name.replace(/\\/g, '/')]
    .filter((ch) => ch.charCodeAt(0) > 0x1f && ch !== '\x7f' && ch !== '"')
    .join('');
  const base = path.basename(printable).trim();
  return (base || 'document').slice(0, 200);
}

/** Shipping documents: checked on content, stored whole with their SHA-256, or not at all. */
export class DocumentService {
  constructor(private readonly deps: DocumentServiceDeps) {}

  async upload(scope: AccountScope, upload: Upload): Promise<StoredDocument> {
    const { content } = upload;
    if (content.size > maxDocumentBytes)
      throw new DomainError(
        'too_large',
        `The file is larger than the limit of ${maxDocumentBytes} bytes (20 MiB, limit max_document_bytes).`,
      );
    if (content.size === 0)
      throw new DomainError('invalid_input', 'The file is empty.', [{ field: 'file', message: 'The file is empty.' }]);
    const detected = await detectStreamedDocumentType(content.open());
    if (!detected)
      throw new DomainError(
        'unsupported_type',
        `The file's content is none of the accepted types (limit accepted_document_types): ${acceptedTypeLabels}.`,
      );
    if (
      upload.shipmentId !== null &&
      !(await this.deps.shipmentIsOwn(scope.accountId, scope.livemode, upload.shipmentId))
    ) {
      const message = `No shipment ${upload.shipmentId} in this account.`;
      throw new DomainError('not_found', message, [{ field: 'shipment_id', message }]);
    }
    const now = this.deps.clock();
    const id = newId('doc', now);
    const document: StoredDocument = {
      id,
      accountId: scope.accountId,
      livemode: scope.livemode,
      type: upload.type,
      shipmentId: upload.shipmentId,
      filename: cleanFilename(upload.filename),
      contentType: detected.contentType,
      sizeBytes: content.size,
      sha256: content.sha256,
      storageKey: `${scope.accountId}/${scope.livemode ? 'live' : 'test'}/${id}`,
      createdAt: now,
      updatedAt: now,
    };
    // The bytes first, the record after: a record never points at missing bytes, and bytes
    // whose record could not be written are removed again.
    await this.deps.storage.put(document.storageKey, content, document.contentType);
    try {
      await this.deps.store.insert(document, [this.event('document.created', document, now)]);
    } catch (error) {
      await this.deps.storage.delete(document.storageKey);
      throw error;
    }
    return document;
  }

  async get(scope: AccountScope, id: string): Promise<StoredDocument> {
    const document = await this.deps.store.find(scope.accountId, scope.livemode, id);
    if (!document) throw notFound(id);
    return document;
  }

  async content(scope: AccountScope, id: string): Promise<{ document: StoredDocument; data: Buffer }> {
    const document = await this.get(scope, id);
    return { document, data: await this.deps.storage.get(document.storageKey) };
  }

  list(
    scope: AccountScope,
    filter: { shipmentId?: string; type?: DocumentType },
    limit: number,
    cursor: string | null,
  ): Promise<Page<StoredDocument>> {
    return this.deps.store.page(scope.accountId, scope.livemode, filter, limit, cursor);
  }

  /** The record goes first (with its event); bytes left behind by a failed removal are only logged. */
  async delete(scope: AccountScope, id: string): Promise<void> {
    const document = await this.get(scope, id);
    if (!(await this.deps.store.delete(document, [this.event('document.deleted', document, this.deps.clock())])))
      throw notFound(id);
    await this.deps.storage
      .delete(document.storageKey)
      .catch((error: unknown) => this.deps.warn(`document ${id}: stored file not removed`, error));
  }

  private event(type: string, document: StoredDocument, now: number): OutboxEvent {
    return newOutboxEvent(
      type,
      {
        accountId: document.accountId,
        livemode: document.livemode,
        subjectType: 'document',
        subjectId: document.id,
        data: { object: this.deps.present(document) },
      },
      now,
    );
  }
}
