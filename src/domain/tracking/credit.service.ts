import { TrackingInputError } from './errors';
import {
  PriceTier,
  quoteCredits,
  startOfMonthUtc,
  trackingCreditPricing,
  trackingCreditType,
  validateGrant,
  type CreditPlan,
} from './credits';
import { decodeCursor, isCreatedAtCursor, Page, pageOf } from '../shared';

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
  /** Newest first; `before` is the last entry of the previous page. */
  entries(
    accountId: string,
    creditType: string,
    limit?: number,
    before?: { createdAt: number; id: string },
  ): Promise<LedgerEntry[]>;
}

/** What an account's credits stand at and what the next one costs (month volume so far included). */
export interface CreditBalanceSummary {
  plan: CreditPlan;
  /** The mode of the key asking; both modes read the account's one balance. */
  livemode: boolean;
  balance: string;
  usedThisMonth: number;
  currency: string;
  listPrice: string;
  nextUnitPrice: string;
  nextDiscountPercent: number;
  tiers: readonly PriceTier[];
}

/** Tracking credits of an account: balance, history, admin grants, and what more would cost. */
export class TrackingCreditService {
  constructor(private readonly deps: { ledger: CreditLedger; clock: () => number }) {}

  balance(accountId: string): Promise<string> {
    return this.deps.ledger.balance(accountId, trackingCreditType);
  }

  async summary(accountId: string, plan: CreditPlan, livemode: boolean): Promise<CreditBalanceSummary> {
    const prices = {
      plan,
      currency: trackingCreditPricing.currency,
      listPrice: trackingCreditPricing.listPrice,
      tiers: trackingCreditPricing.tiers[plan],
    };
    const [balance, usedThisMonth] = await Promise.all([
      this.deps.ledger.balance(accountId, trackingCreditType),
      this.deps.ledger.consumedSince(accountId, trackingCreditType, startOfMonthUtc(this.deps.clock())),
    ]);
    const [next] = quoteCredits(plan, 1, usedThisMonth).lines;
    return {
      ...prices,
      livemode,
      balance,
      usedThisMonth,
      nextUnitPrice: next.unitPrice,
      nextDiscountPercent: next.discountPercent,
    };
  }

  /** The ledger, newest first, `limit` (1–100) at a time. */
  async transactions(accountId: string, page: { limit: number; cursor: string | null }): Promise<Page<LedgerEntry>> {
    const limit = Math.min(100, Math.max(1, page.limit));
    const before = page.cursor ? decodeCursor(page.cursor, isCreatedAtCursor) : undefined;
    const rows = await this.deps.ledger.entries(accountId, trackingCreditType, limit + 1, before);
    return pageOf(rows, limit, (last) => ({ createdAt: last.createdAt, id: last.id }));
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
    return this.deps.ledger.append(
      accountId,
      trackingCreditType,
      { kind: 'grant', credits: amount, reason, actor },
      this.deps.clock(),
    );
  }

  /** Price of more credits this month, for a purchase page or an invoice line. */
  async quote(accountId: string, plan: CreditPlan, quantity: number) {
    const now = this.deps.clock();
    return quoteCredits(
      plan,
      quantity,
      await this.deps.ledger.consumedSince(accountId, trackingCreditType, startOfMonthUtc(now)),
    );
  }
}
