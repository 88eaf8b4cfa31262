import { calculateDuty, type DutyEngineDependencies } from '../engine/calculate-duty';
import { reportFamilies, type DutyCalculation } from '../engine/duty-result';
import { HtsCodeNotInForceError, UnknownHtsCodeError } from '../errors';
import { estimateIeepaRefundLine, type IeepaRefundLineRequest } from '../ieepa-refunds';
import { BulkJobKind, BulkLine, BulkLineOutput, outputColumns } from './bulk-columns';
import { dutyInputOf } from './bulk-lines';

/**
 * One line of a bulk job computed: the calculator's full stack (or the IEEPA refund estimate),
 * flattened into the output columns. A line the calculator cannot resolve (a code in no release in
 * force on its date, or not in the schedule) is `unresolved` with the reason, never 0.
 */

const join = (items: readonly string[]) => (items.length > 0 ? items.join(' | ') : null);

function emptyOutput(kind: BulkJobKind, rulesVersion: string): BulkLineOutput {
  const output: BulkLineOutput = Object.fromEntries(outputColumns[kind].map((column) => [column, null]));
  output.rules_version = rulesVersion;
  return output;
}

function unresolvedLine(kind: BulkJobKind, reason: string, rulesVersion: string): BulkLineOutput {
  return { ...emptyOutput(kind, rulesVersion), status: 'unresolved', unresolved: reason };
}

function calculationOutput(result: DutyCalculation): BulkLineOutput {
  const output = emptyOutput('calculation', result.rulesVersion);
  for (const family of reportFamilies) {
    const program = result.programs.find((p) => p.family === family);
    output[`${family}_rate`] = program?.ratePercent ?? null;
    output[`${family}_amount`] = program?.amount ?? null;
  }
  const unresolved = result.unresolved.map((u) => `${u.component}: ${u.reason}`);
  return {
    ...output,
    status: unresolved.length > 0 || result.totals.dutyAndFees === null ? 'unresolved' : 'resolved',
    mpf_amount: result.fees.mpf.amount,
    hmf_amount: result.fees.hmf.amount,
    duty_total: result.totals.duty,
    duty_rate: result.totals.dutyRatePercent,
    fees_total: result.totals.fees,
    total: result.totals.dutyAndFees,
    headings: join([
      ...new Set(
        result.components.filter((c) => c.status === 'applies' && c.heading !== null).map((c) => c.heading as string),
      ),
    ]),
    unresolved: join(unresolved),
    warnings: join(result.warnings),
    hts_release: result.htsRelease.id,
  };
}

/** A calculation line's full stack, or why it cannot be priced at all (for the report's detail too). */
export async function calculateBulkLine(
  line: BulkLine,
  deps: DutyEngineDependencies,
): Promise<DutyCalculation | { reason: string }> {
  try {
    return await calculateDuty(dutyInputOf(line), deps);
  } catch (error) {
    if (error instanceof HtsCodeNotInForceError || error instanceof UnknownHtsCodeError)
      return { reason: error.message };
    throw error;
  }
}

async function calculateLine(line: BulkLine, deps: DutyEngineDependencies): Promise<BulkLineOutput> {
  const result = await calculateBulkLine(line, deps);
  return 'reason' in result
    ? unresolvedLine('calculation', result.reason, deps.rules.version)
    : calculationOutput(result);
}

async function estimateRefundLine(line: BulkLine, deps: DutyEngineDependencies): Promise<BulkLineOutput> {
  const input = dutyInputOf(line);
  const refundLine: IeepaRefundLineRequest = {
    entryNumber: line.entry_number ?? '',
    lineNumber: Number(line.line_number),
    ieepaPaid: line.ieepa_paid == null ? null : Number(line.ieepa_paid),
    // Validated: the refund kind requires both.
    duty: { ...input, entryDate: line.entry_date as string },
  };
  let estimate;
  try {
    estimate = await estimateIeepaRefundLine(refundLine, 0, deps);
  } catch (error) {
    if (error instanceof UnknownHtsCodeError) return unresolvedLine('ieepa_refund', error.message, deps.rules.version);
    throw error;
  }
  if (estimate.status === 'unresolved')
    return {
      ...unresolvedLine('ieepa_refund', estimate.reason ?? 'unresolved', deps.rules.version),
      paid: estimate.paid,
    };
  return {
    ...emptyOutput('ieepa_refund', deps.rules.version),
    status: 'resolved',
    owed_fentanyl: estimate.owed?.ieepa_fentanyl ?? null,
    owed_reciprocal: estimate.owed?.ieepa_reciprocal ?? null,
    owed_country_orders: estimate.owed?.ieepa_country_orders ?? null,
    owed_total: estimate.owedTotal,
    paid: estimate.paid,
    difference: estimate.difference,
    refundable: estimate.refundable === null ? null : String(estimate.refundable),
    refund_estimate: estimate.refundEstimate,
    headings: join([...new Set(estimate.components.map((c) => c.heading).filter((h): h is string => h !== null))]),
    hts_release: estimate.htsRelease?.id ?? null,
  };
}

export function computeBulkLine(
  kind: BulkJobKind,
  line: BulkLine,
  deps: DutyEngineDependencies,
): Promise<BulkLineOutput> {
  return kind === 'calculation' ? calculateLine(line, deps) : estimateRefundLine(line, deps);
}
