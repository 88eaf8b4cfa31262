import type { Knex } from 'knex';
import Decimal from 'decimal.js';
import { toDecimalOrNull, toDecimalString, toNumber } from '../row-values';
import { newId } from '../../domain/shared';
import type { CreditLedger, LedgerEntry, LedgerEntryKind, NewLedgerEntry } from '../../domain/tracking';

export class CreditBalanceTooLowError extends Error {
  constructor(readonly balance: string) {
    super(`credit balance ${balance} is too low`);
  }
}

const fromRow = (r: Record<string, unknown>): LedgerEntry => ({
  id: r.id as string,
  accountId: r.account_id as string,
  creditType: r.credit_type as string,
  kind: r.kind as LedgerEntryKind,
  credits: toDecimalString(r.credits),
  balanceAfter: toDecimalString(r.balance_after),
  unitPrice: toDecimalOrNull(r.unit_price, 4),
  amount: toDecimalOrNull(r.amount),
  currency: (r.currency as string | null) ?? null,
  subjectId: (r.subject_id as string | null) ?? null,
  reason: (r.reason as string | null) ?? null,
  actor: (r.actor as string | null) ?? null,
  createdAt: toNumber(r.created_at),
});

/**
 * Credits per account and credit type: an append-only ledger and a balance row. Every entry locks
 * the balance row (SELECT … FOR UPDATE on MySQL; SQLite serialises writers), computes the new
 * balance in exact decimals and refuses to go below zero, so two concurrent debits never overdraw.
 */
export class CreditLedgerRepository implements CreditLedger {
  constructor(private readonly knex: Knex | Knex.Transaction) {}

  async balance(accountId: string, creditType: string): Promise<string> {
    const row = await this.knex('credit_balances').where({ account_id: accountId, credit_type: creditType }).first();
    return row ? toDecimalString(row.balance) : '0.00';
  }

  /** Appends an entry and moves the balance, in the caller's transaction or a new one. */
  async append(accountId: string, creditType: string, entry: NewLedgerEntry, now: number): Promise<LedgerEntry> {
    const work = async (trx: Knex.Transaction) => {
      const current = await trx('credit_balances')
        .where({ account_id: accountId, credit_type: creditType })
        .forUpdate()
        .first();
      const before = current ? toDecimalString(current.balance) : '0.00';
      const after = new Decimal(before).plus(entry.credits).toFixed(2);
      if (new Decimal(after).isNegative()) throw new CreditBalanceTooLowError(before);
      if (current) {
        await trx('credit_balances')
          .where({ account_id: accountId, credit_type: creditType })
          .update({ balance: after, updated_at: now });
      } else {
        await trx('credit_balances').insert({
          account_id: accountId,
          credit_type: creditType,
          balance: after,
          updated_at: now,
        });
      }
      const row = {
        id: newId('crl', now),
        account_id: accountId,
        credit_type: creditType,
        kind: entry.kind,
        credits: new Decimal(entry.credits).toFixed(2),
        balance_after: after,
        unit_price: entry.unitPrice ?? null,
        amount: entry.amount ?? null,
        currency: entry.currency ?? null,
        subject_id: entry.subjectId ?? null,
        reason: entry.reason ?? null,
        actor: entry.actor ?? null,
        created_at: now,
      };
      await trx('credit_ledger_entries').insert(row);
      return fromRow(row);
    };
    return this.knex.isTransaction ? work(this.knex as Knex.Transaction) : (this.knex as Knex).transaction(work);
  }

  /** Number of credits consumed since a time (the month's volume for tier pricing). */
  async consumedSince(accountId: string, creditType: string, since: number): Promise<number> {
    const rows = await this.knex('credit_ledger_entries')
      .where({ account_id: accountId, credit_type: creditType, kind: 'consume' })
      .andWhere('created_at', '>=', since)
      .select('credits');
    // Summed in exact decimals, not by the database (SQLite would sum DECIMAL as floats).
    const total = rows.reduce(
      (sum: Decimal, r: { credits: unknown }) => sum.plus(toDecimalString(r.credits)),
      new Decimal(0),
    );
    return total.negated().round().toNumber() || 0; // never -0 for an empty month
  }

  async entries(
    accountId: string,
    creditType: string,
    limit = 100,
    before?: { createdAt: number; id: string },
  ): Promise<LedgerEntry[]> {
    const query = this.knex('credit_ledger_entries').where({ account_id: accountId, credit_type: creditType });
    if (before) {
      query.andWhere((q) =>
        q
          .where('created_at', '<', before.createdAt)
          .orWhere((same) => same.where('created_at', before.createdAt).andWhere('id', '<', before.id)),
      );
    }
    const rows = await query
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(limit);
    return rows.map(fromRow);
  }
}
