import Decimal from 'decimal.js';
import { drawTable, stampFooters, startPdf, startTable, type Pdf, type PdfColumn, type PdfRow } from '../shared';
import { claimText } from './calculation-table';
import type { ClaimInput } from './engine/duty-request';
import type { DutyCalculation, DutyComponent, FeeLine } from './engine/duty-result';

/**
 * The broker's duty report as a PDF: for each calculated line its inputs, every component of the
 * stack (program, Chapter 99 heading, rate, basis, amount, status, sources), the fees and totals,
 * what is unresolved and why, the HTS release and rules version; for several lines a summary first.
 * Renders a stored calculation (one line) and a bulk job's lines alike.
 */

export type DutyReportLine =
  | { reference: string | null; claims: ClaimInput[]; calculation: DutyCalculation }
  /** A line the calculator could not price at all (e.g. no HTS release in force on its date). */
  | {
      reference: string | null;
      failure: { htsCode: string; countryCode: string; entryDate: string | null; reason: string };
    };

/** A table of every line of a report of several lines, its rows read one at a time. */
export interface DutyReportSummary {
  columns: PdfColumn[];
  rows: AsyncIterable<DutyReportSummaryRow> | Iterable<DutyReportSummaryRow>;
  /** What the totalled amount is: "Duty and fees", "Refund estimate". */
  totalLabel: string;
}

export interface DutyReportSummaryRow {
  line: number;
  cells: string[];
  /** Why the line is unresolved, or other small print. */
  note?: string;
  /** The line's amount in the total; null when unresolved: the line is named and left out, never counted as 0. */
  amount: string | null;
}

export interface DutyReport {
  /** Names the report in its header and footer: `calc_…`, a bulk job id. */
  id: string;
  /** When the lines were calculated (epoch ms): the report's date. */
  calculatedAt: number;
  lineCount: number;
  summary?: DutyReportSummary;
  /** The lines printed in detail, each on pages of its own when the report has several. */
  details:
    | AsyncIterable<DutyReportLine & { line: number; remark?: string }>
    | Iterable<DutyReportLine & { line: number; remark?: string }>;
  /** What the report leaves out of the detail and why, said under the summary. */
  detailNote?: string;
}

export const dutyReportDisclaimer =
  'This report estimates duties and fees from the HTS release and the duty rules named on it, for the inputs shown. It is not a ruling or an entry ' +
  "filing: classification, origin, value and claims are the importer's to establish, and CBP decides the duties owed. Amounts are in USD, " +
  'rounded half-up to cents per component. A component marked unresolved was not computed and is not counted as zero.';

const unresolvedText = 'unresolved';

/** 1234567.5 → "1,234,567.50" (exact decimal strings in, no floating point). */
export function usd(amount: string | null): string {
  if (amount === null) return unresolvedText;
  const [whole, cents] = new Decimal(amount).toFixed(2).split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}

const componentColumns: PdfColumn[] = [
  { header: 'Program', width: 150 },
  { header: 'Heading', width: 62 },
  { header: 'Rate', width: 78 },
  { header: 'Basis (USD)', width: 70, align: 'right' },
  { header: 'Amount (USD)', width: 70, align: 'right' },
  { header: 'Status', width: 65 },
];

function componentRow(c: DutyComponent): PdfRow {
  const sources = c.citations.map((citation) => citation.ref).join('; ');
  const reason = c.reason ? `${c.status === 'suppressed' ? 'Not applied' : 'Why'}: ${c.reason}. ` : '';
  return {
    cells: [
      `${c.programTitle}: ${c.description}`,
      c.reliefHeading ?? c.heading ?? '–',
      c.rateText,
      c.basisValue === null ? '–' : usd(c.basisValue),
      c.status === 'applies' || c.status === 'unresolved' ? usd(c.amount) : '–',
      c.status,
    ],
    note: `${reason}Sources: ${sources || 'none recorded'}`,
  };
}

function feeRow(name: string, fee: FeeLine): PdfRow {
  return {
    cells: [
      name,
      `${fee.ratePercent}%`,
      fee.status === 'applies' ? usd(fee.amount) : '–',
      fee.status.replace('_', ' '),
    ],
    note: [fee.reason, `Sources: ${fee.citations.map((c) => c.ref).join('; ')}`].filter(Boolean).join('. '),
  };
}

function keyValues(doc: Pdf, pairs: Array<[string, string]>): void {
  drawTable(
    doc,
    [
      { header: 'Input', width: 130 },
      { header: 'Value', width: 365 },
    ],
    pairs.map(([key, value]) => ({ cells: [key, value] })),
  );
}

function section(doc: Pdf, title: string): void {
  doc.moveDown(0.3).font('Helvetica-Bold').fontSize(11).text(title, doc.page.margins.left).moveDown(0.2);
}

function renderLine(doc: Pdf, line: Extract<DutyReportLine, { calculation: DutyCalculation }>): void {
  const c = line.calculation;
  keyValues(doc, [
    ['HTS code', `${c.hts.dotted}  ${c.hts.descriptionPath || c.hts.description}`],
    ['Country of origin', `${c.country.name} (${c.country.code})`],
    ['Declared value (USD)', usd(c.declaredValue)],
    ['Entry date', c.entryDate],
    ['Arrival date', c.arrivalDate],
    ['Mode of transport', c.mode ?? 'not given'],
    ['Claims', line.claims.length ? line.claims.map(claimText).join(', ') : 'none'],
    [
      'Base rate',
      `${c.base.rateText} (${c.base.column === 'column2' ? 'column 2' : c.base.column}${c.base.specialProgram ? `, ${c.base.specialProgram}` : ''})`,
    ],
    ['HTS release', `${c.htsRelease.name} (${c.htsRelease.id})`],
    ['Rules version', c.rulesVersion],
  ]);
  section(doc, 'Duty components');
  drawTable(doc, componentColumns, c.components.map(componentRow));
  section(doc, 'Fees');
  drawTable(
    doc,
    [
      { header: 'Fee', width: 245 },
      { header: 'Rate', width: 80 },
      { header: 'Amount (USD)', width: 90, align: 'right' },
      { header: 'Status', width: 80 },
    ],
    [feeRow('Merchandise processing fee (MPF)', c.fees.mpf), feeRow('Harbor maintenance fee (HMF)', c.fees.hmf)],
  );
  section(doc, 'Totals');
  drawTable(
    doc,
    [
      { header: 'Total', width: 325 },
      { header: 'USD', width: 90, align: 'right' },
      { header: 'Rate', width: 80, align: 'right' },
    ],
    [
      { cells: ['Duty', usd(c.totals.duty), c.totals.dutyRatePercent === null ? '–' : `${c.totals.dutyRatePercent}%`] },
      { cells: ['Fees', usd(c.totals.fees), ''] },
      { cells: ['Duty and fees', usd(c.totals.dutyAndFees), ''], bold: true },
    ],
  );
  const notes = [
    ...(c.prohibited ? ['Importation is prohibited on the entry date; no duty total is computed.'] : []),
    ...c.unresolved.map((u) => `Unresolved ${u.component}: ${u.reason}`),
    ...c.warnings.map((w) => `Warning: ${w}`),
  ];
  if (notes.length) {
    section(doc, 'Unresolved and warnings');
    doc.font('Helvetica').fontSize(9);
    for (const note of notes) doc.text(`• ${note}`, { width: 495 });
  }
}

/** Lines named in full up to this many; the rest are counted (each is also marked in the table). */
const namedUnresolvedMax = 100;

async function renderSummary(doc: Pdf, summary: DutyReportSummary, lineCount: number): Promise<void> {
  section(doc, 'Summary');
  const table = startTable(doc, summary.columns);
  let total = new Decimal(0);
  const unresolved: number[] = [];
  for await (const row of summary.rows) {
    table.row({ cells: row.cells, note: row.note });
    if (row.amount === null) unresolved.push(row.line);
    else total = total.plus(row.amount);
  }
  table.end();
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .text(`${summary.totalLabel}, resolved lines: USD ${usd(total.toFixed(2))}`, doc.page.margins.left);
  if (unresolved.length) {
    const named = unresolved.slice(0, namedUnresolvedMax).join(', ');
    const more =
      unresolved.length > namedUnresolvedMax
        ? ` and ${unresolved.length - namedUnresolvedMax} more (marked in the table)`
        : '';
    doc
      .font('Helvetica')
      .fontSize(9)
      .text(
        `${unresolved.length} of ${lineCount} lines are unresolved and not in this total: line${unresolved.length === 1 ? '' : 's'} ${named}${more}.`,
        { width: 495 },
      );
  }
}

/** The report as an A4 PDF; its date and metadata come from the calculation, so it renders the same each time. */
export async function renderDutyReportPdf(report: DutyReport): Promise<Buffer> {
  const calculated = new Date(report.calculatedAt);
  const several = report.lineCount > 1;
  const { doc, done } = await startPdf({ title: `Duty report ${report.id}`, createdAt: calculated });
  doc.font('Helvetica-Bold').fontSize(16).text('US import duty report');
  doc
    .font('Helvetica')
    .fontSize(9)
    .text(
      `${report.id} · calculated ${calculated.toISOString().replace('T', ' ').slice(0, 16)} UTC · ${report.lineCount} line${several ? 's' : ''}`,
    );
  doc.moveDown(0.5);
  if (report.summary) await renderSummary(doc, report.summary, report.lineCount);
  if (report.detailNote)
    doc
      .moveDown(0.3)
      .font('Helvetica')
      .fontSize(9)
      .text(report.detailNote, doc.page.margins.left, undefined, { width: 495 });
  for await (const line of report.details) {
    if (several) {
      doc.addPage();
      doc
        .font('Helvetica-Bold')
        .fontSize(12)
        .text(`Line ${line.line}${line.reference ? `: ${line.reference}` : ''}`);
      if (line.remark) doc.font('Helvetica').fontSize(9).text(line.remark, { width: 495 });
    }
    if ('calculation' in line) renderLine(doc, line);
    else
      doc
        .font('Helvetica')
        .fontSize(9)
        .text(`${line.failure.htsCode} from ${line.failure.countryCode}: unresolved. ${line.failure.reason}`);
  }
  section(doc, 'Disclaimer');
  doc.font('Helvetica').fontSize(8).text(dutyReportDisclaimer, { width: 495 });
  stampFooters(doc, `Tradelane duty report ${report.id} · page {page} of {pages}`);
  doc.end();
  return done;
}
