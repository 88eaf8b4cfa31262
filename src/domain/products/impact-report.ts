import type { CatalogueImpact, ProductImpact } from './catalogue-impact';
import { type Cell, drawTable, stampFooters, startPdf, type Table } from '../shared';

/** The impact report's columns, one row a product in the report's order (largest absolute impact first). */
const columns = [
  'sku',
  'description',
  'hts_code',
  'country_of_origin',
  'annual_value',
  'before_rate',
  'before_annual_duty',
  'after_rate',
  'after_annual_duty',
  'annual_impact',
  'status',
  'reason',
];

const textColumns = new Set(['sku', 'description', 'hts_code', 'country_of_origin', 'status', 'reason']);

const reasonOf = (impact: ProductImpact): string | null =>
  [impact.before.reason && `before: ${impact.before.reason}`, impact.after.reason && `after: ${impact.after.reason}`]
    .filter(Boolean)
    .join(' ') || null;

function rowOf(impact: ProductImpact): Cell[] {
  const { product, before, after } = impact;
  return [
    product.sku,
    product.description,
    product.htsCode,
    product.countryOfOrigin,
    impact.annualValue,
    before.ratePercent,
    before.annualDuty,
    after.ratePercent,
    after.annualDuty,
    impact.annualImpact,
    impact.status,
    reasonOf(impact),
  ];
}

/** The report as a table for the shared CSV/XLSX writer (amounts as exact decimal text, unresolved cells empty). */
export function impactTable(impact: CatalogueImpact): Table {
  return {
    name: 'impact',
    columns,
    rows: impact.products.map(rowOf),
    numericTextColumns: new Set(columns.filter((column) => !textColumns.has(column))),
  };
}

/**
 * The report as a PDF (A4, pdfkit): the change priced (dates, rules versions), the totals and every
 * product with its duty before and after; an unresolved product says so and why.
 */
export async function renderImpactReportPdf(impact: CatalogueImpact, createdAt: number): Promise<Buffer> {
  const { doc, done } = await startPdf({
    title: `Tariff impact ${impact.from} to ${impact.to}`,
    createdAt: new Date(createdAt),
  });
  doc.fontSize(16).font('Helvetica-Bold').text('Tariff impact on the product catalogue');
  doc
    .fontSize(9)
    .font('Helvetica')
    .text(
      `Duty priced on ${impact.from} (rules ${impact.rulesVersions.before}) and on ${impact.to} (rules ${impact.rulesVersions.after}), a year of each product's imports.`,
    );
  const { counts } = impact;
  doc.text(
    `${counts.products} products: ${counts.increased} increased, ${counts.decreased} decreased, ${counts.unchanged} unchanged, ${counts.unresolved} unresolved. ` +
      `Annual impact of the priced ones: USD ${impact.resolvedAnnualImpact}` +
      (impact.totalAnnualImpact === null ? ' (the unresolved ones are not in it).' : '.'),
  );
  doc.moveDown(0.5);
  drawTable(
    doc,
    [
      { header: 'SKU', width: 70 },
      { header: 'HTS / origin', width: 85 },
      { header: 'Before', width: 85, align: 'right' },
      { header: 'After', width: 85, align: 'right' },
      { header: 'Annual impact', width: 80, align: 'right' },
      { header: 'Status', width: 90 },
    ],
    impact.products.map((p) => {
      const side = (s: ProductImpact['before']) =>
        s.annualDuty === null ? 'unresolved' : `${s.annualDuty} (${s.ratePercent}%)`;
      const reason = reasonOf(p);
      return {
        cells: [
          p.product.sku,
          `${p.product.htsCode} ${p.product.countryOfOrigin}`,
          side(p.before),
          side(p.after),
          p.annualImpact ?? 'unresolved',
          p.status,
        ],
        ...(reason ? { note: reason } : {}),
      };
    }),
  );
  stampFooters(doc, `Tariff impact ${impact.from} to ${impact.to}, page {page} of {pages}`);
  doc.end();
  return done;
}
