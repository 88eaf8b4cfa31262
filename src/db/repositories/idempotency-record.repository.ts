import type { Knex } from 'knex';
import { isUniqueViolation } from '../unique-violation';
import { readJsonColumn } from './json-column';
import type { IdempotencyBegin, IdempotencyBeginOptions, IdempotencyStore, StoredResponse } from '../../domain/access';

export class IdempotencyRecordRepository implements IdempotencyStore {
  constructor(private readonly knex: Knex) {}

  async begin(
    owner: string,
    key: string,
    requestHash: string,
    { now, expiresAt, staleBefore }: IdempotencyBeginOptions,
  ): Promise<IdempotencyBegin> {
    const record = () => this.knex('idempotency_records').where({ owner, idempotency_key: key });
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        await this.knex('idempotency_records').insert({
          owner,
          idempotency_key: key,
          request_hash: requestHash,
          state: 'in_progress',
          created_at: now,
          expires_at: expiresAt,
        });
        return { outcome: 'started' };
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
      const row = await record().first();
      if (!row) continue; // completed and pruned between the two statements: try again
      if (Number(row.expires_at) <= now) {
        await record().andWhere('expires_at', '<=', now).delete();
        continue;
      }
      if (row.request_hash !== requestHash) return { outcome: 'mismatch' };
      if (row.state !== 'completed') {
        if (Number(row.created_at) > staleBefore) return { outcome: 'in_progress' };
        // Its request died with its process (kill -9, a cut shutdown): take the record over, once.
        const taken = await record()
          .andWhere({ state: 'in_progress', created_at: row.created_at })
          .update({ created_at: now, expires_at: expiresAt });
        if (taken === 1) return { outcome: 'started' };
        continue;
      }
      const withheld = (row.secret_withheld_from as string | null) ?? '';
      return {
        outcome: 'replay',
        response: {
          status: Number(row.response_status),
          headers: readJsonColumn<Record<string, string>>(row.response_headers),
          body: String(row.response_body),
          secretWithheldFrom: withheld.split(' ').filter(Boolean),
        },
      };
    }
    return { outcome: 'in_progress' };
  }

  async complete(owner: string, key: string, response: StoredResponse): Promise<void> {
    await this.knex('idempotency_records')
      .where({ owner, idempotency_key: key })
      .update({
        state: 'completed',
        response_status: response.status,
        response_headers: JSON.stringify(response.headers),
        response_body: response.body,
        secret_withheld_from: response.secretWithheldFrom.length > 0 ? response.secretWithheldFrom.join(' ') : null,
      });
  }

  async abandon(owner: string, key: string): Promise<void> {
    await this.knex('idempotency_records').where({ owner, idempotency_key: key, state: 'in_progress' }).delete();
  }
}
