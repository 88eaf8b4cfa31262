import type { Knex } from 'knex';
import { toBool, toDecimalString, toNumber, toNumberOrNull } from '../row-values';
import { newestFirstPage } from './created-at-cursor';
import { readJsonColumn } from './json-column';
import { insertWithEvents, updateWithEvents } from './writes-with-events';
import type { LtlPallet, LtlQuoteRequest, LtlQuoteRequestStatus, LtlQuoteStore } from '../../domain/ltl';
import type { OutboxEvent, Page } from '../../domain/shared';

const toRequest = (row: Record<string, unknown>): LtlQuoteRequest => ({
  id: String(row.id),
  accountId: String(row.account_id),
  livemode: toBool(row.livemode),
  status: String(row.status) as LtlQuoteRequestStatus,
  reference: (row.reference as string | null) ?? null,
  originPostalCode: String(row.origin_postal_code),
  destinationPostalCode: String(row.destination_postal_code),
  readyDate: String(row.ready_date),
  pallets: readJsonColumn<LtlPallet[]>(row.pallets),
  accessorials: readJsonColumn<string[]>(row.accessorials),
  totalWeightLb: toDecimalString(row.total_weight_lb),
  totalVolumeFt3: toDecimalString(row.total_volume_ft3),
  quote:
    row.quote_carrier_scac === null
      ? null
      : {
          carrierScac: String(row.quote_carrier_scac),
          carrierName: (row.quote_carrier_name as string | null) ?? null,
          amount: toDecimalString(row.quote_amount),
          currency: String(row.quote_currency),
          transitDays: toNumberOrNull(row.quote_transit_days),
          validUntil: toNumber(row.quote_valid_until),
          quotedAt: toNumber(row.quoted_at),
        },
  acceptedAt: toNumberOrNull(row.accepted_at),
  expiredAt: toNumberOrNull(row.expired_at),
  createdAt: toNumber(row.created_at),
  updatedAt: toNumber(row.updated_at),
});

const toRow = (request: LtlQuoteRequest) => ({
  id: request.id,
  account_id: request.accountId,
  livemode: request.livemode,
  status: request.status,
  reference: request.reference,
  origin_postal_code: request.originPostalCode,
  destination_postal_code: request.destinationPostalCode,
  ready_date: request.readyDate,
  pallets: JSON.stringify(request.pallets),
  accessorials: JSON.stringify(request.accessorials),
  total_weight_lb: request.totalWeightLb,
  total_volume_ft3: request.totalVolumeFt3,
  quote_carrier_scac: request.quote?.carrierScac ?? null,
  quote_carrier_name: request.quote?.carrierName ?? null,
  quote_amount: request.quote?.amount ?? null,
  quote_currency: request.quote?.currency ?? null,
  quote_transit_days: request.quote?.transitDays ?? null,
  quote_valid_until: request.quote?.validUntil ?? null,
  quoted_at: request.quote?.quotedAt ?? null,
  accepted_at: request.acceptedAt,
  expired_at: request.expiredAt,
  created_at: request.createdAt,
  updated_at: request.updatedAt,
});

export class LtlQuoteRequestRepository implements LtlQuoteStore {
  constructor(private readonly knex: Knex) {}

  async find(id: string): Promise<LtlQuoteRequest | null> {
    const row = await this.knex('ltl_quote_requests').where({ id }).first();
    return row ? toRequest(row) : null;
  }

  page(
    accountId: string,
    livemode: boolean,
    status: LtlQuoteRequestStatus | undefined,
    limit: number,
    cursor: string | null,
  ): Promise<Page<LtlQuoteRequest>> {
    const query = this.knex('ltl_quote_requests').where({ account_id: accountId, livemode });
    if (status !== undefined) query.andWhere('status', status);
    return newestFirstPage(query, cursor ?? undefined, limit, toRequest, (r) => r.createdAt);
  }

  async dueForExpiry(accountId: string, livemode: boolean, now: number): Promise<LtlQuoteRequest[]> {
    const rows = await this.knex('ltl_quote_requests')
      .where({ account_id: accountId, livemode, status: 'quoted' })
      .andWhere('quote_valid_until', '<=', now);
    return rows.map(toRequest);
  }

  insert(request: LtlQuoteRequest, events: OutboxEvent[]): Promise<void> {
    return insertWithEvents(this.knex, 'ltl_quote_requests', toRow(request), events);
  }

  update(request: LtlQuoteRequest, expectedUpdatedAt: number, events: OutboxEvent[]): Promise<boolean> {
    return updateWithEvents(this.knex, 'ltl_quote_requests', toRow(request), expectedUpdatedAt, events);
  }
}
