/**
 * Worker-thread entry of the PDF pool (pdf-renderer.ts): builds one document with pdfkit. Layout,
 * font metrics and page compression take from milliseconds (an invoice) to seconds (a bulk job's
 * report of hundreds of pages) of CPU that would otherwise hold the event loop.
 */
import { type Invoice, renderInvoicePdf } from '../invoices';
import { type DutyReport, renderDutyReportPdf } from '../tariff';

/** One document to build, as plain data (a report's rows already read). */
export type PdfTask = { kind: 'invoice'; invoice: Invoice } | { kind: 'duty-report'; report: DutyReport };

export default async function render(task: PdfTask): Promise<Uint8Array> {
  return task.kind === 'invoice' ? renderInvoicePdf(task.invoice) : renderDutyReportPdf(task.report);
}
