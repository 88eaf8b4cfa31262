import type { Knex } from 'knex';
import { toNumber, toNumberOrNull } from '../row-values';
import type { ProviderHealth, ProviderHealthStore } from '../../domain/tracking';

/** Backoff state per upstream provider, shared by every worker through the database. */
export class ProviderHealthRepository implements ProviderHealthStore {
  constructor(private readonly knex: Knex) {}

  async get(provider: string): Promise<ProviderHealth | null> {
    const row = await this.knex('tracking_provider_health').where({ provider }).first();
    if (!row) return null;
    return {
      provider: row.provider,
      consecutiveFailures: toNumber(row.consecutive_failures),
      backoffUntil: toNumberOrNull(row.backoff_until),
      lastFailureAt: toNumberOrNull(row.last_failure_at),
      lastSuccessAt: toNumberOrNull(row.last_success_at),
      lastError: row.last_error ?? null,
    };
  }

  async save(health: ProviderHealth): Promise<void> {
    const row = {
      consecutive_failures: health.consecutiveFailures,
      backoff_until: health.backoffUntil,
      last_failure_at: health.lastFailureAt,
      last_success_at: health.lastSuccessAt,
      last_error: health.lastError,
      updated_at:
        health.lastSuccessAt !== null && (health.lastFailureAt ?? 0) <= health.lastSuccessAt
          ? health.lastSuccessAt
          : (health.lastFailureAt ?? 0),
    };
    await this.knex('tracking_provider_health')
      .insert({ provider: health.provider, ...row })
      .onConflict('provider')
      .merge(row);
  }
}
