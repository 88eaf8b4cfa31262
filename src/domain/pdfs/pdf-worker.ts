/**
 * Worker-thread entry of the PDF pool (pdf-renderer.ts): builds one document with pdfkit. Layout,
 * font metrics and page compression take from milliseconds (an invoice) to seconds (a bulk job's
 * report of hundreds of pages) of CPU that would otherwise hold the event loop.
 */
import Decimal from 'decimal.js';
import { type Form7501, renderForm7501Pdf } from '../entries';
import { type Invoice, renderInvoicePdf } from '../invoices';
import { type CatalogueImpact, renderImpactReportPdf } from '../products';
import { type ClaimInput, type DutyReport, type DutyReportLine, renderDutyReportPdf } from '../tariff';

/** A claim as it crosses to the thread: a Decimal carries its constructor, which cannot be cloned. */
export type CrossingClaim = Omit<ClaimInput, 'value'> & { value?: string };

type ReportLine = DutyReportLine & { line: number; remark?: string };
type PricedLine = Extract<ReportLine, { claims: ClaimInput[] }>;
/** A report's lines as they cross: read into an array, their claims' values as text. */
export type CrossingReport = Omit<DutyReport, 'details'> & {
  details: Array<Exclude<ReportLine, PricedLine> | (Omit<PricedLine, 'claims'> & { claims: CrossingClaim[] })>;
};

/** One document to build, as plain data. */
export type PdfTask =
  | { kind: 'invoice'; invoice: Invoice }
  | { kind: 'form-7501'; form: Form7501; pricedAt: number }
  | { kind: 'product-impact'; impact: CatalogueImpact; createdAt: number }
  | { kind: 'duty-report'; report: CrossingReport };

const claimOf = (claim: CrossingClaim): ClaimInput =>
  claim.value === undefined ? { ...claim, value: undefined } : { ...claim, value: new Decimal(claim.value) };

export default async function render(task: PdfTask): Promise<Uint8Array> {
  if (task.kind === 'invoice') return renderInvoicePdf(task.invoice);
  if (task.kind === 'form-7501') return renderForm7501Pdf(task.form, task.pricedAt);
  if (task.kind === 'product-impact') return renderImpactReportPdf(task.impact, task.createdAt);
  const details = task.report.details.map((line) =>
    'claims' in line ? { ...line, claims: line.claims.map(claimOf) } : line,
  );
  return renderDutyReportPdf({ ...task.report, details });
}
