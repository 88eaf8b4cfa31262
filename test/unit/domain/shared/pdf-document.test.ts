import zlib from 'node:zlib';
import { drawTable, startPdf, type Pdf, type PdfColumn } from '../../../../src/domain/shared';

/** The text-placing operators (position and glyphs) of every page's content, in order. */
function textOperators(pdf: Buffer): string[] {
  const text = pdf.toString('latin1');
  const operators: string[] = [];
  for (const match of text.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    const content = zlib.inflateSync(Buffer.from(match[1], 'latin1')).toString('latin1');
    operators.push(...content.split('\n').filter((line) => / (Tm|TJ)$/.test(line)));
  }
  return operators;
}

async function rendered(draw: (doc: Pdf) => void): Promise<Buffer> {
  const { doc, done } = await startPdf({ title: 'table', createdAt: new Date('2026-11-26T00:00:00Z') });
  draw(doc);
  doc.end();
  return done;
}

const columns: PdfColumn[] = [
  { header: 'Line', width: 40 },
  { header: 'Description', width: 120 },
  { header: 'Duty and fees (USD)', width: 70, align: 'right' },
];
const cells = ['7', 'Men’s cotton trousers, woven, not knitted, of denim, for export markets', '1,234.56'];

describe('PDF tables', () => {
  it('places one-line cells exactly where pdfkit’s line wrapper places them, and wraps long cells', async () => {
    const table = await rendered((doc) => drawTable(doc, columns, [{ cells }]));

    // The same texts drawn cell by cell through the wrapper, at the table's row positions: the header
    // in bold, one line high; the row below it.
    const byWrapper = await rendered((doc) => {
      const top = doc.page.margins.top;
      const pad = 3;
      const draw = (texts: string[], y: number) => {
        let x = doc.page.margins.left;
        texts.forEach((text, i) => {
          doc.text(text, x + pad, y + pad, { width: columns[i].width - 2 * pad, align: columns[i].align ?? 'left' });
          x += columns[i].width;
        });
      };
      doc.font('Helvetica-Bold').fontSize(9);
      const headerHeight =
        Math.max(...columns.map((c) => doc.heightOfString(c.header, { width: c.width - 2 * pad }))) + 2 * pad;
      draw(
        columns.map((c) => c.header),
        top,
      );
      doc.font('Helvetica').fontSize(9);
      draw(cells, top + headerHeight);
    });

    const placed = textOperators(table);
    expect(placed).toEqual(textOperators(byWrapper));
    // "Duty and fees (USD)" and the description take more than one line.
    expect(placed.filter((op) => op.endsWith('TJ')).length).toBeGreaterThan(2 * columns.length);
  });

  it('measures the header in the bold font it is drawn in', async () => {
    const pdf = await rendered((doc) => drawTable(doc, [{ header: 'Header', width: 100 }], [{ cells: ['row'] }]));
    const content = zlib
      .inflateSync(Buffer.from(/stream\r?\n([\s\S]*?)\r?\nendstream/.exec(pdf.toString('latin1'))?.[1] ?? '', 'latin1'))
      .toString('latin1');
    const background = /^[\d.]+ [\d.]+ [\d.]+ ([\d.]+) re$/m.exec(content);
    const { doc } = await startPdf({ title: 'measure', createdAt: new Date(0) });
    const boldLine = doc.font('Helvetica-Bold').fontSize(9).currentLineHeight(true);
    expect(Number(background?.[1])).toBeCloseTo(boldLine + 6, 3);
  });
});
