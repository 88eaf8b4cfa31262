import type { Knex } from 'knex';
import type { Account } from '../../domain/access';
import type { KeyMode, PlanName } from '../../domain/shared';
import type {
  EmailLinkPurpose,
  EmailLinkRecord,
  WebLogin,
  WebLoginStore,
  WebSessionRecord,
} from '../../domain/web-sessions';

type Row = Record<string, unknown>;
const numOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

/** Passwords, sessions and email links of the web application (tables web_logins, web_sessions, web_email_links). */
export class WebLoginRepository implements WebLoginStore {
  constructor(private readonly knex: Knex) {}

  async findLogin(accountId: string): Promise<WebLogin | null> {
    const row = (await this.knex('web_logins').where({ account_id: accountId }).first()) as Row | undefined;
    return row
      ? {
          accountId: String(row.account_id),
          passwordHash: String(row.password_hash),
          emailVerifiedAt: numOrNull(row.email_verified_at),
        }
      : null;
  }

  async savePassword(accountId: string, passwordHash: string, now: number): Promise<void> {
    await this.knex('web_logins')
      .insert({ account_id: accountId, password_hash: passwordHash, created_at: now, updated_at: now })
      .onConflict('account_id')
      .merge(['password_hash', 'updated_at']);
  }

  async markVerified(accountId: string, now: number): Promise<void> {
    await this.knex('web_logins')
      .where({ account_id: accountId })
      .whereNull('email_verified_at')
      .update({ email_verified_at: now });
  }

  async insertSession(session: WebSessionRecord): Promise<void> {
    await this.knex('web_sessions').insert({
      id_hash: session.idHash,
      account_id: session.accountId,
      csrf_token: session.csrfToken,
      mode: session.mode,
      created_at: session.createdAt,
      expires_at: session.expiresAt,
    });
  }

  async findSession(idHash: string, now: number): Promise<{ session: WebSessionRecord; account: Account } | null> {
    const row = (await this.knex('web_sessions as s')
      .join('accounts as a', 'a.id', 's.account_id')
      .where('s.id_hash', idHash)
      .andWhere('s.expires_at', '>', now)
      .first(
        's.id_hash',
        's.account_id',
        's.csrf_token',
        's.mode',
        's.created_at',
        's.expires_at',
        'a.email',
        'a.plan',
        'a.created_at as account_created_at',
        'a.updated_at as account_updated_at',
      )) as Row | undefined;
    if (!row) return null;
    return {
      session: {
        idHash: String(row.id_hash),
        accountId: String(row.account_id),
        csrfToken: String(row.csrf_token),
        mode: row.mode as KeyMode,
        createdAt: Number(row.created_at),
        expiresAt: Number(row.expires_at),
      },
      account: {
        id: String(row.account_id),
        email: String(row.email),
        plan: row.plan as PlanName,
        createdAt: Number(row.account_created_at),
        updatedAt: Number(row.account_updated_at),
      },
    };
  }

  async setSessionMode(idHash: string, mode: KeyMode): Promise<void> {
    await this.knex('web_sessions').where({ id_hash: idHash }).update({ mode });
  }

  async deleteSession(idHash: string): Promise<void> {
    await this.knex('web_sessions').where({ id_hash: idHash }).delete();
  }

  async deleteSessionsOf(accountId: string): Promise<void> {
    await this.knex('web_sessions').where({ account_id: accountId }).delete();
  }

  async insertEmailLink(link: EmailLinkRecord): Promise<void> {
    await this.knex('web_email_links').insert({
      token_hash: link.tokenHash,
      account_id: link.accountId,
      purpose: link.purpose,
      created_at: link.createdAt,
      expires_at: link.expiresAt,
    });
  }

  async useEmailLink(tokenHash: string, purpose: EmailLinkPurpose, now: number): Promise<string | null> {
    const used = await this.knex('web_email_links')
      .where({ token_hash: tokenHash, purpose })
      .whereNull('used_at')
      .andWhere('expires_at', '>', now)
      .update({ used_at: now });
    if (used !== 1) return null;
    const row = (await this.knex('web_email_links').where({ token_hash: tokenHash }).first('account_id')) as Row;
    return String(row.account_id);
  }
}
