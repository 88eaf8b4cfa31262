import Decimal from 'decimal.js';
import { calculateDuty, DutyEngineDependencies } from './engine/calculate-duty';
import type { DutyInput } from './engine/duty-request';
import type { DutyComponent } from './engine/duty-result';
import { HtsCodeNotInForceError, InvalidTariffRequestError } from './errors';

/**
 * IEEPA refund estimates. The Supreme Court held that IEEPA does not authorize tariffs (Learning
 * Resources, Inc. v. Trump, decided 2026-02-20), and CBP stopped collecting the IEEPA duties at
 * 00:00 ET 2026-02-24 (CSMS #67834313): what was paid under the fentanyl, reciprocal and country
 * orders on entries before then can be claimed back. Each entry line is replayed on its entry date
 * (the HTS release and the orders in force then) to say what IEEPA duty the orders imposed.
 */

/** Entries from this date owe no IEEPA duty. */
export const ieepaCollectionEnd = '2026-02-24';

const ieepaPrograms = ['ieepa_fentanyl', 'ieepa_reciprocal', 'ieepa_country_orders'] as const;
type IeepaProgram = (typeof ieepaPrograms)[number];

export interface IeepaRefundLineRequest {
  entryNumber: string;
  lineNumber: number;
  /** The line as the calculator reads it (the entered value as the declared value). */
  duty: DutyInput & { entryDate: string };
  /** IEEPA duty the importer paid on the line (USD), when declared. */
  ieepaPaid: number | null;
}

export interface IeepaRefundLine {
  entryNumber: string;
  lineNumber: number;
  entryDate: string;
  htsCode: string;
  countryCode: string;
  status: 'resolved' | 'unresolved';
  /** Why the line could not be resolved (never reported as 0). */
  reason: string | null;
  /** USD owed under each IEEPA program on the entry date; null when unresolved. */
  owed: Record<IeepaProgram, string> | null;
  owedTotal: string | null;
  /** The IEEPA components applied (headings, rates, amounts, citations). */
  components: DutyComponent[];
  paid: string | null;
  /** paid − owed, when both are known. */
  difference: string | null;
  /** Whether IEEPA duty was collected on the line and can be claimed back; null when unresolved. */
  refundable: boolean | null;
  /** What can be claimed: the declared payment, else the duty the orders imposed. */
  refundEstimate: string | null;
  htsRelease: { id: string; name: string } | null;
}

export interface IeepaRefundTotals {
  lines: number;
  unresolvedLines: number;
  /** True when every line resolved: the sums below then cover the whole. */
  complete: boolean;
  owed: string;
  paid: string | null;
  refundEstimate: string;
}

export interface IeepaRefundEstimate {
  lines: IeepaRefundLine[];
  entries: Array<IeepaRefundTotals & { entryNumber: string }>;
  totals: IeepaRefundTotals;
  rulesVersion: string;
}

const money = (value: Decimal.Value) => new Decimal(value).toFixed(2);

/** The line as the importer named it. */
function identity(
  line: IeepaRefundLineRequest,
): Pick<IeepaRefundLine, 'entryNumber' | 'lineNumber' | 'entryDate' | 'htsCode' | 'countryCode'> {
  return {
    entryNumber: line.entryNumber,
    lineNumber: line.lineNumber,
    entryDate: line.duty.entryDate,
    htsCode: line.duty.htsCode,
    countryCode: line.duty.countryCode,
  };
}

function unresolved(line: IeepaRefundLineRequest, reason: string, paid: string | null): IeepaRefundLine {
  return {
    ...identity(line),
    status: 'unresolved',
    reason,
    owed: null,
    owedTotal: null,
    components: [],
    paid,
    difference: null,
    refundable: null,
    refundEstimate: null,
    htsRelease: null,
  };
}

/** One line's estimate (`index` names a malformed line in the error). */
export async function estimateIeepaRefundLine(
  line: IeepaRefundLineRequest,
  index: number,
  deps: DutyEngineDependencies,
): Promise<IeepaRefundLine> {
  const paid = line.ieepaPaid === null ? null : money(line.ieepaPaid);
  let result;
  try {
    result = await calculateDuty(line.duty, deps);
  } catch (error) {
    if (error instanceof HtsCodeNotInForceError) return unresolved(line, error.message, paid);
    // A malformed line names itself: /body/lines/N/<field>.
    if (error instanceof InvalidTariffRequestError) {
      const field = error.field === 'declared_value' ? 'entered_value' : error.field;
      throw new InvalidTariffRequestError(`lines/${index}/${field}`, error.message);
    }
    throw error;
  }
  const ieepa = result.components.filter((c) => (ieepaPrograms as readonly string[]).includes(c.program));
  const open = ieepa.find((c) => c.status === 'unresolved' || (c.status === 'applies' && c.amount === null));
  if (open)
    return unresolved(
      line,
      `${open.description}: ${open.reason ?? 'the amount cannot be computed from the line'}`,
      paid,
    );
  const applying = ieepa.filter((c) => c.status === 'applies');
  const owed = Object.fromEntries(
    ieepaPrograms.map((program) => [
      program,
      money(
        applying.filter((c) => c.program === program).reduce((sum, c) => sum.plus(c.amount as string), new Decimal(0)),
      ),
    ]),
  ) as Record<IeepaProgram, string>;
  const owedTotal = money(Object.values(owed).reduce((sum, amount) => sum.plus(amount), new Decimal(0)));
  const claimable = new Decimal(paid ?? owedTotal);
  const beforeEnd = line.duty.entryDate < ieepaCollectionEnd;
  return {
    ...identity(line),
    status: 'resolved',
    reason: null,
    owed,
    owedTotal,
    components: applying,
    paid,
    difference: paid === null ? null : money(new Decimal(paid).minus(owedTotal)),
    refundable: beforeEnd && claimable.greaterThan(0),
    refundEstimate: beforeEnd ? money(claimable) : money(0),
    htsRelease: result.htsRelease,
  };
}

function totalsOf(lines: IeepaRefundLine[]): IeepaRefundTotals {
  const resolved = lines.filter((l) => l.status === 'resolved');
  const sum = (values: Array<string | null>) =>
    money(values.reduce((total: Decimal, value) => (value === null ? total : total.plus(value)), new Decimal(0)));
  return {
    lines: lines.length,
    unresolvedLines: lines.length - resolved.length,
    complete: resolved.length === lines.length,
    owed: sum(resolved.map((l) => l.owedTotal)),
    paid: lines.every((l) => l.paid === null) ? null : sum(lines.map((l) => l.paid)),
    refundEstimate: sum(resolved.map((l) => l.refundEstimate)),
  };
}

/**
 * Replays every line on its entry date and says, line by line, what IEEPA duty was owed, the
 * difference to what was paid, and what may be claimed back, with totals per entry and overall.
 * A line that cannot be resolved (no release in force, a value the duty needs and the line lacks)
 * says why and is left out of the sums, which say they are incomplete; a malformed line is an
 * InvalidTariffRequestError naming `lines/N/field`, and nothing is estimated.
 */
export async function estimateIeepaRefunds(
  lines: IeepaRefundLineRequest[],
  deps: DutyEngineDependencies,
): Promise<IeepaRefundEstimate> {
  const estimated: IeepaRefundLine[] = [];
  for (const [index, line] of lines.entries()) estimated.push(await estimateIeepaRefundLine(line, index, deps));
  const entryNumbers = [...new Set(estimated.map((l) => l.entryNumber))];
  return {
    lines: estimated,
    entries: entryNumbers.map((entryNumber) => ({
      entryNumber,
      ...totalsOf(estimated.filter((l) => l.entryNumber === entryNumber)),
    })),
    totals: totalsOf(estimated),
    rulesVersion: deps.rules.version,
  };
}
