import type { Knex } from 'knex';
import type { IdempotencyBegin, IdempotencyStore, StoredResponse } from '../../domain/access/ports';
import { isUniqueViolation } from '../unique-violation';
import { readJsonColumn } from './json-column';

export class IdempotencyRecordRepository implements IdempotencyStore {
  constructor(private readonly knex: Knex) {}

  async begin(owner: string, key: string, requestHash: string, now: number, expiresAt: number): Promise<IdempotencyBegin> {
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        await this.knex('idempotency_records').insert({ owner, idempotency_key: key, request_hash: requestHash, state: 'in_progress', created_at: now, expires_at: expiresAt });
        return { outcome: 'started' };
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
      const row = await this.knex('idempotency_records').where({ owner, idempotency_key: key }).first();
      if (!row) continue; // completed and pruned between the two statements: try again
      if (Number(row.expires_at) <= now) {
        await this.knex('idempotency_records').where({ owner, idempotency_key: key }).andWhere('expires_at', '<=', now).delete();
        continue;
      }
      if (row.request_hash !== requestHash) return { outcome: 'mismatch' };
      if (row.state !== 'completed') return { outcome: 'in_progress' };
      return {
        outcome: 'replay',
        response: { status: Number(row.response_status), headers: readJsonColumn<Record<string, string>>(row.response_headers), body: String(row.response_body) },
      };
    }
    return { outcome: 'in_progress' };
  }

  async complete(owner: string, key: string, response: StoredResponse): Promise<void> {
    await this.knex('idempotency_records')
      .where({ owner, idempotency_key: key })
      .update({ state: 'completed', response_status: response.status, response_headers: JSON.stringify(response.headers), response_body: response.body });
  }

  async abandon(owner: string, key: string): Promise<void> {
    await this.knex('idempotency_records').where({ owner, idempotency_key: key, state: 'in_progress' }).delete();
  }
}
