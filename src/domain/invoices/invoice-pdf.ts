import { startPdf } from '../shared';
import type { Invoice } from './model';
import type { Party } from '../shipments';

const chargeLabels: Record<string, string> = {
  ocean_freight: 'Ocean freight',
  air_freight: 'Air freight',
  trucking: 'Trucking',
  thc: 'Terminal handling',
  documentation: 'Documentation',
  customs_clearance: 'Customs clearance',
  customs_duty: 'Customs duty',
  insurance: 'Insurance',
  storage: 'Storage',
  demurrage: 'Demurrage',
  detention: 'Detention',
  other: 'Other',
};

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function partyLines(party: Party): string[] {
  const place = [party.postal_code, party.city, party.region].filter(Boolean).join(' ');
  return [
    party.name,
    ...(party.address_lines ?? []),
    place,
    party.country ?? '',
    party.tax_id ? `Tax id ${party.tax_id}` : '',
  ].filter((line) => line !== '');
}

/** What the document says the invoice is, in its header. */
function title(invoice: Invoice): string {
  if (invoice.status === 'draft') return 'DRAFT INVOICE';
  if (invoice.status === 'void') return `INVOICE ${invoice.number} (VOID)`;
  return `INVOICE ${invoice.number}`;
}

/**
 * The invoice as an A4 PDF (pdfkit, standard fonts): number and dates, bill-to, lines with their
 * tax, totals, and the payment once recorded. Its metadata dates come from the invoice, so the same
 * invoice renders the same document.
 */
export async function renderInvoicePdf(invoice: Invoice): Promise<Buffer> {
  const { doc, done } = await startPdf({
    title: title(invoice),
    createdAt: new Date(invoice.finalizedAt ?? invoice.createdAt),
  });

  doc.fontSize(18).font('Helvetica-Bold').text(title(invoice));
  doc.moveDown(0.5).fontSize(10).font('Helvetica');
  doc.text(`Issued: ${invoice.finalizedAt === null ? 'not yet (draft)' : day(invoice.finalizedAt)}`);
  if (invoice.dueDate) doc.text(`Due: ${invoice.dueDate}`);
  if (invoice.shipmentId) doc.text(`Shipment: ${invoice.shipmentId}`);
  doc.text(`Currency: ${invoice.currency}`);
  if (invoice.billTo) {
    doc.moveDown().font('Helvetica-Bold').text('Bill to').font('Helvetica');
    for (const line of partyLines(invoice.billTo)) doc.text(line);
  }

  const columns = { description: 50, quantity: 265, unit: 305, rate: 370, tax: 420, amount: 480 };
  doc.moveDown().font('Helvetica-Bold');
  const header = doc.y;
  doc
    .text('Description', columns.description, header)
    .text('Qty', columns.quantity, header)
    .text('Unit', columns.unit, header)
    .text('Tax %', columns.rate, header)
    .text('Tax', columns.tax, header)
    .text('Amount', columns.amount, header);
  doc.font('Helvetica');
  for (const line of invoice.lines) {
    const y = doc.y + 4;
    doc.text(`${line.description} (${chargeLabels[line.chargeCode]})`, columns.description, y, { width: 205 });
    const bottom = doc.y;
    doc
      .text(line.quantity, columns.quantity, y)
      .text(line.unitAmount, columns.unit, y)
      .text(line.taxRate, columns.rate, y)
      .text(line.tax, columns.tax, y)
      .text(line.amount, columns.amount, y);
    doc.y = Math.max(bottom, doc.y);
  }

  doc.moveDown();
  for (const [label, amount] of [
    ['Subtotal', invoice.subtotal],
    ['Tax', invoice.tax],
    ['Total', invoice.total],
  ] as const) {
    const y = doc.y;
    doc
      .font(label === 'Total' ? 'Helvetica-Bold' : 'Helvetica')
      .text(label, columns.unit, y)
      .text(`${amount} ${invoice.currency}`, columns.amount - 30, y);
  }
  doc.font('Helvetica');
  if (invoice.status === 'paid' && invoice.paidAt !== null)
    doc.moveDown().text(`Paid on ${day(invoice.paidAt)}, reference ${invoice.paymentReference}.`, columns.description);
  if (invoice.memo) doc.moveDown().text(invoice.memo, columns.description);
  doc.end();
  return done;
}
