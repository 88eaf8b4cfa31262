import { TrackingInputError } from './errors';
import { quoteCredits, startOfMonthUtc, trackingCreditType, validateGrant, type CreditPlan } from './credits';

export type LedgerEntryKind = 'grant' | 'purchase' | 'consume' | 'refund';

/** One line of an account's credit ledger; credits are signed (consumption is negative). */
export interface LedgerEntry {
  id: string;
  accountId: string;
  creditType: string;
  kind: LedgerEntryKind;
  credits: string;
  balanceAfter: string;
  unitPrice: string | null;
  amount: string | null;
  currency: string | null;
  subjectId: string | null;
  reason: string | null;
  actor: string | null;
  createdAt: number;
}

export interface NewLedgerEntry {
  kind: LedgerEntryKind;
  credits: string;
  unitPrice?: string | null;
  amount?: string | null;
  currency?: string | null;
  subjectId?: string | null;
  reason?: string | null;
  actor?: string | null;
}

/** The ledger as the credit use cases need it (CreditLedgerRepository implements it). */
export interface CreditLedger {
  balance(accountId: string, creditType: string): Promise<string>;
  append(accountId: string, creditType: string, entry: NewLedgerEntry, now: number): Promise<LedgerEntry>;
  consumedSince(accountId: string, creditType: string, since: number): Promise<number>;
  entries(accountId: string, creditType: string, limit?: number): Promise<LedgerEntry[]>;
}

/** Tracking credits of an account: balance, history, admin grants, and what more would cost. */
export class TrackingCreditService {
  constructor(private readonly deps: { ledger: CreditLedger; clock: () => number }) {}

  balance(accountId: string): Promise<string> {
    return this.deps.ledger.balance(accountId, trackingCreditType);
  }

  history(accountId: string, limit = 100): Promise<LedgerEntry[]> {
    return this.deps.ledger.entries(accountId, trackingCreditType, limit);
  }

  /** The admin path: adds credits with who granted them and why (both required). */
  async grant(accountId: string, credits: string, reason: string, actor: string): Promise<LedgerEntry> {
    if (reason.trim() === '') throw new TrackingInputError('reason', 'A grant needs a reason.');
    if (actor.trim() === '') throw new TrackingInputError('actor', 'A grant needs the granting actor.');
    let amount: string;
    try {
      amount = validateGrant(credits);
    } catch (error) {
      throw new TrackingInputError('credits', (error as Error).message);
    }
    return this.deps.ledger.append(accountId, trackingCreditType, { kind: 'grant', credits: amount, reason, actor }, this.deps.clock());
  }

  /** Price of more credits this month, for a purchase page or an invoice line. */
  async quote(accountId: string, plan: CreditPlan, quantity: number) {
    const now = this.deps.clock();
    return quoteCredits(plan, quantity, await this.deps.ledger.consumedSince(accountId, trackingCreditType, startOfMonthUtc(now)));
  }
}
