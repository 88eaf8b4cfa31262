import type { Knex } from 'knex';
import { isUniqueViolation } from '../unique-violation';
import type { KeyMode, PlanName } from '../../domain/shared';
import type {
  Account,
  AccountStore,
  ApiKeyRecord,
  OAuthClientRecord,
  OAuthTokenRecord,
  PlanChangeRecord,
} from '../../domain/access';

type Row = Record<string, unknown>;
const num = (value: unknown): number => Number(value);
const numOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

const toAccount = (row: Row): Account => ({
  id: String(row.id),
  email: String(row.email),
  plan: row.plan as PlanName,
  createdAt: num(row.created_at),
  updatedAt: num(row.updated_at),
});

const toKey = (row: Row): ApiKeyRecord => ({
  id: String(row.id),
  accountId: String(row.account_id),
  mode: row.mode as KeyMode,
  name: (row.name as string | null) ?? null,
  keyHash: String(row.key_hash),
  prefix: String(row.prefix),
  last4: String(row.last4),
  createdAt: num(row.created_at),
  lastUsedAt: numOrNull(row.last_used_at),
  expiresAt: numOrNull(row.expires_at),
  revokedAt: numOrNull(row.revoked_at),
  replacedBy: (row.replaced_by as string | null) ?? null,
});

const keyRow = (key: ApiKeyRecord): Row => ({
  id: key.id,
  account_id: key.accountId,
  mode: key.mode,
  name: key.name,
  key_hash: key.keyHash,
  prefix: key.prefix,
  last4: key.last4,
  created_at: key.createdAt,
  last_used_at: key.lastUsedAt,
  expires_at: key.expiresAt,
  revoked_at: key.revokedAt,
  replaced_by: key.replacedBy,
});

const toClient = (row: Row): OAuthClientRecord => ({
  id: String(row.id),
  accountId: String(row.account_id),
  mode: row.mode as KeyMode,
  name: (row.name as string | null) ?? null,
  secretHash: String(row.secret_hash),
  scopes: String(row.scopes).split(' ').filter(Boolean),
  createdAt: num(row.created_at),
  revokedAt: numOrNull(row.revoked_at),
});

const toToken = (row: Row): OAuthTokenRecord => ({
  tokenHash: String(row.token_hash),
  clientId: String(row.client_id),
  accountId: String(row.account_id),
  mode: row.mode as KeyMode,
  scopes: String(row.scopes).split(' ').filter(Boolean),
  createdAt: num(row.created_at),
  expiresAt: num(row.expires_at),
});

const toPlanChange = (row: Row): PlanChangeRecord => ({
  id: String(row.id),
  accountId: String(row.account_id),
  fromPlan: row.from_plan as PlanName,
  toPlan: row.to_plan as PlanName,
  changedBy: String(row.changed_by),
  reason: (row.reason as string | null) ?? null,
  changedAt: num(row.changed_at),
});

export class AccountRepository implements AccountStore {
  constructor(private readonly knex: Knex) {}

  async createWithKey(account: Account, key: ApiKeyRecord): Promise<boolean> {
    try {
      await this.knex.transaction(async (trx) => {
        await trx('accounts').insert({
          id: account.id,
          email: account.email,
          plan: account.plan,
          created_at: account.createdAt,
          updated_at: account.updatedAt,
        });
        await trx('api_keys').insert(keyRow(key));
      });
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  async findById(id: string): Promise<Account | null> {
    const row = await this.knex('accounts').where({ id }).first();
    return row ? toAccount(row) : null;
  }

  async findByEmail(email: string): Promise<Account | null> {
    const row = await this.knex('accounts').where({ email }).first();
    return row ? toAccount(row) : null;
  }

  async changePlan(change: PlanChangeRecord): Promise<void> {
    await this.knex.transaction(async (trx) => {
      await trx('accounts')
        .where({ id: change.accountId })
        .update({ plan: change.toPlan, updated_at: change.changedAt });
      await trx('plan_changes').insert({
        id: change.id,
        account_id: change.accountId,
        from_plan: change.fromPlan,
        to_plan: change.toPlan,
        changed_by: change.changedBy,
        reason: change.reason,
        changed_at: change.changedAt,
      });
    });
  }

  async planChanges(accountId: string): Promise<PlanChangeRecord[]> {
    return (
      await this.knex('plan_changes')
        .where({ account_id: accountId })
        .orderBy([{ column: 'changed_at' }, { column: 'id' }])
    ).map(toPlanChange);
  }

  async insertKey(key: ApiKeyRecord): Promise<void> {
    await this.knex('api_keys').insert(keyRow(key));
  }

  async findKeyForAccount(accountId: string, keyId: string): Promise<ApiKeyRecord | null> {
    const row = await this.knex('api_keys').where({ id: keyId, account_id: accountId }).first();
    return row ? toKey(row) : null;
  }

  async listKeys(accountId: string): Promise<ApiKeyRecord[]> {
    return (
      await this.knex('api_keys')
        .where({ account_id: accountId })
        .orderBy([{ column: 'created_at' }, { column: 'id' }])
    ).map(toKey);
  }

  async revokeKey(accountId: string, keyId: string, at: number): Promise<void> {
    await this.knex('api_keys')
      .where({ id: keyId, account_id: accountId })
      .whereNull('revoked_at')
      .update({ revoked_at: at });
  }

  async rotateKey(accountId: string, oldKeyId: string, replacement: ApiKeyRecord, oldExpiresAt: number): Promise<void> {
    await this.knex.transaction(async (trx) => {
      await trx('api_keys').insert(keyRow(replacement));
      await trx('api_keys')
        .where({ id: oldKeyId, account_id: accountId })
        .update({ expires_at: oldExpiresAt, replaced_by: replacement.id });
    });
  }

  async touchKey(keyId: string, at: number): Promise<void> {
    await this.knex('api_keys').where({ id: keyId }).update({ last_used_at: at });
  }

  async findKeyWithAccount(keyHash: string): Promise<{ key: ApiKeyRecord; account: Account } | null> {
    const row = await this.knex('api_keys')
      .join('accounts', 'accounts.id', 'api_keys.account_id')
      .where('api_keys.key_hash', keyHash)
      .select(
        'api_keys.*',
        'accounts.email as account_email',
        'accounts.plan as account_plan',
        'accounts.created_at as account_created_at',
        'accounts.updated_at as account_updated_at',
      )
      .first();
    if (!row) return null;
    return {
      key: toKey(row),
      account: toAccount({
        id: row.account_id,
        email: row.account_email,
        plan: row.account_plan,
        created_at: row.account_created_at,
        updated_at: row.account_updated_at,
      }),
    };
  }

  async insertClient(client: OAuthClientRecord): Promise<void> {
    await this.knex('oauth_clients').insert({
      id: client.id,
      account_id: client.accountId,
      mode: client.mode,
      name: client.name,
      secret_hash: client.secretHash,
      scopes: client.scopes.join(' '),
      created_at: client.createdAt,
      revoked_at: client.revokedAt,
    });
  }

  async findClient(clientId: string): Promise<OAuthClientRecord | null> {
    const row = await this.knex('oauth_clients').where({ id: clientId }).first();
    return row ? toClient(row) : null;
  }

  async listClients(accountId: string): Promise<OAuthClientRecord[]> {
    return (
      await this.knex('oauth_clients')
        .where({ account_id: accountId })
        .orderBy([{ column: 'created_at' }, { column: 'id' }])
    ).map(toClient);
  }

  async revokeClient(accountId: string, clientId: string, at: number): Promise<void> {
    await this.knex('oauth_clients')
      .where({ id: clientId, account_id: accountId })
      .whereNull('revoked_at')
      .update({ revoked_at: at });
  }

  async insertToken(token: OAuthTokenRecord): Promise<void> {
    await this.knex('oauth_tokens').insert({
      token_hash: token.tokenHash,
      client_id: token.clientId,
      account_id: token.accountId,
      mode: token.mode,
      scopes: token.scopes.join(' '),
      created_at: token.createdAt,
      expires_at: token.expiresAt,
    });
  }

  async findToken(tokenHash: string): Promise<OAuthTokenRecord | null> {
    const row = await this.knex('oauth_tokens').where({ token_hash: tokenHash }).first();
    return row ? toToken(row) : null;
  }
}
