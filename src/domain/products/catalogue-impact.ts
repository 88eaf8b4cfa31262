import Decimal from 'decimal.js';
import type { Product } from './model';
import { annualValueOf } from './product-input';
import { givingWay } from '../shared';
import { type DutyInput, type DutyPricer, lineDutyReasons } from '../tariff';

/** One side of a tariff change: the engine's rules (a pricer) and the date priced. */
export interface ImpactSide {
  pricer: DutyPricer;
  date: string;
}

export interface PricedSide {
  status: 'priced' | 'unresolved';
  /** The engine's effective duty rate, in percent. */
  ratePercent: string | null;
  /** Duty on a year's imports: the duty of one entry times the entries a year (or on the annual value). */
  annualDuty: string | null;
  /** Why the duty is not known (the engine's reason); null when priced. */
  reason: string | null;
  htsRelease: string | null;
}

export interface ProductImpact {
  product: Product;
  annualValue: string;
  before: PricedSide;
  after: PricedSide;
  /** After minus before, a year; null when either side is unresolved (never 0). */
  annualImpact: string | null;
  status: 'increased' | 'decreased' | 'unchanged' | 'unresolved';
}

export interface CatalogueImpact {
  from: string;
  to: string;
  rulesVersions: { before: string; after: string };
  /** By absolute annual impact, largest first; the unresolved after them, by SKU. */
  products: ProductImpact[];
  counts: { products: number; increased: number; decreased: number; unchanged: number; unresolved: number };
  /** The sum over the products priced on both sides. */
  resolvedAnnualImpact: string;
  /** The sum over every product; null while one is unresolved. */
  totalAnnualImpact: string | null;
}

/** One entry of the product as the engine takes it, on the side's date. */
function dutyInput(product: Product, date: string): DutyInput {
  return {
    htsCode: product.htsCode,
    countryCode: product.countryOfOrigin,
    declaredValue: new Decimal(product.entryValue ?? (product.annualValue as string)),
    entryDate: date,
    claims: product.claims.map((c) => ({ ...c, value: c.value === undefined ? undefined : new Decimal(c.value) })),
  };
}

async function priceSide(product: Product, side: ImpactSide): Promise<PricedSide> {
  const outcome = await side.pricer.priceLine(dutyInput(product, side.date));
  if (typeof outcome === 'string')
    return { status: 'unresolved', ratePercent: null, annualDuty: null, reason: outcome, htsRelease: null };
  const { duty, dutyRatePercent } = outcome.totals;
  const htsRelease = outcome.htsRelease.id;
  if (duty === null)
    return {
      status: 'unresolved',
      ratePercent: null,
      annualDuty: null,
      reason: lineDutyReasons(outcome).join(' ') || 'The duty is unresolved.',
      htsRelease,
    };
  return {
    status: 'priced',
    ratePercent: dutyRatePercent,
    annualDuty: new Decimal(duty).times(product.expectedEntries ?? 1).toFixed(2),
    reason: null,
    htsRelease,
  };
}

function statusOf(impact: string | null): ProductImpact['status'] {
  if (impact === null) return 'unresolved';
  const sign = new Decimal(impact).comparedTo(0);
  return sign > 0 ? 'increased' : sign < 0 ? 'decreased' : 'unchanged';
}

/** By absolute impact, largest first, then SKU; the unresolved last (each size computed once, not per comparison). */
function sortedByImpact(impacts: ProductImpact[]): ProductImpact[] {
  const keyed = impacts.map((impact) => ({
    impact,
    size: impact.annualImpact === null ? null : new Decimal(impact.annualImpact).abs(),
  }));
  keyed.sort((a, b) => {
    if (a.size === null || b.size === null) {
      if (a.size !== b.size) return a.size === null ? 1 : -1;
    } else {
      const size = b.size.comparedTo(a.size);
      if (size !== 0) return size;
    }
    return a.impact.product.sku < b.impact.product.sku ? -1 : a.impact.product.sku > b.impact.product.sku ? 1 : 0;
  });
  return keyed.map((k) => k.impact);
}

/** One product priced on both sides of a change, by the duty engine itself. */
export async function productImpact(product: Product, before: ImpactSide, after: ImpactSide): Promise<ProductImpact> {
  const [was, is] = [await priceSide(product, before), await priceSide(product, after)];
  const annualImpact =
    was.annualDuty === null || is.annualDuty === null
      ? null
      : new Decimal(is.annualDuty).minus(was.annualDuty).toFixed(2);
  return {
    product,
    annualValue: annualValueOf(product),
    before: was,
    after: is,
    annualImpact,
    status: statusOf(annualImpact),
  };
}

/**
 * What a tariff change does to a catalogue: each product priced by the duty engine before and after
 * (a new HTS release or a measure dated between the two dates, or another rules version on the same
 * date), its annual duty on each side and the difference. A product the engine cannot price on a side
 * is unresolved with the engine's reason, never a zero. The loop gives other requests turns.
 */
export async function catalogueImpact(
  products: AsyncIterable<Product> | Iterable<Product>,
  before: ImpactSide,
  after: ImpactSide,
): Promise<CatalogueImpact> {
  const giveWay = givingWay();
  const impacts: ProductImpact[] = [];
  for await (const product of products) {
    impacts.push(await productImpact(product, before, after));
    await giveWay();
  }
  const sorted = sortedByImpact(impacts);
  const counts = { products: impacts.length, increased: 0, decreased: 0, unchanged: 0, unresolved: 0 };
  let resolved = new Decimal(0);
  for (const impact of sorted) {
    counts[impact.status] += 1;
    if (impact.annualImpact !== null) resolved = resolved.plus(impact.annualImpact);
  }
  return {
    from: before.date,
    to: after.date,
    rulesVersions: { before: before.pricer.rulesVersion, after: after.pricer.rulesVersion },
    products: sorted,
    counts,
    resolvedAnnualImpact: resolved.toFixed(2),
    totalAnnualImpact: counts.unresolved > 0 ? null : resolved.toFixed(2),
  };
}
