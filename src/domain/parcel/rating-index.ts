import { carrierLabels, type Carrier, type QuoteWarning, type RateType } from './model';
import { percentToBasisPoints } from './money';
import type {
  DeliveryAreaListVersion,
  FuelGroup,
  FuelRate,
  IncludedCharge,
  ParcelReferenceData,
  RateCardVersion,
  SourceRef,
  SurchargeCode,
  SurchargeTableVersion,
  ZoneChartVersion,
  ZoneMatrixVersion,
  ZoneScope,
} from './reference-data';
import { CompiledRangeChart, CompiledZoneMatrix, type CompiledZoneChart } from './compiled-zone-charts';
import { hasZip3Centroid } from './zip-geography';

/**
 * The reference data compiled for rating without touching the database: prices keyed by zone and
 * weight break, zone ranges sorted for binary search, versions sorted by effective date. Built once
 * after each import and swapped in whole, so a quote reads one consistent snapshot.
 */

export interface PriceCell {
  cents: number;
  weight: number;
  weightUnit: 'oz' | 'lb';
}

const ouncesMillisPerPound = 16_000;

/**
 * One zone's prices by weight break (thousandths of an ounce). Whole-pound rows, nearly all of a
 * card, sit in an array indexed by pounds: a quote reads one slot instead of hashing into a map of
 * the card's thousand rows. Sub-pound tiers (USPS ounces, Express's ½ lb) keep a map.
 */
export class PriceColumn {
  private readonly byPound: Array<PriceCell | undefined> = [];
  private readonly otherBreaks = new Map<number, PriceCell>();

  set(key: number, cell: PriceCell): void {
    if (key % ouncesMillisPerPound === 0) this.byPound[key / ouncesMillisPerPound] = cell;
    else this.otherBreaks.set(key, cell);
  }

  get(key: number): PriceCell | undefined {
    return key % ouncesMillisPerPound === 0 ? this.byPound[key / ouncesMillisPerPound] : this.otherBreaks.get(key);
  }
}

export interface CompiledCard {
  id: string;
  service: string;
  rateType: RateType;
  effectiveFrom: string;
  effectiveTo: string | null;
  includes: ReadonlySet<IncludedCharge>;
  source: SourceRef;
  /** zone → the zone's prices by weight break. */
  prices: Map<string, PriceColumn>;
  /** Sub-pound breaks (thousandths of an ounce), ascending: USPS ounce tiers, Express's ½ lb. */
  subPoundBreaks: number[];
  /** What a quote from this card says about the charges its prices include, if any. */
  includedWarning: QuoteWarning | null;
}

/** A weekly fuel percentage with the texts a quote shows for it, written once at load. */
export interface CompiledFuelRate {
  weekStart: string;
  basisPoints: number;
  percent: string;
  lineName: string;
  /** Warnings for a ship date within two weeks of the rate's week, and for a later one. */
  weeklyWarning: QuoteWarning;
  latestWarning: QuoteWarning;
}

export interface ChartZone {
  zone: string;
  chartId: string;
  effectiveFrom: string;
}

/** Rate types in order of preference when two cards start on the same day. */
const rateTypePreference: RateType[] = ['negotiated', 'daily', 'list', 'retail'];

export const ounceMillis = (ounces: number): number => Math.round(ounces * 1000);

const inForce = (from: string, to: string | null, date: string): boolean => from <= date && (to === null || date < to);

export class RatingIndex {
  private readonly cards = new Map<string, CompiledCard[]>();
  private readonly surcharges = new Map<Carrier, SurchargeTableVersion[]>();
  private readonly fuel = new Map<string, CompiledFuelRate[]>();
  private readonly charts = new Map<Carrier, CompiledZoneChart[]>();
  private readonly deliveryAreas = new Map<
    Carrier,
    Array<{ version: DeliveryAreaListVersion; tiers: Map<string, SurchargeCode> }>
  >();
  private readonly chartZip3s = new Set<string>();

  constructor(data: ParcelReferenceData) {
    for (const card of data.rateCards) this.addCard(card);
    for (const list of this.cards.values())
      list.sort((a, b) => b.effectiveFrom.localeCompare(a.effectiveFrom) || rateTypeRank(a) - rateTypeRank(b));
    for (const table of data.surchargeTables) push(this.surcharges, table.carrier, table);
    for (const list of this.surcharges.values()) list.sort((a, b) => b.effectiveFrom.localeCompare(a.effectiveFrom));
    for (const rate of data.fuelRates) this.addFuel(rate);
    for (const chart of data.zoneCharts) this.addChart(chart);
    for (const matrix of data.zoneMatrices) this.addMatrix(matrix);
    for (const list of this.charts.values())
      list.sort((a, b) => b.effectiveFrom.localeCompare(a.effectiveFrom) || Number(b.detailed) - Number(a.detailed));
    for (const list of data.deliveryAreaLists) {
      push(this.deliveryAreas, list.carrier, { version: list, tiers: new Map(list.zips.map((z) => [z.zip5, z.tier])) });
    }
    for (const list of this.deliveryAreas.values())
      list.sort((a, b) => b.version.effectiveFrom.localeCompare(a.version.effectiveFrom));
  }

  /** Cards of a service in force on `date` whose columns include `zone`, best first. */
  cardFor(cardService: string, zone: string, date: string): CompiledCard | null {
    return (
      this.cards.get(cardService)?.find((c) => inForce(c.effectiveFrom, c.effectiveTo, date) && c.prices.has(zone)) ??
      null
    );
  }

  hasCardInForce(cardService: string, date: string): boolean {
    return this.cards.get(cardService)?.some((c) => inForce(c.effectiveFrom, c.effectiveTo, date)) ?? false;
  }

  surchargeTable(carrier: Carrier, date: string): SurchargeTableVersion | null {
    return this.surcharges.get(carrier)?.find((t) => inForce(t.effectiveFrom, t.effectiveTo, date)) ?? null;
  }

  /** The latest weekly fuel percentage starting on or before `date`. */
  fuelRate(carrier: Carrier, group: FuelGroup, date: string): CompiledFuelRate | null {
    return this.fuel.get(`${carrier}|${group}`)?.find((f) => f.weekStart <= date) ?? null;
  }

  /**
   * The chart zone for a lane, from the newest chart for the origin that is in force on `date` (or,
   * for a date before every chart, the oldest: geography changes slowly and a chart beats a mileage
   * estimate); of two charts of one date the one with ZIP5 detail. Scoped ranges are read first,
   * then narrow exceptions before the ranges around them.
   */
  chartZone(
    carrier: Carrier,
    originZip: string,
    destinationZip: string,
    scopes: readonly ZoneScope[],
    date: string,
  ): ChartZone | null {
    const origin = Number(originZip);
    const candidates = (this.charts.get(carrier) ?? []).filter((c) => c.covers(origin));
    if (candidates.length === 0) return null;
    const chart = candidates.find((c) => c.effectiveFrom <= date) ?? candidates[candidates.length - 1];
    const zone = chart.zone(origin, Number(destinationZip), scopes);
    return zone === null ? null : { zone, chartId: chart.id, effectiveFrom: chart.effectiveFrom };
  }

  hasChartForOrigin(carrier: Carrier, originZip: string): boolean {
    const origin = Number(originZip);
    return (this.charts.get(carrier) ?? []).some((c) => c.covers(origin));
  }

  deliveryAreaTier(carrier: Carrier, zip5: string, date: string): SurchargeCode | null {
    const lists = this.deliveryAreas.get(carrier) ?? [];
    if (lists.length === 0) return null;
    const list = lists.find((l) => l.version.effectiveFrom <= date) ?? lists[lists.length - 1];
    return list.tiers.get(zip5) ?? null;
  }

  hasDeliveryAreaList(carrier: Carrier): boolean {
    return (this.deliveryAreas.get(carrier)?.length ?? 0) > 0;
  }

  /** A ZIP3 the Census or a USPS zone chart knows: anything else is not a US ZIP code. */
  isKnownZip3(zip3: string): boolean {
    return hasZip3Centroid(zip3) || this.chartZip3s.has(zip3);
  }

  private addCard(card: RateCardVersion): void {
    const prices = new Map<string, PriceColumn>();
    const subPound = new Set<number>();
    for (const p of card.prices) {
      const key = ounceMillis(p.weightUnit === 'lb' ? p.weight * 16 : p.weight);
      if (key < ouncesMillisPerPound) subPound.add(key);
      let byWeight = prices.get(p.zone);
      if (!byWeight) prices.set(p.zone, (byWeight = new PriceColumn()));
      byWeight.set(key, { cents: p.cents, weight: p.weight, weightUnit: p.weightUnit });
    }
    push(this.cards, card.service, {
      id: card.id,
      service: card.service,
      rateType: card.rateType,
      effectiveFrom: card.effectiveFrom,
      effectiveTo: card.effectiveTo,
      includes: new Set(card.includes),
      source: card.source,
      prices,
      subPoundBreaks: [...subPound].sort((a, b) => a - b),
      includedWarning: includedWarning(card),
    });
  }

  private addFuel(rate: FuelRate): void {
    const key = `${rate.carrier}|${rate.fuelGroup}`;
    const list = this.fuel.get(key) ?? [];
    const carrier = carrierLabels[rate.carrier];
    list.push({
      weekStart: rate.weekStart,
      basisPoints: percentToBasisPoints(rate.percent),
      percent: rate.percent,
      lineName: `Fuel surcharge (${rate.percent} %, week of ${rate.weekStart})`,
      weeklyWarning: {
        code: 'fuel_estimated',
        message: `Fuel surcharge estimated with the ${carrier} rate for the week of ${rate.weekStart}; carriers adjust it weekly.`,
      },
      latestWarning: {
        code: 'fuel_estimated',
        message: `Fuel surcharge estimated with the latest known ${carrier} rate, ${rate.percent} % for the week of ${rate.weekStart}.`,
      },
    });
    list.sort((a, b) => b.weekStart.localeCompare(a.weekStart));
    this.fuel.set(key, list);
  }

  private addChart(version: ZoneChartVersion): void {
    if (version.carrier === 'usps') {
      for (const range of version.ranges)
        for (let p = Number(range.destFrom.slice(0, 3)); p <= Number(range.destTo.slice(0, 3)); p++)
          this.chartZip3s.add(String(p).padStart(3, '0'));
    }
    push(this.charts, version.carrier, new CompiledRangeChart(version));
  }

  private addMatrix(version: ZoneMatrixVersion): void {
    const matrix = new CompiledZoneMatrix(version);
    if (version.carrier === 'usps')
      for (const zip3 of matrix.destinationZip3s()) this.chartZip3s.add(String(zip3).padStart(3, '0'));
    push(this.charts, version.carrier, matrix);
  }
}

function includedWarning(card: RateCardVersion): QuoteWarning | null {
  if (card.includes.length === 0) return null;
  const included = [...new Set(card.includes)].map((c) => c.replace(/_/g, ' ')).join(', ');
  return {
    code: 'charges_included',
    message: `The ${card.source.title} already include ${included}: nothing is added for them.`,
  };
}

function rateTypeRank(card: CompiledCard): number {
  return rateTypePreference.indexOf(card.rateType);
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
