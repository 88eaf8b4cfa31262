import Decimal from 'decimal.js';
import { correctionDeadlines, type CorrectionDeadlines } from './correction-deadlines';
import { DomainError, invalidInput } from '../shared';
import {
  type BulkLine,
  type RawRow,
  readBulkLines,
  type DutyCalculation,
  type DutyEngineDependencies,
  type DutyPricer,
  dutyInputOf,
  estimateIeepaRefunds,
  ieepaCollectionEnd,
  type IeepaRefundLine,
} from '../tariff';

/**
 * Reconciliation of an entry summary as filed (one row per tariff number of each 7501 line, as ACE's
 * entry summary line report lists them) against what the duty engine says the line owed: per line
 * and per program the filed amount, ours, the difference and its reason; the entry's fees; which
 * correction is still open for the line (post-summary correction, protest) and by when; and for
 * entries while IEEPA duties were collected, the refund estimate of the existing refund operation.
 */

export type DifferenceReason =
  /** We charge a program the summary does not report. */
  | 'program_missing'
  /** The summary reports a program we do not charge. */
  | 'program_extra'
  /** Both have the program; the amounts differ on the same value. */
  | 'rate'
  /** The program's row carries another value than the line's. */
  | 'value'
  /** We charge a program the line could be relieved of by a claim it does not make (an exemption the filer may have relied on). */
  | 'claim'
  /** The filed MPF is not the entry's fee held between the per-entry minimum and maximum. */
  | 'fee_cap'
  /** We cannot compute our amount (the engine's reason is on the line). */
  | 'unresolved';

export interface ProgramDifference {
  family: string;
  /** The Chapter 99 number; null for the line's base duty (its own HTS number). */
  heading: string | null;
  filed: string | null;
  ours: string | null;
  difference: string | null;
  reason: DifferenceReason | null;
}

export interface ReconciledLine {
  lineNumber: number;
  htsCode: string;
  countryCode: string;
  value: string;
  status: 'reconciled' | 'unresolved';
  reason: string | null;
  filed: string;
  ours: string | null;
  difference: string | null;
  programs: ProgramDifference[];
  correction: { kind: 'post_summary_correction' | 'protest'; opens: string | null; deadline: string } | null;
  ieepaRefund: Pick<IeepaRefundLine, 'owedTotal' | 'paid' | 'refundable' | 'refundEstimate' | 'reason'> | null;
}

export interface ReconciledEntry {
  entryNumber: string;
  entryDate: string;
  deadlines: CorrectionDeadlines;
  lines: ReconciledLine[];
  fees: Array<{
    fee: 'mpf' | 'hmf';
    filed: string;
    ours: string | null;
    difference: string | null;
    reason: DifferenceReason | null;
  }>;
}

export interface ReconciliationTotals {
  filed: string;
  ours: string | null;
  /** Filed above ours where the reason is known: what a correction or protest could get back. */
  overpaid: string;
  /** Filed below ours where the reason is known: what a correction would owe. */
  underpaid: string;
  /** Filed amounts we cannot compare (lines the engine cannot price). */
  unexplained: string;
  ieepaRefundEstimate: string;
}

export interface Reconciliation {
  entries: ReconciledEntry[];
  totals: ReconciliationTotals;
  rulesVersion: string;
}

/** One row of the file, where it was (`file/<sheet row>`) and its cells. */
export interface SummaryRow {
  at: string;
  line: BulkLine;
}

const money = (value: Decimal.Value) => new Decimal(value).toFixed(2);
const isChapter99 = (hts: string) => hts.replace(/\./g, '').startsWith('9903');

interface SummaryLine {
  entryNumber: string;
  lineNumber: number;
  own: BulkLine;
  programs: BulkLine[];
}

/** The rows grouped into 7501 lines: each line's own HTS row and its Chapter 99 rows, in the file's order. */
function summaryLines(rows: readonly SummaryRow[]): SummaryLine[] {
  const byKey = new Map<string, { own: BulkLine | null; programs: BulkLine[]; at: string }>();
  for (const { at, line } of rows) {
    const key = `${line.entry_number}\u0000${line.line_number}`;
    const held = byKey.get(key) ?? { own: null, programs: [], at };
    if (isChapter99(line.hts_code as string)) held.programs.push(line);
    else if (held.own === null) held.own = line;
    else throw lineProblem(at, 'hts_code', 'a 7501 line has one HTS number of its own besides its Chapter 99 numbers');
    byKey.set(key, held);
  }
  return [...byKey.values()].map(({ own, programs, at }) => {
    if (own === null)
      throw lineProblem(at, 'hts_code', 'the line has Chapter 99 rows but no row of its own HTS number');
    return { entryNumber: own.entry_number as string, lineNumber: Number(own.line_number), own, programs };
  });
}

const lineProblem = (at: string, column: string, message: string) => invalidInput(`${at}/${column}`, message);

function programDifferences(line: SummaryLine, calculation: DutyCalculation | string): ProgramDifference[] {
  const filedBase: ProgramDifference = {
    family: 'base',
    heading: null,
    filed: money(line.own.duty ?? 0),
    ours: null,
    difference: null,
    reason: null,
  };
  const filed = [
    filedBase,
    ...line.programs.map((row) => ({
      family: 'unknown',
      heading: row.hts_code as string,
      filed: money(row.duty ?? 0),
      ours: null,
      difference: null,
      reason: row.value != null && row.value !== line.own.value ? ('value' as const) : null,
    })),
  ];
  if (typeof calculation === 'string') return filed.map((program) => ({ ...program, reason: 'unresolved' as const }));
  const applying = calculation.components.filter((c) => c.status === 'applies');
  const result: ProgramDifference[] = [];
  for (const program of filed) {
    const ours = applying.filter((c) =>
      program.heading === null
        ? c.family === 'base'
        : c.heading === program.heading || c.reliefHeading === program.heading,
    );
    const family = program.heading === null ? 'base' : (ours[0]?.family ?? 'unknown');
    if (ours.length === 0) {
      result.push({
        ...program,
        family,
        ours: '0.00',
        difference: program.filed,
        reason: Number(program.filed) === 0 ? null : 'program_extra',
      });
      continue;
    }
    if (ours.some((c) => c.amount === null)) {
      result.push({ ...program, family, reason: 'unresolved' });
      continue;
    }
    const amount = money(ours.reduce((sum, c) => sum.plus(c.amount as string), new Decimal(0)));
    const difference = money(new Decimal(program.filed as string).minus(amount));
    result.push({
      ...program,
      family,
      ours: amount,
      difference,
      reason: new Decimal(difference).isZero() ? null : (program.reason ?? 'rate'),
    });
  }
  // Programs we charge that the summary does not report.
  for (const component of applying) {
    if (component.family === 'base' || component.heading === null) continue;
    if (filed.some((p) => p.heading === component.heading || p.heading === component.reliefHeading)) continue;
    const amount = component.amount === null ? null : money(component.amount);
    result.push({
      family: component.family,
      heading: component.heading,
      filed: '0.00',
      ours: amount,
      difference: amount === null ? null : money(new Decimal(amount).negated()),
      reason: amount === null ? 'unresolved' : component.possibleExemptions.length > 0 ? 'claim' : 'program_missing',
    });
  }
  return result;
}

const sumOf = (amounts: ReadonlyArray<string | null>) =>
  amounts.some((a) => a === null)
    ? null
    : money(amounts.reduce((sum: Decimal, a) => sum.plus(a as string), new Decimal(0)));

function correctionOf(
  difference: string | null,
  deadlines: CorrectionDeadlines,
  today: string,
): ReconciledLine['correction'] {
  if (difference === null || new Decimal(difference).isZero()) return null;
  if (today <= deadlines.postSummaryCorrection)
    return { kind: 'post_summary_correction', opens: null, deadline: deadlines.postSummaryCorrection };
  // Only what was overpaid is protested, from liquidation on.
  if (new Decimal(difference).isPositive() && today <= deadlines.protest)
    return { kind: 'protest', opens: deadlines.liquidation, deadline: deadlines.protest };
  return null;
}

function feeDifferences(lines: readonly SummaryLine[], pricer: DutyPricer, entryDate: string): ReconciledEntry['fees'] {
  const mode = dutyInputOf(lines[0].own).mode ?? null;
  const fees = pricer.entryFees({
    entryType: '01',
    entryDate,
    mode,
    lineValues: lines.map((line) => new Decimal(line.own.value as string)),
  });
  return (['mpf', 'hmf'] as const).flatMap((fee): ReconciledEntry['fees'] => {
    const rows = lines.map((line) => line.own[fee]);
    if (rows.every((r) => r == null)) return [];
    const filed = money(rows.reduce((sum: Decimal, r) => sum.plus(r ?? 0), new Decimal(0)));
    const ours = fees[fee].status === 'not_applicable' ? '0.00' : fees[fee].amount;
    if (ours === null) return [{ fee, filed, ours, difference: null, reason: 'unresolved' }];
    const difference = money(new Decimal(filed).minus(ours));
    // The MPF on the entry's value, before the per-entry minimum and maximum: when the filed fee is that, the cap was missed.
    const uncapped = money(new Decimal(fees.value ?? 0).times(fees[fee].ratePercent).dividedBy(100));
    const reason = new Decimal(difference).isZero() ? null : fee === 'mpf' && filed === uncapped ? 'fee_cap' : 'rate';
    return [{ fee, filed, ours, difference, reason }];
  });
}

/**
 * Reconciles the rows (checked by the bulk file reader's `readBulkLines` as an `entry_summary`):
 * each 7501 line priced by the engine on its entry date, compared program by program.
 */
export async function reconcileEntrySummary(
  rows: readonly SummaryRow[],
  deps: { pricer: DutyPricer; engine: DutyEngineDependencies; today: string },
): Promise<Reconciliation> {
  const lines = summaryLines(rows);
  const entryNumbers = [...new Set(lines.map((l) => l.entryNumber))];
  const entries: ReconciledEntry[] = [];
  for (const entryNumber of entryNumbers) {
    const entryLines = lines.filter((l) => l.entryNumber === entryNumber);
    const entryDate = entryLines[0].own.entry_date as string;
    const liquidation = entryLines.find((l) => l.own.liquidation_date != null)?.own.liquidation_date ?? null;
    const deadlines = correctionDeadlines(entryDate, liquidation);
    const reconciled: ReconciledLine[] = [];
    for (const line of entryLines) {
      const calculation = await deps.pricer.priceLine({ ...dutyInputOf(line.own), entryDate });
      const programs = programDifferences(line, calculation);
      const filed = sumOf(programs.map((p) => p.filed)) as string;
      const ours = sumOf(programs.map((p) => p.ours));
      const difference = ours === null ? null : money(new Decimal(filed).minus(ours));
      reconciled.push({
        lineNumber: line.lineNumber,
        htsCode: line.own.hts_code as string,
        countryCode: (line.own.country_code as string).toUpperCase(),
        value: money(line.own.value as string),
        status: ours === null ? 'unresolved' : 'reconciled',
        reason: typeof calculation === 'string' ? calculation : null,
        filed,
        ours,
        difference,
        programs,
        correction: correctionOf(difference, deadlines, deps.today),
        ieepaRefund: null,
      });
    }
    if (entryDate < ieepaCollectionEnd) await addIeepaRefunds(entryNumber, entryLines, reconciled, deps.engine);
    entries.push({
      entryNumber,
      entryDate,
      deadlines,
      lines: reconciled,
      fees: feeDifferences(entryLines, deps.pricer, entryDate),
    });
  }
  return { entries, totals: totalsOf(entries), rulesVersion: deps.pricer.rulesVersion };
}

/** The IEEPA refund estimate of each line, by the refund operation itself, with what the summary filed under IEEPA as paid. */
async function addIeepaRefunds(
  entryNumber: string,
  lines: readonly SummaryLine[],
  reconciled: ReconciledLine[],
  engine: DutyEngineDependencies,
): Promise<void> {
  const estimate = await estimateIeepaRefunds(
    lines.map((line, index) => {
      const ieepa = reconciled[index].programs.filter((p) => p.family.startsWith('ieepa'));
      return {
        entryNumber,
        lineNumber: line.lineNumber,
        duty: { ...dutyInputOf(line.own), entryDate: line.own.entry_date as string },
        // Exact: amounts of two decimals are held exactly by a double and read back by Decimal.
        ieepaPaid: ieepa.length === 0 ? null : Number(sumOf(ieepa.map((p) => p.filed))),
      };
    }),
    engine,
  );
  estimate.lines.forEach((line, index) => {
    reconciled[index].ieepaRefund = {
      owedTotal: line.owedTotal,
      paid: line.paid,
      refundable: line.refundable,
      refundEstimate: line.refundEstimate,
      reason: line.reason,
    };
  });
}

function totalsOf(entries: readonly ReconciledEntry[]): ReconciliationTotals {
  let filed = new Decimal(0);
  let ours: Decimal | null = new Decimal(0);
  let overpaid = new Decimal(0);
  let underpaid = new Decimal(0);
  let unexplained = new Decimal(0);
  let refunds = new Decimal(0);
  const differences = entries.flatMap((e) => [...e.lines.flatMap((l) => l.programs), ...e.fees]);
  for (const d of differences) {
    filed = filed.plus(d.filed ?? 0);
    if (d.ours === null || d.difference === null) {
      ours = null;
      unexplained = unexplained.plus(d.filed ?? 0);
      continue;
    }
    ours = ours?.plus(d.ours) ?? null;
    const difference = new Decimal(d.difference);
    if (difference.isPositive()) overpaid = overpaid.plus(difference);
    else underpaid = underpaid.plus(difference.negated());
  }
  for (const line of entries.flatMap((e) => e.lines)) refunds = refunds.plus(line.ieepaRefund?.refundEstimate ?? 0);
  return {
    filed: money(filed),
    ours: ours === null ? null : money(ours),
    overpaid: money(overpaid),
    underpaid: money(underpaid),
    unexplained: money(unexplained),
    ieepaRefundEstimate: money(refunds),
  };
}

/** The most rows answered in the request; a larger summary is to be split (an async job is not there yet). */
export const maxReconciliationRows = 500;

/** A file's rows (the bulk file reader's, `entry_summary` layout) checked as a bulk file's, then reconciled. */
export async function reconcileEntrySummaryRows(
  rows: RawRow[],
  deps: { pricer: DutyPricer; engine: DutyEngineDependencies; today: string },
): Promise<Reconciliation> {
  if (rows.length > maxReconciliationRows)
    throw new DomainError(
      'too_large',
      `${rows.length} rows; a reconciliation takes at most ${maxReconciliationRows} (limit max_reconciliation_rows). Split the summary.`,
    );
  const lines = await readBulkLines(rows, 'entry_summary', deps.today);
  return reconcileEntrySummary(
    lines.map((line, index) => ({ at: rows[index].at, line })),
    deps,
  );
}
