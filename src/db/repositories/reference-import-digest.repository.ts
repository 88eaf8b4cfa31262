import type { Knex } from 'knex';

/** The digest of each dataset's last complete import (reference_import_digests). */
export class ReferenceImportDigestRepository {
  constructor(private readonly knex: Knex) {}

  async get(dataset: string): Promise<string | null> {
    const row = await this.knex('reference_import_digests').where({ dataset }).first('digest');
    return row ? String(row.digest) : null;
  }

  async record(dataset: string, digest: string, now: number): Promise<void> {
    await this.knex('reference_import_digests')
      .insert({ dataset, digest, imported_at: now })
      .onConflict('dataset')
      .merge({ digest, imported_at: now });
  }
}
