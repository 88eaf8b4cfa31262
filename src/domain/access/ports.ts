import type { KeyMode, PlanName } from '../shared';

export interface Account {
  id: string;
  email: string;
  plan: PlanName;
  createdAt: number;
  updatedAt: number;
}

export interface ApiKeyRecord {
  id: string;
  accountId: string;
  mode: KeyMode;
  name: string | null;
  keyHash: string;
  prefix: string;
  last4: string;
  createdAt: number;
  lastUsedAt: number | null;
  expiresAt: number | null;
  revokedAt: number | null;
  replacedBy: string | null;
}

export interface OAuthClientRecord {
  id: string;
  accountId: string;
  /** The mode of the key that created it: its secret and tokens are of this mode. */
  mode: KeyMode;
  name: string | null;
  secretHash: string;
  scopes: string[];
  createdAt: number;
  revokedAt: number | null;
}

export interface OAuthTokenRecord {
  tokenHash: string;
  clientId: string;
  accountId: string;
  mode: KeyMode;
  scopes: string[];
  createdAt: number;
  expiresAt: number;
}

export interface PlanChangeRecord {
  id: string;
  accountId: string;
  fromPlan: PlanName;
  toPlan: PlanName;
  changedBy: string;
  reason: string | null;
  changedAt: number;
}

/** Storage of accounts and their credentials (src/db/repositories/account.repository.ts). */
export interface AccountStore {
  /** Creates the account with its first key atomically; false when the email is taken. */
  createWithKey(account: Account, key: ApiKeyRecord): Promise<boolean>;
  findById(id: string): Promise<Account | null>;
  findByEmail(email: string): Promise<Account | null>;
  changePlan(change: PlanChangeRecord): Promise<void>;
  planChanges(accountId: string): Promise<PlanChangeRecord[]>;

  insertKey(key: ApiKeyRecord): Promise<void>;
  /** The key and its account in one read: the authentication hot path. */
  findKeyWithAccount(keyHash: string): Promise<{ key: ApiKeyRecord; account: Account } | null>;
  findKeyForAccount(accountId: string, keyId: string): Promise<ApiKeyRecord | null>;
  listKeys(accountId: string): Promise<ApiKeyRecord[]>;
  revokeKey(accountId: string, keyId: string, at: number): Promise<void>;
  /** Inserts the new key and gives the old one its grace-period end, in one transaction. */
  rotateKey(accountId: string, oldKeyId: string, replacement: ApiKeyRecord, oldExpiresAt: number): Promise<void>;
  touchKey(keyId: string, at: number): Promise<void>;

  insertClient(client: OAuthClientRecord): Promise<void>;
  findClient(clientId: string): Promise<OAuthClientRecord | null>;
  listClients(accountId: string): Promise<OAuthClientRecord[]>;
  revokeClient(accountId: string, clientId: string, at: number): Promise<void>;
  insertToken(token: OAuthTokenRecord): Promise<void>;
  findToken(tokenHash: string): Promise<OAuthTokenRecord | null>;
}

/** Daily counters (src/db/repositories/quota-counter.repository.ts). */
export interface QuotaCounterStore {
  /** Adds one use when fewer than `limit` are used, in one atomic statement: the new count, or null when full. */
  take(subject: string, bucket: string, day: string, limit: number): Promise<number | null>;
  /** Gives one use back (the call it paid for was rejected). */
  giveBack(subject: string, bucket: string, day: string): Promise<void>;
  /** What the subject used in one window, by bucket (buckets with no use are absent). */
  usedIn(subject: string, window: string): Promise<Map<string, number>>;
  /** Forgets the subject's windows of the bucket older than this one (short windows would pile up). */
  forgetBefore(subject: string, bucket: string, window: string): Promise<void>;
}

export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  /** Never holds a secret: the secrets of the first answer are left out (see secretWithheldFrom). */
  body: string;
  /** Ids of the objects whose secret was shown once and left out of the stored body; empty when none. */
  secretWithheldFrom: string[];
}

export interface IdempotencyBeginOptions {
  now: number;
  /** When a record made now expires (24 hours on). */
  expiresAt: number;
  /** A record still in progress that began before this was left by a request that died: it is taken over. */
  staleBefore: number;
}

export type IdempotencyBegin =
  | { outcome: 'started' }
  | { outcome: 'replay'; response: StoredResponse }
  | { outcome: 'in_progress' }
  | { outcome: 'mismatch' };

/** First responses of idempotent POSTs (src/db/repositories/idempotency-record.repository.ts). */
export interface IdempotencyStore {
  begin(owner: string, key: string, requestHash: string, options: IdempotencyBeginOptions): Promise<IdempotencyBegin>;
  complete(owner: string, key: string, response: StoredResponse): Promise<void>;
  abandon(owner: string, key: string): Promise<void>;
}
