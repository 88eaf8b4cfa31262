import crypto from 'node:crypto';
import { type Account, type AccountService, type IssuedKey, sha256Hex } from '../access';
import { type Clock, DomainError, type KeyMode } from '../shared';
import { checkPasswordRules, hashPassword, passwordMatches } from './passwords';
import type { EmailLinkPurpose, Mailer, WebLoginStore, WebSessionRecord } from './ports';
import { SignInThrottle } from './sign-in-throttle';

export interface WebAccountServiceDeps {
  accounts: AccountService;
  logins: WebLoginStore;
  mailer: Mailer;
  clock: Clock;
  /** The web application's address, for the links in emails (never taken from a request's Host). */
  baseUrl: string;
  throttle?: SignInThrottle;
}

export const sessionLifetimeMs = 7 * 24 * 3600_000;
const linkLifetimeMs: Record<EmailLinkPurpose, number> = { verify: 24 * 3600_000, reset: 3600_000 };
const linkPath: Record<EmailLinkPurpose, string> = { verify: '/verify-email', reset: '/reset-password' };

const randomToken = (): string => crypto.randomBytes(32).toString('base64url');
const normalised = (email: string): string => email.trim().toLowerCase();

/** A session as the web application holds it: the cookie's value (once, at sign-in) and its record. */
export interface SignedIn {
  token: string;
  session: WebSessionRecord;
}

/**
 * People in the web application: sign-up (the API's sign-up, then a password), email verification,
 * sign-in with a throttle, sessions and the test/live toggle, password reset. It never authenticates
 * the JSON API, and an API key is never a password.
 */
export class WebAccountService {
  private readonly throttle: SignInThrottle;
  /** Compared against when the email is unknown, so an unknown email takes as long as a wrong password. */
  private readonly decoy: Promise<string>;

  constructor(private readonly deps: WebAccountServiceDeps) {
    this.throttle = deps.throttle ?? new SignInThrottle();
    this.decoy = hashPassword(randomToken());
  }

  private now(): number {
    return this.deps.clock.now().getTime();
  }

  /** The same account and first live key as POST /api/signup, then the password and a verification link. */
  async signUp(email: string, password: string): Promise<{ account: Account; key: IssuedKey }> {
    checkPasswordRules(password);
    const passwordHash = await hashPassword(password);
    const created = await this.deps.accounts.signUp(email);
    await this.deps.logins.savePassword(created.account.id, passwordHash, this.now());
    await this.sendLink(created.account, 'verify');
    return created;
  }

  async verifyEmail(token: string): Promise<void> {
    const accountId = await this.deps.logins.useEmailLink(sha256Hex(token), 'verify', this.now());
    if (!accountId)
      throw new DomainError('not_found', 'This link was used already or has expired. Sign in to have a new one sent.');
    await this.deps.logins.markVerified(accountId, this.now());
  }

  async signIn(email: string, password: string, address: string): Promise<SignedIn> {
    const who = normalised(email);
    const now = this.now();
    const wait = this.throttle.waitMs(address, who, now);
    if (wait) {
      const minutes = Math.ceil(wait.ms / 60_000);
      const whose = wait.scope === 'account' ? 'this account' : 'your network address';
      throw new DomainError(
        'quota_exceeded',
        `Too many failed sign-ins for ${whose}. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or reset your password.`,
        [],
        { retry_after_seconds: Math.ceil(wait.ms / 1000) },
      );
    }
    const account = await this.deps.accounts.accountByEmail(who).catch(() => null);
    const login = account ? await this.deps.logins.findLogin(account.id) : null;
    const matches = await passwordMatches(login?.passwordHash ?? (await this.decoy), password);
    if (!account || !login || !matches) {
      this.throttle.recordFailure(address, who, now);
      throw new DomainError('unauthenticated', 'That email and password do not match an account.', [
        { field: 'password', message: 'does not match' },
      ]);
    }
    this.throttle.recordSuccess(who);
    if (login.emailVerifiedAt === null) {
      await this.sendLink(account, 'verify');
      throw new DomainError('forbidden', `Verify your email first: we have sent a new link to ${account.email}.`);
    }
    const token = randomToken();
    const session: WebSessionRecord = {
      idHash: sha256Hex(token),
      accountId: account.id,
      csrfToken: crypto.randomBytes(32).toString('hex'),
      mode: 'test',
      createdAt: now,
      expiresAt: now + sessionLifetimeMs,
    };
    await this.deps.logins.insertSession(session);
    return { token, session };
  }

  /** The signed-in session of a cookie, or null (unknown, expired, signed out). */
  session(token: string): Promise<{ session: WebSessionRecord; account: Account } | null> {
    return this.deps.logins.findSession(sha256Hex(token), this.now());
  }

  setMode(session: WebSessionRecord, mode: KeyMode): Promise<void> {
    return this.deps.logins.setSessionMode(session.idHash, mode);
  }

  signOut(session: WebSessionRecord): Promise<void> {
    return this.deps.logins.deleteSession(session.idHash);
  }

  /** Sends a reset link when the email has an account; says nothing either way (no account probing). */
  async requestPasswordReset(email: string): Promise<void> {
    const account = await this.deps.accounts.accountByEmail(normalised(email)).catch(() => null);
    if (account && (await this.deps.logins.findLogin(account.id))) await this.sendLink(account, 'reset');
  }

  /** A new password from a reset link; the link proves the email, and every session is signed out. */
  async resetPassword(token: string, password: string): Promise<void> {
    checkPasswordRules(password);
    const accountId = await this.deps.logins.useEmailLink(sha256Hex(token), 'reset', this.now());
    if (!accountId)
      throw new DomainError('not_found', 'This reset link was used already or has expired. Ask for a new one.');
    await this.deps.logins.savePassword(accountId, await hashPassword(password), this.now());
    await this.deps.logins.markVerified(accountId, this.now());
    await this.deps.logins.deleteSessionsOf(accountId);
  }

  private async sendLink(account: Account, purpose: EmailLinkPurpose): Promise<void> {
    const token = randomToken();
    const now = this.now();
    await this.deps.logins.insertEmailLink({
      tokenHash: sha256Hex(token),
      accountId: account.id,
      purpose,
      createdAt: now,
      expiresAt: now + linkLifetimeMs[purpose],
    });
    const link = `${this.deps.baseUrl}${linkPath[purpose]}?token=${token}`;
    const mail =
      purpose === 'verify'
        ? {
            subject: 'Verify your Tradelane email',
            text: `Open this link to verify your email and sign in:\n\n${link}\n\nIt works once, for 24 hours.\n`,
          }
        : {
            subject: 'Reset your Tradelane password',
            text: `Open this link to choose a new password:\n\n${link}\n\nIt works once, for one hour. If you did not ask for it, ignore this email.\n`,
          };
    await this.deps.mailer.send({ to: account.email, ...mail });
  }
}
