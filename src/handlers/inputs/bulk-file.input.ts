import fs from 'node:fs/promises';
import { DomainError } from '../../domain/shared';
import {
  type BulkFileReader,
  type BulkFileSource,
  type BulkFileLayout,
  maxBulkFileBytes,
  type RawRow,
} from '../../domain/tariff';
import type { UploadedFile } from '../../http/operation';

/** An uploaded bulk-format file's rows, read on the bulk file reader's threads; over 8 MiB it is not read at all. */
export async function bulkFileRows(
  reader: BulkFileReader,
  file: UploadedFile,
  kind: BulkFileLayout,
): Promise<{ source: BulkFileSource; rows: RawRow[] }> {
  if (file.size > maxBulkFileBytes) {
    throw new DomainError(
      'too_large',
      `The file is larger than the limit of ${maxBulkFileBytes} bytes (8 MiB, limit max_bulk_file_bytes). Split it.`,
    );
  }
  return reader.read(await fs.readFile(file.path), kind);
}
