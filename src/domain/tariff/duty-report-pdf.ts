import Decimal from 'decimal.js';
import { drawTable, stampFooters, startPdf, type Pdf, type PdfColumn, type PdfRow } from '../shared';
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
  | { reference: string | null; failure: { htsCode: string; countryCode: string; entryDate: string | null; reason: string } };

export interface DutyReport {
  /** Names the report in its header and footer: `calc_…`, a bulk job id. */
  id: string;
  /** When the lines were calculated (epoch ms): the report's date. */
  calculatedAt: number;
  lines: DutyReportLine[];
}

export const dutyReportDisclaimer =
  'This report estimates duties and fees from the HTS release and the duty rules named on it, for the inputs shown. It is not a ruling or an entry ' +
  'filing: classification, origin, value and claims are the importer\'s to establish, and CBP decides the duties owed. Amounts are in USD, ' +
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
    cells: [`${c.programTitle}: ${c.description}`, c.reliefHeading ?? c.heading ?? '–', c.rateText, c.basisValue === null ? '–' : usd(c.basisValue), c.status === 'applies' || c.status === 'unresolved' ? usd(c.amount) : '–', c.status],
    note: `${reason}Sources: ${sources || 'none recorded'}`,
  };
}

function feeRow(name: string, fee: FeeLine): PdfRow {
  return {
    cells: [name, `${fee.ratePercent}%`, fee.status === 'applies' ? usd(fee.amount) : '–', fee.status.replace('_', ' ')],
    note: [fee.reason, `Sources: ${fee.citations.map((c) => c.ref).join('; ')}`].filter(Boolean).join('. '),
  };
}

function keyValues(doc: Pdf, pairs: Array<[string, string]>): void {
  drawTable(doc, [{ header: 'Input', width: 130 }, { header: 'Value', width: 365 }], pairs.map(([key, value]) => ({ cells: [key, value] })));
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
    ['Base rate', `${c.base.rateText} (${c.base.column === 'column2' ? 'column 2' : c.base.column}${c.base.specialProgram ? `, ${c.base.specialProgram}` : ''})`],
    ['HTS release', `${c.htsRelease.name} (${c.htsRelease.id})`],
    ['Rules version', c.rulesVersion],
  ]);
  section(doc, 'Duty components');
  drawTable(doc, componentColumns, c.components.map(componentRow));
  section(doc, 'Fees');
  drawTable(doc, [{ header: 'Fee', width: 245 }, { header: 'Rate', width: 80 }, { header: 'Amount (USD)', width: 90, align: 'right' }, { header: 'Status', width: 80 }], [
    feeRow('Merchandise processing fee (MPF)', c.fees.mpf),
    feeRow('Harbor maintenance fee (HMF)', c.fees.hmf),
  ]);
  section(doc, 'Totals');
  drawTable(doc, [{ header: 'Total', width: 325 }, { header: 'USD', width: 90, align: 'right' }, { header: 'Rate', width: 80, align: 'right' }], [
    { cells: ['Duty', usd(c.totals.duty), c.totals.dutyRatePercent === null ? '–' : `${c.totals.dutyRatePercent}%`] },
    { cells: ['Fees', usd(c.totals.fees), ''] },
    { cells: ['Duty and fees', usd(c.totals.dutyAndFees), ''], bold: true },
  ]);
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

function lineTotals(lines: DutyReportLine[]) {
  const priced = lines.map((l) => ('calculation' in l ? l.calculation.totals.dutyAndFees : null));
  const complete = priced.filter((t): t is string => t !== null);
  return { total: complete.reduce((sum, t) => sum.plus(t), new Decimal(0)).toFixed(2), open: priced.length - complete.length };
}

function renderSummary(doc: Pdf, lines: DutyReportLine[]): void {
  section(doc, 'Summary');
  const columns: PdfColumn[] = [
    { header: '#', width: 28 },
    { header: 'Reference', width: 80 },
    { header: 'HTS', width: 72 },
    { header: 'Origin', width: 38 },
    { header: 'Entry date', width: 60 },
    { header: 'Value', width: 72, align: 'right' },
    { header: 'Duty', width: 72, align: 'right' },
    { header: 'Duty and fees', width: 73, align: 'right' },
  ];
  drawTable(doc, columns, lines.map((line, i) => {
    if ('failure' in line) {
      const f = line.failure;
      return { cells: [String(i + 1), line.reference ?? '', f.htsCode, f.countryCode, f.entryDate ?? '', '', unresolvedText, unresolvedText], note: f.reason };
    }
    const c = line.calculation;
    return { cells: [String(i + 1), line.reference ?? '', c.hts.dotted, c.country.code, c.entryDate, usd(c.declaredValue), usd(c.totals.duty), usd(c.totals.dutyAndFees)] };
  }));
  const { total, open } = lineTotals(lines);
  doc.font('Helvetica-Bold').fontSize(10).text(`Duty and fees, resolved lines: USD ${usd(total)}`, doc.page.margins.left);
  if (open) doc.font('Helvetica').fontSize(9).text(`${open} of ${lines.length} lines are unresolved and not in this total.`);
}

/** The report as an A4 PDF; its date and metadata come from the calculation, so it renders the same each time. */
export async function renderDutyReportPdf(report: DutyReport): Promise<Buffer> {
  const calculated = new Date(report.calculatedAt);
  const { doc, done } = await startPdf({ title: `Duty report ${report.id}`, createdAt: calculated });
  doc.font('Helvetica-Bold').fontSize(16).text('US import duty report');
  doc.font('Helvetica').fontSize(9).text(`${report.id} · calculated ${calculated.toISOString().replace('T', ' ').slice(0, 16)} UTC · ${report.lines.length} line${report.lines.length === 1 ? '' : 's'}`);
  doc.moveDown(0.5);
  if (report.lines.length > 1) renderSummary(doc, report.lines);
  report.lines.forEach((line, i) => {
    if (report.lines.length > 1) {
      doc.addPage();
      doc.font('Helvetica-Bold').fontSize(12).text(`Line ${i + 1}${line.reference ? `: ${line.reference}` : ''}`);
    }
    if ('calculation' in line) renderLine(doc, line);
    else doc.font('Helvetica').fontSize(9).text(`${line.failure.htsCode} from ${line.failure.countryCode}: unresolved. ${line.failure.reason}`);
  });
  section(doc, 'Disclaimer');
  doc.font('Helvetica').fontSize(8).text(dutyReportDisclaimer, { width: 495 });
  stampFooters(doc, `Tradelane duty report ${report.id} · page {page} of {pages}`);
  doc.end();
  return done;
}
