import type { PdfColumn } from '../../shared';
import { usd, type DutyReport, type DutyReportLine, type DutyReportSummaryRow } from '../duty-report-pdf';
import type { DutyEngineDependencies } from '../engine/calculate-duty';
import type { BulkJobKind } from './bulk-columns';
import { calculateBulkLine } from './bulk-compute';
import type { BulkJob, BulkJobLine } from './bulk-job.service';
import { parseClaimsCell } from './bulk-lines';

/**
 * A bulk job's duty report: a summary table of every line (from the stored results, read a chunk at
 * a time) with the total of the resolved lines, the unresolved ones named and left out of it; then,
 * for a calculation job, the full stack of the first `detail` lines, recomputed with the job's
 * engine (the stored results keep the totals, not every component). An IEEPA refund job's report is
 * its refund summary: each line's owed IEEPA duty, what was paid and the refund estimate.
 */

/** Lines printed in detail unless the caller asks otherwise (about two pages each). */
export const bulkReportDetailDefault = 100;
export const bulkReportDetailMax = 500;

export interface BulkReportInput {
  job: BulkJob;
  /** The job's computed lines in order; called once for the summary and once for the detail. */
  lines: () => AsyncIterable<BulkJobLine>;
  /** The calculator as of the job's date; needed for the detail of a calculation job. */
  engine: () => Promise<DutyEngineDependencies>;
  detail: number;
}

/** The first five columns say which line, the last three are amounts (right-aligned). */
const columnsOf = (headers: string[], widths: number[]): PdfColumn[] =>
  headers.map((header, i) => ({ header, width: widths[i], ...(i >= 5 ? { align: 'right' as const } : {}) }));

const summaryColumns: Record<BulkJobKind, PdfColumn[]> = {
  calculation: columnsOf(
    ['#', 'Reference', 'HTS', 'Origin', 'Entry date', 'Value', 'Duty', 'Duty and fees'],
    [32, 76, 72, 38, 60, 72, 72, 73],
  ),
  ieepa_refund: columnsOf(
    ['#', 'Entry / line', 'HTS', 'Origin', 'Entry date', 'IEEPA owed', 'Paid', 'Refund estimate'],
    [32, 86, 66, 36, 58, 72, 72, 73],
  ),
};

const money = (amount: string | null | undefined, unresolved: boolean) =>
  amount == null ? (unresolved ? 'unresolved' : '–') : usd(amount);

function summaryRow(kind: BulkJobKind, { line, input, output }: BulkJobLine): DutyReportSummaryRow {
  const unresolved = output.status !== 'resolved';
  const note = unresolved ? (output.unresolved ?? 'unresolved') : undefined;
  const where = [input.hts_code ?? '', input.country_code ?? '', input.entry_date ?? ''];
  if (kind === 'calculation') {
    const cells = [
      String(line),
      input.reference ?? '',
      ...where,
      money(input.value, false),
      money(output.duty_total, unresolved),
      unresolved ? 'unresolved' : money(output.total, false),
    ];
    return { line, cells, note, amount: unresolved ? null : output.total };
  }
  const entry = `${input.entry_number ?? ''} / ${input.line_number ?? ''}`;
  const cells = [
    String(line),
    entry,
    ...where,
    money(output.owed_total, unresolved),
    money(output.paid, false),
    unresolved ? 'unresolved' : money(output.refund_estimate, false),
  ];
  return {
    line,
    cells,
    note: note ?? (input.reference ? `Reference: ${input.reference}` : undefined),
    amount: unresolved ? null : output.refund_estimate,
  };
}

async function* summaryRows(kind: BulkJobKind, lines: AsyncIterable<BulkJobLine>): AsyncIterable<DutyReportSummaryRow> {
  for await (const line of lines) yield summaryRow(kind, line);
}

type DetailLine = DutyReportLine & { line: number; remark?: string };

async function* detailLines(input: BulkReportInput, count: number): AsyncIterable<DetailLine> {
  if (count === 0) return;
  const engine = await input.engine();
  for await (const { line, input: given, output } of input.lines()) {
    const result = await calculateBulkLine(given, engine);
    const reference = given.reference ?? null;
    if ('reason' in result) {
      yield {
        line,
        reference,
        failure: {
          htsCode: given.hts_code ?? '',
          countryCode: given.country_code ?? '',
          entryDate: given.entry_date ?? null,
          reason: result.reason,
        },
      };
    } else {
      // The detail is computed now; say so when the rules have changed since the job ran.
      const remark =
        output.rules_version && output.rules_version !== result.rulesVersion
          ? `Computed for this report under rules version ${result.rulesVersion}; the job's results (summary) used ${output.rules_version}.`
          : undefined;
      yield { line, reference, claims: parseClaimsCell(given.claims), calculation: result, remark };
    }
    if (line >= count) return;
  }
}

function detailNote(kind: BulkJobKind, total: number, detailed: number): string {
  if (kind === 'ieepa_refund')
    return "An IEEPA refund job's report is this summary; each line's components are in the job's results (CSV, XLSX or JSON).";
  if (detailed >= total) return `Each line follows in detail (${total}).`;
  return `Lines 1 to ${detailed} follow in detail; lines ${detailed + 1} to ${total} are in the summary only (their full results are in the job's results file, CSV, XLSX or JSON).`;
}

/** The job's duty report, its rows read (and detailed lines computed) as the PDF is built. */
export function bulkJobReport(input: BulkReportInput): DutyReport {
  const { job } = input;
  const detailed = job.kind === 'calculation' ? Math.min(input.detail, job.linesTotal) : 0;
  return {
    id: job.id,
    calculatedAt: job.finishedAt ?? job.createdAt,
    lineCount: job.linesTotal,
    summary: {
      columns: summaryColumns[job.kind],
      rows: summaryRows(job.kind, input.lines()),
      totalLabel: job.kind === 'calculation' ? 'Duty and fees' : 'Refund estimate',
    },
    detailNote: detailNote(job.kind, job.linesTotal, detailed),
    details: detailLines(input, detailed),
  };
}
