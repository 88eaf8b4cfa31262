import type { CatalogueImpact, PricedSide, ProductImpact } from './catalogue-impact';

const usd = (amount: string | null) => (amount === null ? null : { amount, currency: 'USD' });

const sideView = (side: PricedSide, date: string) => ({
  date,
  status: side.status,
  rate_percent: side.ratePercent,
  annual_duty: usd(side.annualDuty),
  reason: side.reason,
  hts_release: side.htsRelease,
});

/** A product's impact as the API returns it (`GET /api/products/impact` and `tariff.impact` events). */
export function productImpactView(impact: ProductImpact, from: string, to: string) {
  const { product } = impact;
  return {
    product_id: product.id,
    sku: product.sku,
    description: product.description,
    hts_code: product.htsCode,
    country_of_origin: product.countryOfOrigin,
    annual_value: { amount: impact.annualValue, currency: 'USD' },
    before: sideView(impact.before, from),
    after: sideView(impact.after, to),
    annual_impact: usd(impact.annualImpact),
    status: impact.status,
  };
}

/** The impact's totals as the API returns them, beside the products. */
export function impactTotalsView(impact: CatalogueImpact) {
  return {
    from: impact.from,
    to: impact.to,
    rules_versions: impact.rulesVersions,
    counts: impact.counts,
    resolved_annual_impact: { amount: impact.resolvedAnnualImpact, currency: 'USD' },
    total_annual_impact: usd(impact.totalAnnualImpact),
  };
}
