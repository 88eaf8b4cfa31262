import type { Knex } from 'knex';
import { newestFirstPage } from './created-at-cursor';
import { readJsonColumn } from './json-column';
import { toBool, toNumber, toNumberOrNull } from '../row-values';
import type { DisabledReason, EndpointStore, WebhookEndpoint } from '../../domain/webhooks';
import type { Page } from '../../domain/shared';

export const fromEndpointRow = (row: Record<string, unknown>): WebhookEndpoint => ({
  id: String(row.id),
  accountId: String(row.account_id),
  livemode: toBool(row.livemode),
  url: String(row.url),
  description: (row.description as string | null) ?? null,
  eventTypes: readJsonColumn<string[]>(row.event_types),
  status: row.status as WebhookEndpoint['status'],
  disabledReason: (row.disabled_reason as DisabledReason | null) ?? null,
  secret: String(row.secret),
  previousSecret: (row.previous_secret as string | null) ?? null,
  previousSecretExpiresAt: toNumberOrNull(row.previous_secret_expires_at),
  failingSince: toNumberOrNull(row.failing_since),
  createdAt: toNumber(row.created_at),
  updatedAt: toNumber(row.updated_at),
});

const toRow = (endpoint: WebhookEndpoint) => ({
  id: endpoint.id,
  account_id: endpoint.accountId,
  livemode: endpoint.livemode,
  url: endpoint.url,
  description: endpoint.description,
  event_types: JSON.stringify(endpoint.eventTypes),
  status: endpoint.status,
  disabled_reason: endpoint.disabledReason,
  secret: endpoint.secret,
  previous_secret: endpoint.previousSecret,
  previous_secret_expires_at: endpoint.previousSecretExpiresAt,
  failing_since: endpoint.failingSince,
  created_at: endpoint.createdAt,
  updated_at: endpoint.updatedAt,
});

export class WebhookEndpointRepository implements EndpointStore {
  constructor(private readonly knex: Knex) {}

  async insert(endpoint: WebhookEndpoint): Promise<void> {
    await this.knex('webhook_endpoints').insert(toRow(endpoint));
  }

  async page(accountId: string, livemode: boolean, limit: number, cursor?: string): Promise<Page<WebhookEndpoint>> {
    return newestFirstPage(
      this.knex('webhook_endpoints').where({ account_id: accountId, livemode }),
      cursor,
      limit,
      fromEndpointRow,
      (endpoint) => endpoint.createdAt,
    );
  }

  async find(accountId: string, livemode: boolean, id: string): Promise<WebhookEndpoint | null> {
    const row = await this.knex('webhook_endpoints').where({ id, account_id: accountId, livemode }).first();
    return row ? fromEndpointRow(row) : null;
  }

  async save(endpoint: WebhookEndpoint): Promise<void> {
    const { id: _id, account_id: _account, livemode: _mode, created_at: _created, ...changes } = toRow(endpoint);
    await this.knex('webhook_endpoints').where({ id: endpoint.id }).update(changes);
  }

  async remove(accountId: string, livemode: boolean, id: string): Promise<boolean> {
    return this.knex.transaction(async (trx) => {
      const removed = await trx('webhook_endpoints').where({ id, account_id: accountId, livemode }).delete();
      if (removed === 0) return false;
      await trx('webhook_delivery_attempts').where({ endpoint_id: id }).delete();
      await trx('webhook_deliveries').where({ endpoint_id: id }).delete();
      return true;
    });
  }

  async markHealthy(id: string): Promise<void> {
    await this.knex('webhook_endpoints').where({ id }).whereNotNull('failing_since').update({ failing_since: null });
  }

  async markFailing(id: string, now: number): Promise<number> {
    await this.knex('webhook_endpoints').where({ id }).whereNull('failing_since').update({ failing_since: now });
    const row = await this.knex('webhook_endpoints').where({ id }).first('failing_since');
    return toNumberOrNull(row?.failing_since) ?? now;
  }

  async disable(id: string, reason: DisabledReason, now: number): Promise<boolean> {
    return (
      (await this.knex('webhook_endpoints')
        .where({ id, status: 'enabled' })
        .update({ status: 'disabled', disabled_reason: reason, updated_at: now })) === 1
    );
  }
}
