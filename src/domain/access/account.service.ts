import type { Account, AccountStore, ApiKeyRecord, OAuthClientRecord, PlanChangeRecord } from './ports';
import { RecentKeyLookups } from './recent-key-lookups';
import { modeOfSecret, newSecret, sameDigest, secretPrefixes, sha256Hex } from './secrets';
import {
  conflict,
  type Caller,
  type Clock,
  DomainError,
  invalidInput,
  type KeyMode,
  newId,
  type PlanName,
} from '../shared';

/** A key as it is shown once, at creation: the secret itself and its stored record. */
export interface IssuedKey {
  secret: string;
  record: ApiKeyRecord;
}

export interface IssuedToken {
  accessToken: string;
  expiresIn: number;
  scopes: string[];
}

export const accessTokenLifetimeSeconds = 3600;

/**
 * The credential acting on the account's keys and clients: a test credential reaches test ones only
 * (live ones are not found, and it cannot create them); a live one, the account owner's, reaches both.
 */
export interface CredentialActor {
  accountId: string;
  mode: KeyMode;
  /** A rotated key in its grace period: it still calls operations but manages nothing. */
  expiring: boolean;
}

const reaches = (actor: CredentialActor, mode: KeyMode): boolean => actor.mode === 'live' || mode === actor.mode;

/** A credential on its way out, or a test one reaching for live credentials, manages nothing. */
function assertMayManage(actor: CredentialActor, mode: KeyMode): void {
  if (actor.expiring)
    throw new DomainError(
      'forbidden',
      'This key was rotated and is in its grace period: it cannot manage keys or clients. Use its replacement.',
    );
  if (!reaches(actor, mode))
    throw new DomainError('forbidden', 'A test credential manages test keys and clients only.');
}

export type KeyStatus = 'active' | 'expiring' | 'expired' | 'revoked';

/** A key's state at a time: revoked, in its grace period after a rotation, past it, or active. */
export function keyStatus(key: ApiKeyRecord, now: number): KeyStatus {
  if (key.revokedAt !== null) return 'revoked';
  if (key.expiresAt !== null) return key.expiresAt <= now ? 'expired' : 'expiring';
  return 'active';
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const unauthenticated = (message: string) => new DomainError('unauthenticated', message);

export interface AccountServiceDeps {
  accounts: AccountStore;
  clock: Clock;
}

/** Accounts and their credentials: sign-up, API keys, OAuth clients and tokens, authentication. */
export class AccountService {
  private readonly recentKeys: RecentKeyLookups;

  constructor(private readonly deps: AccountServiceDeps) {
    this.recentKeys = new RecentKeyLookups(deps.clock);
  }

  private now(): number {
    return this.deps.clock.now().getTime();
  }

  private newKey(accountId: string, mode: KeyMode, name: string | null): IssuedKey {
    const prefix = secretPrefixes.apiKey(mode);
    const secret = newSecret(prefix);
    const now = this.now();
    const record: ApiKeyRecord = {
      id: newId('key', now),
      accountId,
      mode,
      name,
      keyHash: sha256Hex(secret),
      prefix,
      last4: secret.slice(-4),
      createdAt: now,
      lastUsedAt: null,
      expiresAt: null,
      revokedAt: null,
      replacedBy: null,
    };
    return { secret, record };
  }

  /** A new Free account and its first live key, shown once. */
  async signUp(email: string): Promise<{ account: Account; key: IssuedKey }> {
    const normalised = email.trim().toLowerCase();
    if (!emailPattern.test(normalised)) throw invalidInput('email', 'must be an email address');
    const now = this.now();
    const account: Account = {
      id: newId('acct', now),
      email: normalised,
      plan: 'free',
      createdAt: now,
      updatedAt: now,
    };
    const key = this.newKey(account.id, 'live', 'Default key');
    if (!(await this.deps.accounts.createWithKey(account, key.record))) {
      throw new DomainError(
        'conflict',
        'An account with this email already exists.',
        [{ field: 'email', message: 'is already registered' }],
        {},
        'already_exists',
      );
    }
    return { account, key };
  }

  /** Resolves an API key to its caller; revoked, expired and unknown keys are all just invalid. */
  async authenticateKey(secret: string): Promise<Caller> {
    const mode = modeOfSecret(secret);
    if (!mode || secret.startsWith('tl_cs_') || secret.startsWith('tl_at_'))
      throw unauthenticated('The API key is not valid.');
    const hash = sha256Hex(secret);
    const remembered = this.recentKeys.get(hash);
    // A remembered entry was found under this very hash; a row the database returned is compared in constant time.
    const found = remembered ?? (await this.deps.accounts.findKeyWithAccount(hash));
    const now = this.now();
    if (
      !found ||
      (!remembered && !sameDigest(found.key.keyHash, hash)) ||
      found.key.revokedAt !== null ||
      (found.key.expiresAt !== null && found.key.expiresAt <= now)
    ) {
      throw unauthenticated('The API key is not valid, or was revoked or rotated out.');
    }
    const { key, account } = found;
    // last_used_at is kept to the minute: the hot path writes at most once a minute per key.
    // Bookkeeping, not access: a write that fails (a full disk) must not refuse the call; the next
    // call tries again.
    if (key.lastUsedAt === null || key.lastUsedAt < now - 60_000) {
      const touched = await this.deps.accounts.touchKey(key.id, now).then(
        () => true,
        () => false,
      );
      if (touched) key.lastUsedAt = now;
    }
    // Remembered from the database read only: refreshing on every hit would let an entry live forever.
    if (!remembered) this.recentKeys.remember(hash, found);
    return {
      kind: 'account',
      accountId: account.id,
      plan: account.plan,
      mode: key.mode,
      credential: { type: 'api_key', keyId: key.id, expiresAt: key.expiresAt },
    };
  }

  /** Resolves `Authorization: Bearer` — an API key or an OAuth access token. */
  async authenticateBearer(secret: string): Promise<Caller> {
    if (!secret.startsWith('tl_at_')) return this.authenticateKey(secret);
    const hash = sha256Hex(secret);
    const token = await this.deps.accounts.findToken(hash);
    if (!token || !sameDigest(token.tokenHash, hash)) throw unauthenticated('The access token is not valid.');
    if (token.expiresAt <= this.now()) throw unauthenticated('The access token has expired.');
    const client = await this.deps.accounts.findClient(token.clientId);
    if (!client || client.revokedAt !== null) throw unauthenticated('The access token was revoked.');
    const account = await this.deps.accounts.findById(token.accountId);
    if (!account) throw unauthenticated('The access token is not valid.');
    return {
      kind: 'account',
      accountId: account.id,
      plan: account.plan,
      mode: token.mode,
      credential: { type: 'oauth_token', clientId: client.id, scopes: token.scopes },
    };
  }

  async listKeys(actor: CredentialActor): Promise<ApiKeyRecord[]> {
    return (await this.deps.accounts.listKeys(actor.accountId)).filter((key) => reaches(actor, key.mode));
  }

  async createKey(actor: CredentialActor, mode: KeyMode, name: string | null): Promise<IssuedKey> {
    assertMayManage(actor, mode);
    const key = this.newKey(actor.accountId, mode, name);
    await this.deps.accounts.insertKey(key.record);
    return key;
  }

  private async reachableKey(actor: CredentialActor, keyId: string): Promise<ApiKeyRecord> {
    const key = await this.deps.accounts.findKeyForAccount(actor.accountId, keyId);
    // Another account's key, or a live key asked for with a test credential, is no key at all.
    if (!key || !reaches(actor, key.mode)) throw new DomainError('not_found', `No API key ${keyId} in this account.`);
    return key;
  }

  async revokeKey(actor: CredentialActor, keyId: string): Promise<ApiKeyRecord> {
    const key = await this.reachableKey(actor, keyId);
    assertMayManage(actor, key.mode);
    if (key.revokedAt === null) await this.deps.accounts.revokeKey(actor.accountId, keyId, this.now());
    this.recentKeys.forget(key.keyHash);
    return this.reachableKey(actor, keyId);
  }

  /**
   * A new key in place of an old one, which keeps working for the grace period (0 ends it now).
   * A key rotates once: rotating it again would stretch a leaked key's life, grace after grace.
   */
  async rotateKey(
    actor: CredentialActor,
    keyId: string,
    graceSeconds: number,
  ): Promise<{ replacement: IssuedKey; old: ApiKeyRecord }> {
    const old = await this.reachableKey(actor, keyId);
    assertMayManage(actor, old.mode);
    if (old.revokedAt !== null || old.replacedBy !== null || (old.expiresAt !== null && old.expiresAt <= this.now())) {
      throw conflict(
        'invalid_state',
        'This key is revoked or already rotated; rotate its replacement, or create a new key.',
      );
    }
    const replacement = this.newKey(actor.accountId, old.mode, old.name);
    const expiresAt = this.now() + graceSeconds * 1000;
    await this.deps.accounts.rotateKey(actor.accountId, keyId, replacement.record, expiresAt);
    this.recentKeys.forget(old.keyHash);
    return { replacement, old: await this.reachableKey(actor, keyId) };
  }

  async listClients(actor: CredentialActor): Promise<OAuthClientRecord[]> {
    return (await this.deps.accounts.listClients(actor.accountId)).filter((client) => reaches(actor, client.mode));
  }

  /** A client of the acting key's mode: a test key's client has a test secret and issues test tokens. */
  async createClient(
    actor: CredentialActor,
    name: string | null,
    scopes: string[],
  ): Promise<{ client: OAuthClientRecord; secret: string }> {
    assertMayManage(actor, actor.mode);
    const secret = newSecret(secretPrefixes.clientSecret(actor.mode));
    const now = this.now();
    const client: OAuthClientRecord = {
      id: newId('tlc', now),
      accountId: actor.accountId,
      mode: actor.mode,
      name,
      secretHash: sha256Hex(secret),
      scopes: [...new Set(scopes)].sort(),
      createdAt: now,
      revokedAt: null,
    };
    await this.deps.accounts.insertClient(client);
    return { client, secret };
  }

  async revokeClient(actor: CredentialActor, clientId: string): Promise<OAuthClientRecord> {
    const client = await this.deps.accounts.findClient(clientId);
    if (!client || client.accountId !== actor.accountId || !reaches(actor, client.mode))
      throw new DomainError('not_found', `No OAuth client ${clientId} in this account.`);
    assertMayManage(actor, client.mode);
    if (client.revokedAt === null) await this.deps.accounts.revokeClient(actor.accountId, clientId, this.now());
    return { ...client, revokedAt: client.revokedAt ?? this.now() };
  }

  /** OAuth 2.0 client credentials grant (RFC 6749 §4.4): a short-lived token for some of the client's scopes. */
  async issueToken(clientId: string, clientSecret: string, requestedScopes: string[] | null): Promise<IssuedToken> {
    const client = await this.deps.accounts.findClient(clientId);
    const mode = modeOfSecret(clientSecret);
    if (
      !client ||
      mode !== client.mode ||
      !sameDigest(client.secretHash, sha256Hex(clientSecret)) ||
      client.revokedAt !== null
    ) {
      throw new OAuthError('invalid_client', 'Client authentication failed.');
    }
    const scopes = requestedScopes ?? client.scopes;
    const notGranted = scopes.filter((scope) => !client.scopes.includes(scope));
    if (notGranted.length > 0)
      throw new OAuthError('invalid_scope', `The client may not request: ${notGranted.join(' ')}.`);
    const accessToken = newSecret(secretPrefixes.accessToken(mode));
    const now = this.now();
    await this.deps.accounts.insertToken({
      tokenHash: sha256Hex(accessToken),
      clientId,
      accountId: client.accountId,
      mode,
      scopes,
      createdAt: now,
      expiresAt: now + accessTokenLifetimeSeconds * 1000,
    });
    return { accessToken, expiresIn: accessTokenLifetimeSeconds, scopes };
  }

  async accountById(id: string): Promise<Account> {
    const account = await this.deps.accounts.findById(id);
    if (!account) throw new DomainError('not_found', `No account ${id}.`);
    return account;
  }

  /** A plan changed outside this service (a payment provider's event): remembered keys carry the old plan. */
  planChangedElsewhere(): void {
    this.recentKeys.forgetAll();
  }

  /** The admin path names accounts by email. */
  async accountByEmail(email: string): Promise<Account> {
    const account = await this.deps.accounts.findByEmail(email.trim().toLowerCase());
    if (!account) throw new DomainError('not_found', `No account with the email ${email}.`);
    return account;
  }

  /** The admin path: moves an account to a plan and records who did it, when and why. */
  async changePlan(email: string, plan: PlanName, changedBy: string, reason: string | null): Promise<PlanChangeRecord> {
    const account = await this.accountByEmail(email);
    const now = this.now();
    const change: PlanChangeRecord = {
      id: newId('pch', now),
      accountId: account.id,
      fromPlan: account.plan,
      toPlan: plan,
      changedBy,
      reason,
      changedAt: now,
    };
    await this.deps.accounts.changePlan(change);
    // Plan changes are rare: forgetting every remembered key is simpler than finding the account's.
    this.recentKeys.forgetAll();
    return change;
  }
}

/** The token endpoint's errors, named as RFC 6749 §5.2 names them. */
export class OAuthError extends DomainError {
  constructor(
    readonly error: 'invalid_client' | 'invalid_scope' | 'invalid_request' | 'unsupported_grant_type',
    message: string,
  ) {
    super(error === 'invalid_client' ? 'unauthenticated' : 'invalid_input', message);
    this.name = 'OAuthError';
  }
}
