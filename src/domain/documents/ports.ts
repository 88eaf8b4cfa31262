import type { Readable } from 'node:stream';
import type { DocumentType, StoredDocument } from './model';

/** A file's bytes, read as a stream as often as needed (an upload's temporary file), never held whole. */
export interface FileContent {
  size: number;
  /** SHA-256 (hex) of the bytes. */
  sha256: string;
  open(): Readable;
}
import type { OutboxEvent, Page } from '../shared';

/** Where documents' bytes live: local disk by default, S3-compatible object storage by configuration. */
export interface DocumentStorage {
  /** Stores the bytes whole or not at all (no reader ever sees a partial object). */
  put(key: string, content: FileContent, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer>;
  /** Removes the object; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
}

export interface DocumentStore {
  find(accountId: string, livemode: boolean, id: string): Promise<StoredDocument | null>;
  page(
    accountId: string,
    livemode: boolean,
    filter: { shipmentId?: string; type?: DocumentType },
    limit: number,
    cursor: string | null,
  ): Promise<Page<StoredDocument>>;
  insert(document: StoredDocument, events: OutboxEvent[]): Promise<void>;
  /** Deletes the record with its event; false when it was already gone. */
  delete(document: StoredDocument, events: OutboxEvent[]): Promise<boolean>;
}
