import type { Knex } from 'knex';
import { pageByCreatedAt } from './created-at-cursor';
import { readJsonColumn } from './json-column';
import { toBool } from '../row-values';
import type { CreatedAtCursor, TariffAlert, TariffAlertStore } from '../../domain/hts';

interface AlertRow {
  id: string;
  account_id: string;
  livemode: boolean | number;
  hts_prefixes: string;
  countries: string;
  created_at: number | string;
  updated_at: number | string;
}

function toAlert(row: AlertRow): TariffAlert {
  return {
    id: row.id,
    accountId: row.account_id,
    livemode: toBool(row.livemode),
    htsPrefixes: readJsonColumn<string[]>(row.hts_prefixes),
    countries: readJsonColumn<string[]>(row.countries),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

/** Tariff alerts, always reached through the owning account and mode (another account's or mode's alert is not found). */
export class TariffAlertRepository implements TariffAlertStore {
  constructor(private readonly knex: Knex) {}

  async insert(alert: TariffAlert): Promise<void> {
    await this.knex('tariff_alerts').insert({
      id: alert.id,
      account_id: alert.accountId,
      livemode: alert.livemode,
      hts_prefixes: JSON.stringify(alert.htsPrefixes),
      countries: JSON.stringify(alert.countries),
      created_at: alert.createdAt,
      updated_at: alert.updatedAt,
    });
  }

  async findForAccount(accountId: string, livemode: boolean, id: string): Promise<TariffAlert | null> {
    const row = (await this.knex<AlertRow>('tariff_alerts').where({ account_id: accountId, livemode, id }).first()) as
      AlertRow | undefined;
    return row ? toAlert(row) : null;
  }

  async listForAccount(
    accountId: string,
    livemode: boolean,
    options: { after?: CreatedAtCursor; limit: number },
  ): Promise<TariffAlert[]> {
    const query = this.knex<AlertRow>('tariff_alerts').where({ account_id: accountId, livemode });
    const rows = (await pageByCreatedAt(query, options.after, options.limit)) as AlertRow[];
    return rows.map(toAlert);
  }

  async deleteForAccount(accountId: string, livemode: boolean, id: string): Promise<boolean> {
    return (await this.knex('tariff_alerts').where({ account_id: accountId, livemode, id }).delete()) > 0;
  }

  async listAll(): Promise<TariffAlert[]> {
    const rows = await this.knex<AlertRow>('tariff_alerts').orderBy(['created_at', 'id']);
    return rows.map(toAlert);
  }
}
