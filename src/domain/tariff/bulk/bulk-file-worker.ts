/**
 * Worker-thread entry of the bulk file reader (bulk-file-reader.ts): parses an uploaded file off the
 * main thread, under the worker's heap limit. A refusal crosses the thread boundary as plain data.
 */
import { DomainError, type DomainErrorKind, type FieldIssue } from '../../shared';
import type { BulkFileLayout } from './bulk-columns';
import { type BulkFileSource, readBulkFile } from './bulk-file';
import type { RawRow } from './bulk-lines';

export type BulkFileAnswer =
  | { ok: true; source: BulkFileSource; rows: RawRow[] }
  | {
      ok: false;
      /** Reading a file refuses it; it never conflicts with a resource. */
      kind: Exclude<DomainErrorKind, 'conflict'>;
      message: string;
      issues: FieldIssue[];
      extensions: Record<string, unknown>;
    };

export default async function read(task: { data: Uint8Array; kind: BulkFileLayout }): Promise<BulkFileAnswer> {
  const data = Buffer.from(task.data.buffer, task.data.byteOffset, task.data.byteLength);
  try {
    return { ok: true, ...(await readBulkFile(data, task.kind)) };
  } catch (error) {
    if (!(error instanceof DomainError) || error.kind === 'conflict') throw error;
    return { ok: false, kind: error.kind, message: error.message, issues: error.issues, extensions: error.extensions };
  }
}
