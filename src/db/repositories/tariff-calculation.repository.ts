import type { Knex } from 'knex';
import type { DutyCalculation, StoredCalculation, StoredCalculationStore } from '../../domain/tariff';
import type { Page } from '../../domain/shared';
import { toBool } from '../row-values';
import { newestFirstPage } from './created-at-cursor';
import { readJsonColumn } from './json-column';

function toStored(row: Record<string, unknown>): StoredCalculation {
  return {
    id: row.id as string,
    accountId: row.account_id as string,
    livemode: toBool(row.livemode as boolean | number),
    request: readJsonColumn<Record<string, unknown>>(row.request),
    calculation: readJsonColumn<DutyCalculation>(row.result),
    createdAt: Number(row.created_at),
  };
}

/** Stored calculations, always reached through the owning account and mode. */
export class TariffCalculationRepository implements StoredCalculationStore {
  constructor(private readonly knex: Knex) {}

  async insert(stored: StoredCalculation): Promise<void> {
    await this.knex('tariff_calculations').insert({
      id: stored.id,
      account_id: stored.accountId,
      livemode: stored.livemode,
      request: JSON.stringify(stored.request),
      result: JSON.stringify(stored.calculation),
      created_at: stored.createdAt,
    });
  }

  async find(accountId: string, livemode: boolean, id: string): Promise<StoredCalculation | null> {
    const row = await this.knex('tariff_calculations').where({ account_id: accountId, livemode, id }).first();
    return row ? toStored(row) : null;
  }

  page(accountId: string, livemode: boolean, limit: number, cursor: string | null): Promise<Page<StoredCalculation>> {
    return newestFirstPage(
      this.knex('tariff_calculations').where({ account_id: accountId, livemode }),
      cursor ?? undefined,
      limit,
      toStored,
      (s) => s.createdAt,
    );
  }
}
