import type { Account } from '../access';
import type { KeyMode } from '../shared';

/** A person's way into the web application: the account's password and whether its email is proven. */
export interface WebLogin {
  accountId: string;
  passwordHash: string;
  emailVerifiedAt: number | null;
}

/** A signed-in browser. The cookie's value is never stored, only its SHA-256. */
export interface WebSessionRecord {
  idHash: string;
  accountId: string;
  csrfToken: string;
  mode: KeyMode;
  createdAt: number;
  expiresAt: number;
}

export type EmailLinkPurpose = 'verify' | 'reset';

export interface EmailLinkRecord {
  tokenHash: string;
  accountId: string;
  purpose: EmailLinkPurpose;
  createdAt: number;
  expiresAt: number;
}

export interface WebLoginStore {
  findLogin(accountId: string): Promise<WebLogin | null>;
  /** Sets (or replaces) the account's password. */
  savePassword(accountId: string, passwordHash: string, now: number): Promise<void>;
  markVerified(accountId: string, now: number): Promise<void>;
  insertSession(session: WebSessionRecord): Promise<void>;
  /** The session and its account, when it has not expired. */
  findSession(idHash: string, now: number): Promise<{ session: WebSessionRecord; account: Account } | null>;
  setSessionMode(idHash: string, mode: KeyMode): Promise<void>;
  deleteSession(idHash: string): Promise<void>;
  /** Signs the account out everywhere (after a password reset). */
  deleteSessionsOf(accountId: string): Promise<void>;
  insertEmailLink(link: EmailLinkRecord): Promise<void>;
  /**
   * Uses a link once, in one conditional update: its account when it was unused and unexpired,
   * else null (a second click, an old link, another purpose's token).
   */
  useEmailLink(tokenHash: string, purpose: EmailLinkPurpose, now: number): Promise<string | null>;
}

/** An email to a person; the adapter sends it by SMTP or, with none configured, writes it to the log. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}
