import type { Form7501, Form7501Block } from './form-7501';
import { drawTable, type PdfRow, stampFooters, startPdf } from '../shared';

const blockRows = (blocks: readonly Form7501Block[]): PdfRow[] =>
  blocks.map((b) => ({ cells: [b.block, b.name, b.value ?? '—'] }));

const blockColumns = [
  { header: 'Block', width: 45 },
  { header: 'Field', width: 190 },
  { header: 'Value', width: 260 },
];

/**
 * A printable draft of the entry's Form 7501 fields (A4, pdfkit): the header blocks, each line with
 * its HTS numbers, rates and duty, the totals and the block 39 fee summary. Marked DRAFT on every
 * page: the entry summary itself is filed in ACE. Dated from the pricing, so a version renders the same.
 */
export async function renderForm7501Pdf(form: Form7501, pricedAt: number): Promise<Buffer> {
  const { doc, done } = await startPdf({
    title: `DRAFT CBP Form 7501, entry ${form.entryId}`,
    createdAt: new Date(pricedAt),
  });
  doc.fontSize(16).font('Helvetica-Bold').text('DRAFT ENTRY SUMMARY (CBP Form 7501 fields)');
  doc
    .fontSize(9)
    .font('Helvetica')
    .text(`Entry ${form.entryId}, pricing version ${form.pricingVersion}. Not a filing.`);
  doc.moveDown(0.5);
  drawTable(doc, blockColumns, blockRows(form.header));
  for (const line of form.lines) {
    doc.moveDown(0.5).font('Helvetica-Bold').text(`Line ${line.blocks[0].value}`).font('Helvetica');
    drawTable(doc, blockColumns, blockRows(line.blocks.slice(1)));
    drawTable(
      doc,
      [
        { header: '29A HTSUS No.', width: 120 },
        { header: '33A HTSUS Rate', width: 260 },
        { header: '34 Duty', width: 115, align: 'right' },
      ],
      line.tariffNumbers.map((t) => ({ cells: [t.htsNumber, t.rate, t.duty ?? 'unresolved'] })),
    );
  }
  doc.moveDown(0.5).font('Helvetica-Bold').text('Totals').font('Helvetica');
  drawTable(doc, blockColumns, blockRows(form.totals));
  drawTable(
    doc,
    [
      { header: 'Class', width: 45 },
      { header: 'Other fee summary (block 39)', width: 330 },
      { header: 'Amount', width: 120, align: 'right' },
    ],
    form.otherFees.map((f) => ({ cells: [f.classCode, f.name, f.amount ?? 'unresolved'] })),
  );
  stampFooters(doc, `DRAFT, not filed. Entry ${form.entryId}, page {page} of {pages}`);
  doc.end();
  return done;
}
