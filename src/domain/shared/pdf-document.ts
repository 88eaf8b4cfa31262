/**
 * pdfkit building blocks shared by the PDFs we render (invoices, duty reports): an A4 document
 * collected into a Buffer, tables that continue on the next page with their header repeated, and
 * page footers. Standard fonts only, so the output depends on nothing installed.
 */

export type Pdf = PDFKit.PDFDocument;

export interface PdfInfo {
  title: string;
  /** Fixed from the rendered record, so the same record renders the same document. */
  createdAt: Date;
}

export const pageMargin = 50;

/**
 * A document and the Buffer it becomes once `doc.end()` is called. pdfkit and its fonts load on the
 * first PDF: at start-up they would cost a third of a second of every restart.
 */
export async function startPdf(info: PdfInfo): Promise<{ doc: Pdf; done: Promise<Buffer> }> {
  const { default: PDFDocumentClass } = await import('pdfkit');
  const doc: Pdf = new PDFDocumentClass({
    size: 'A4',
    margin: pageMargin,
    bufferPages: true,
    info: { Title: info.title, Producer: 'Tradelane', CreationDate: info.createdAt },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

export interface PdfColumn {
  header: string;
  width: number;
  align?: 'left' | 'right';
}

export interface PdfRow {
  cells: string[];
  /** A full-width line of small print under the row (sources, reasons). */
  note?: string;
  bold?: boolean;
}

const cellPadding = 3;
const bottomOf = (doc: Pdf) => doc.page.height - doc.page.margins.bottom;

/**
 * How a row is laid out, measured once for the page-break check and the drawing: per cell, the width
 * of its text when it fits on one line (drawn as is), or null when it needs pdfkit's line wrapper.
 */
interface RowLayout {
  height: number;
  cellsHeight: number;
  singleLineWidths: Array<number | null>;
}

/**
 * The text's width when it sits on one line of the cell, else null. A margin keeps away from the
 * edge where the wrapper, measuring word by word, could decide otherwise; surrounding spaces and
 * line breaks go to the wrapper, which trims and breaks them its own way.
 */
function singleLineWidth(doc: Pdf, text: string, innerWidth: number): number | null {
  if (text.includes('\n') || text.trim() !== text) return null;
  const width = doc.widthOfString(text);
  return width <= innerWidth - 1 ? width : null;
}

/** The font a row is drawn in: its header and bold rows in bold. */
const rowFont = (row: PdfRow, header: boolean) => (row.bold || header ? 'Helvetica-Bold' : 'Helvetica');

function layoutRow(doc: Pdf, columns: PdfColumn[], row: PdfRow, width: number, header = false): RowLayout {
  doc.font(rowFont(row, header)).fontSize(9);
  const lineHeight = doc.currentLineHeight(true);
  let cellsHeight = 0;
  const singleLineWidths = row.cells.map((cell, i) => {
    const text = cell || ' ';
    const innerWidth = columns[i].width - 2 * cellPadding;
    const single = singleLineWidth(doc, text, innerWidth);
    cellsHeight = Math.max(cellsHeight, single === null ? doc.heightOfString(text, { width: innerWidth }) : lineHeight);
    return single;
  });
  const note = row.note ? doc.fontSize(7.5).heightOfString(row.note, { width: width - 2 * cellPadding }) + 2 : 0;
  return { height: cellsHeight + note + 2 * cellPadding, cellsHeight, singleLineWidths };
}

function drawRow(
  doc: Pdf,
  columns: PdfColumn[],
  row: PdfRow,
  layout: RowLayout,
  left: number,
  width: number,
  header: boolean,
): void {
  const top = doc.y;
  if (header) doc.rect(left, top, width, layout.height).fill('#eeeeee').fillColor('black');
  doc.font(rowFont(row, header)).fontSize(9);
  let x = left;
  let cellsBottom = top + cellPadding + layout.cellsHeight;
  row.cells.forEach((cell, i) => {
    const { width: columnWidth, align } = columns[i];
    const innerWidth = columnWidth - 2 * cellPadding;
    const single = layout.singleLineWidths[i];
    // Where pdfkit's wrapper would put a one-line text (right-aligned: against the cell's right edge).
    if (single !== null)
      doc.text(cell, x + cellPadding + (align === 'right' ? innerWidth - single : 0), top + cellPadding, {
        lineBreak: false,
      });
    else {
      doc.text(cell, x + cellPadding, top + cellPadding, { width: innerWidth, align: align ?? 'left' });
      cellsBottom = Math.max(cellsBottom, doc.y);
    }
    x += columnWidth;
  });
  if (row.note)
    doc
      .font('Helvetica')
      .fontSize(7.5)
      .fillColor('#555555')
      .text(row.note, left + cellPadding, cellsBottom + 2, { width: width - 2 * cellPadding })
      .fillColor('black');
  doc
    .moveTo(left, top + layout.height)
    .lineTo(left + width, top + layout.height)
    .lineWidth(0.5)
    .strokeColor('#bbbbbb')
    .stroke()
    .strokeColor('black');
  doc.x = left;
  doc.y = top + layout.height;
}

/**
 * A table from the current position, written a row at a time (a long table need not be held in
 * memory); a row that does not fit starts a new page under a repeated header.
 */
export function startTable(doc: Pdf, columns: PdfColumn[]): { row: (row: PdfRow) => void; end: () => void } {
  const left = doc.page.margins.left;
  const width = columns.reduce((sum, c) => sum + c.width, 0);
  const header: PdfRow = { cells: columns.map((c) => c.header) };
  let headerLayout: RowLayout | null = null;
  const drawHeader = () => drawRow(doc, columns, header, headerLayout as RowLayout, left, width, true);
  const start = (first: RowLayout | null) => {
    headerLayout = layoutRow(doc, columns, header, width, true);
    // The header is not left alone at the foot of a page.
    if (doc.y + headerLayout.height + (first?.height ?? 0) > bottomOf(doc)) doc.addPage();
    drawHeader();
  };
  return {
    row: (row) => {
      const layout = layoutRow(doc, columns, row, width);
      if (!headerLayout) start(layout);
      else if (doc.y + layout.height > bottomOf(doc)) {
        doc.addPage();
        drawHeader();
      }
      drawRow(doc, columns, row, layout, left, width, false);
    },
    end: () => {
      if (!headerLayout) start(null);
      doc.moveDown(0.5);
    },
  };
}

export function drawTable(doc: Pdf, columns: PdfColumn[], rows: PdfRow[]): void {
  const table = startTable(doc, columns);
  rows.forEach(table.row);
  table.end();
}

/** A line of small print at the foot of every page, `{page}` and `{pages}` filled in; call before `end()`. */
export function stampFooters(doc: Pdf, text: string): void {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0; // writing below the bottom margin would otherwise start a new page
    doc.font('Helvetica').fontSize(7.5).fillColor('#555555');
    doc.text(
      text.replace('{page}', String(i + 1)).replace('{pages}', String(count)),
      doc.page.margins.left,
      doc.page.height - 35,
      {
        width: doc.page.width - doc.page.margins.left - doc.page.margins.right,
        align: 'center',
        lineBreak: false,
      },
    );
    doc.fillColor('black');
    doc.page.margins.bottom = bottom;
  }
}
