import fs from 'node:fs/promises';
import { DomainError, WorkerOutOfMemoryError, WorkerPool, workerEntryBeside } from '../../shared';
import type { BulkFileLayout } from './bulk-columns';
import type { BulkFileSource } from './bulk-file';
import type { BulkFileAnswer } from './bulk-file-worker';
import { maxBulkFileBytes, type RawRow } from './bulk-lines';

/** The heap one bulk file's parse may use: a file that needs more ends its worker, not the process. */
export const bulkReadHeapMb = 512;

/**
 * Reads bulk files (readBulkFile) on worker threads with a heap limit, so a file that a parser
 * cannot hold (a zip bomb past the bounds' reach, a pathological sheet) is a 413 for its caller while
 * the service keeps answering everyone else.
 */
export class BulkFileReader {
  private readonly pool: WorkerPool<{ data: Uint8Array; kind: BulkFileLayout }, BulkFileAnswer>;
  private readonly heapMb: number;

  constructor(options: { threads?: number; maxQueue?: number; heapMb?: number } = {}) {
    this.heapMb = options.heapMb ?? bulkReadHeapMb;
    this.pool = new WorkerPool({
      filename: workerEntryBeside(__filename, 'bulk-file-worker'),
      threads: options.threads,
      maxQueue: options.maxQueue,
      resourceLimits: { maxOldGenerationSizeMb: this.heapMb },
      busyError: () =>
        new DomainError('busy', 'Every bulk file reader is busy and the waiting line is full; retry in a few seconds.'),
    });
  }

  async read(data: Buffer, kind: BulkFileLayout): Promise<{ source: BulkFileSource; rows: RawRow[] }> {
    let answer: BulkFileAnswer;
    try {
      answer = await this.pool.run({ data, kind });
    } catch (error) {
      if (error instanceof WorkerOutOfMemoryError)
        throw new DomainError(
          'too_large',
          `The file needs more memory to read than a bulk file may use (${this.heapMb} MB, limit max_bulk_read_memory).`,
          [],
          { limit: 'max_bulk_read_memory' },
        );
      throw error;
    }
    if (answer.ok) return { source: answer.source, rows: answer.rows };
    throw new DomainError(answer.kind, answer.message, answer.issues, answer.extensions);
  }

  /** A file received on disk (an upload), read on a thread; over 8 MiB it is not read at all. */
  async readFile(
    file: { path: string; size: number },
    kind: BulkFileLayout,
  ): Promise<{ source: BulkFileSource; rows: RawRow[] }> {
    if (file.size > maxBulkFileBytes)
      throw new DomainError(
        'too_large',
        `The file is larger than the limit of ${maxBulkFileBytes} bytes (8 MiB, limit max_bulk_file_bytes). Split it.`,
      );
    return this.read(await fs.readFile(file.path), kind);
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
